// The codes feature's public module: what other features may use of it (dependency-cruiser
// forbids reaching past it).
export {
  type Destination,
  SHORT_CODE_LENGTH,
  checkContent,
  checkUrl,
  pickDestination,
  qrPayload,
  shortUrl,
  toCode,
  toLocation,
  normalizeUrl,
  withHttps,
} from './codes.fns.js';
export { findCode, listCodesQuery, liveCodes } from './codes.repo.js';
export { redirectKeysOfOrganization } from './aliases.repo.js';
export { codeNotFound, requireCode } from './code-lookup.js';
export { type Code, CodeListQuery, CodeParams, Style } from './codes.schemas.js';
export { getCode } from './codes.service.js';
export { inFolderSql } from './folders.repo.js';
export { checkCodeFolder } from './folders.service.js';
export { type CodesTable, type StoredStatus } from './codes.table.js';
export {
  type AppContent,
  type CouponContent,
  type EventContent,
  type LinksContent,
  type MenuContent,
  PAGE_ONLY_TYPES,
  type PdfContent,
  type SocialContent,
  defaultDynamic,
  isPageOnly,
  isPageType,
} from './page-types.js';
export { type RoutingRule, type Utm } from './routing.schemas.js';
export { ANY_SHORT_CODE } from './short-codes.js';
export { codesPageOf } from './organization-export.js';
export { codeTitles, redirectCodeQuery, tagInUse, taggedSql, workspaceCodeIds } from './code-reads.js';
export { addPurgedScans, codeCountersConsumer } from './scan-counters.js';
export { countActiveDynamicCodes } from './active-codes.js';
