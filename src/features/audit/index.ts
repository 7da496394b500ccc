// The audit feature's public module: what other features may use of it (dependency-cruiser
// forbids reaching past it).
export {
  type AuditActor,
  type AuditWho,
  auditActor,
  systemActor,
  userActor,
  diff,
  recordAudit,
} from './audit.service.js';
export { AUDIT_EXPORT_COLUMNS, auditExportPage, scrubAuditChanges } from './personal-data.js';
