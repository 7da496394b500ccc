import type { DB } from '../../db/database.js';
import { newId } from '../../lib/ids.js';

/** The code an alias points at, if that short code is an alias. */
export function findAlias(db: DB, shortCode: string) {
  return db.selectFrom('code_aliases').selectAll().where('short_code', '=', shortCode).executeTakeFirst();
}

/** Whether a code (live or deleted) answers to this short code as its current one. */
export async function shortCodeInUse(db: DB, shortCode: string): Promise<boolean> {
  const row = await db.selectFrom('codes').select('id').where('short_code', '=', shortCode).executeTakeFirst();
  return row !== undefined;
}

export function insertAlias(db: DB, values: { shortCode: string; codeId: string; workspaceId: string; at: string }) {
  return db
    .insertInto('code_aliases')
    .values({
      id: newId('qra'),
      short_code: values.shortCode,
      code_id: values.codeId,
      workspace_id: values.workspaceId,
      created_at: values.at,
    })
    .execute();
}

export function deleteAliasByShortCode(db: DB, shortCode: string) {
  return db.deleteFrom('code_aliases').where('short_code', '=', shortCode).execute();
}

export async function aliasesOf(db: DB, codeId: string): Promise<string[]> {
  const rows = await db.selectFrom('code_aliases').select('short_code').where('code_id', '=', codeId).execute();
  return rows.map((r) => r.short_code);
}

/** A code's aliases, for the cursor-paginated list (newest first by id). */
export const aliasesQuery = (db: DB, codeId: string) =>
  db.selectFrom('code_aliases').where('code_id', '=', codeId).select(['id', 'short_code', 'created_at']);

/**
 * Every key under which an organization's codes sit in the redirect cache: current short codes and
 * aliases. Whoever changes how they all answer (the operator's suspension, docs/decisions.md D74)
 * invalidates these.
 */
export async function redirectKeysOfOrganization(db: DB, organizationId: string): Promise<string[]> {
  const codes = await db
    .selectFrom('codes')
    .select('short_code')
    .where('organization_id', '=', organizationId)
    .where('short_code', 'is not', null)
    .execute();
  const aliases = await db
    .selectFrom('code_aliases')
    .innerJoin('codes', 'codes.id', 'code_aliases.code_id')
    .select('code_aliases.short_code')
    .where('codes.organization_id', '=', organizationId)
    .execute();
  return [...codes.map((c) => c.short_code!), ...aliases.map((a) => a.short_code)];
}
