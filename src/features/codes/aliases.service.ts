import type { DB } from '../../db/database.js';
import type { Principal } from '../../http/principal.js';
import { notFound, rejectFields, type FieldError } from '../../http/errors.js';
import { paginate, type PageParams } from '../../http/pagination.js';
import type { Page } from '../../http/envelope.js';
import { auditActor, recordAudit } from '../audit/index.js';
import type { ServiceDeps } from '../../platform/deps.js';
import type { CodeHooks } from './codes.service.js';
import { findCode } from './codes.repo.js';
import { requireCode } from './code-lookup.js';
import { aliasesQuery, deleteAliasByShortCode, findAlias, insertAlias, shortCodeInUse } from './aliases.repo.js';
import { claimShortCode, releaseShortCode } from './short-code-keys.repo.js';

export const taken = (pointer: string, code: string): FieldError => ({
  pointer,
  detail: `the short code ${code} is already in use`,
  code: 'taken',
});

/**
 * Gives a code a new short code and keeps the old one as an alias, so printed codes keep working
 * (docs/decisions.md D19). Taking back one of the code's own aliases swaps the two.
 */
export async function renameShortCode(
  trx: DB,
  row: { id: string; workspace_id: string; short_code: string | null },
  next: string,
  at: string,
): Promise<string> {
  // Taken in any case by another code is taken; the code's own names it may take back
  // (docs/decisions.md D59).
  if (!(await claimShortCode(trx, next, row.id))) throw rejectFields([taken('/short_code', next)]);
  const alias = await findAlias(trx, next);
  if ((alias && alias.code_id !== row.id) || (!alias && (await shortCodeInUse(trx, next))))
    throw rejectFields([taken('/short_code', next)]);
  if (alias) await deleteAliasByShortCode(trx, next);
  if (row.short_code)
    await insertAlias(trx, { shortCode: row.short_code, codeId: row.id, workspaceId: row.workspace_id, at });
  return next;
}

export interface CodeAlias {
  id: string;
  short_code: string;
  created_at: string;
}

export async function listAliases(
  deps: ServiceDeps,
  p: Principal,
  codeId: string,
  page: PageParams,
): Promise<Page<CodeAlias>> {
  await requireCode(deps.db, p.workspaceId, codeId);
  return paginate(aliasesQuery(deps.db, codeId), page, 'qra', 'code_aliases.id');
}

/** Stops an old short code from redirecting; audited on the code. */
export async function deleteAlias(
  deps: ServiceDeps & CodeHooks,
  p: Principal,
  codeId: string,
  shortCode: string,
): Promise<CodeAlias> {
  const now = deps.clock.now();
  const gone = await deps.db.transaction().execute(async (trx) => {
    const code = await findCode(trx, p.workspaceId, codeId);
    const alias = code ? await findAlias(trx, shortCode) : undefined;
    if (!alias || alias.code_id !== codeId) throw notFound('Alias');
    await deleteAliasByShortCode(trx, shortCode);
    await releaseShortCode(trx, shortCode, codeId);
    await recordAudit(trx, auditActor(p), {
      action: 'codes.alias_deleted',
      resourceType: 'codes',
      resourceId: codeId,
      before: { alias: shortCode },
      after: { alias: null },
      at: now,
    });
    return { id: alias.id, short_code: alias.short_code, created_at: alias.created_at };
  });
  deps.invalidate?.([shortCode]);
  return gone;
}
