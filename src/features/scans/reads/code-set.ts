import { sql, type RawBuilder } from 'kysely';
import { inFolderSql, taggedSql } from '../../codes/index.js';

/**
 * Some codes whose rollups a read sums: a list (one code, or none), or a workspace's codes with a
 * tag or in a folder. A tag is a subquery, not a list of its codes, so a read binds two parameters whatever the
 * tag's size: a list repeated in each part of a union would pass the databases' parameter limits
 * (SQLite 32,766) from a few hundred codes on.
 */
export type CodeSet =
  { ids: string[] } | { workspaceId: string; tag: string } | { workspaceId: string; folderId: string };

/** The condition on `code_id` that picks the set's codes. */
export function inCodeSet(codes: CodeSet): RawBuilder<unknown> {
  if ('folderId' in codes) return inFolderSql(codes.workspaceId, codes.folderId);
  if ('tag' in codes) return taggedSql(codes.workspaceId, codes.tag);
  return sql`code_id in (${sql.join(codes.ids.length ? codes.ids : [''])})`;
}
