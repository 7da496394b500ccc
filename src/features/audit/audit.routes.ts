import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { AuditEntry, AuditListQuery, AuditParams } from './audit.schemas.js';
import { getAuditEntry, listAudit } from './audit.service.js';
import { AuditCountCache } from './audit-count.js';
import { route } from '../../http/route.js';

const tags = ['audit-logs'];

/** Read-only on purpose (docs/decisions.md D6): no route changes or deletes entries; other methods answer 405. */
export default async function auditRoutes(app: App) {
  const { clock } = app.deps;
  const counts = new AuditCountCache();

  app.get(
    '/v1/audit-logs',
    route('audit.read', {
      operationId: 'listAuditLogs',
      tags,
      summary: 'Audit entries of the current workspace, newest first',
      description: 'Filters combine with AND. `total_count` is exact.',
      querystring: AuditListQuery,
      response: { 200: List(AuditEntry) },
    }),
    async (request) =>
      list(request, await listAudit(app.deps, counts, principalOf(request), request.query, clock.now())),
  );

  app.get(
    '/v1/audit-logs/:id',
    route('audit.read', {
      operationId: 'getAuditLog',
      tags,
      summary: 'One audit entry of the current workspace',
      description:
        "One append-only audit entry: actor, action, resource and the changed fields with old and new values (secrets never appear). Another workspace's entry is a 404.",
      params: AuditParams,
      response: { 200: One(AuditEntry) },
    }),
    async (request) => one(request, await getAuditEntry(app.deps, principalOf(request), request.params.id)),
  );
}
