import type { DB } from '../../db/database.js';
import { pageAfter } from '../../db/keyset-page.js';

// What comments holds of a person, for privacy's erasure and export (docs/privacy.md).

/** Comments keep their text; the author becomes `erasedAuthor`, no longer anyone. */
export function disownComments(trx: DB, userId: string, erasedAuthor: string) {
  return trx
    .updateTable('code_comments')
    .set({ author_id: erasedAuthor })
    .where('author_type', '=', 'user')
    .where('author_id', '=', userId)
    .execute();
}

/** The columns of a user's export's comments. */
export const AUTHOR_COMMENT_COLUMNS = ['id', 'workspace_id', 'code_id', 'body', 'created_at', 'deleted_at'] as const;

/** One keyset page (by id) of the comments a user wrote. */
export function commentsByAuthorPage(db: DB, userId: string, after: string | null, limit: number) {
  return pageAfter(
    db
      .selectFrom('code_comments')
      .select([...AUTHOR_COMMENT_COLUMNS])
      .where('author_type', '=', 'user')
      .where('author_id', '=', userId),
    after,
    limit,
  );
}

/** The columns of an organization's export's comments. */
export const CODE_COMMENT_COLUMNS = [
  'id',
  'workspace_id',
  'code_id',
  'author_type',
  'author_id',
  'body',
  'created_at',
  'deleted_at',
] as const;

/** Every comment on a code, deleted ones too, oldest id first. */
export function commentsOfCode(db: DB, codeId: string) {
  return db
    .selectFrom('code_comments')
    .select([...CODE_COMMENT_COLUMNS])
    .where('code_id', '=', codeId)
    .orderBy('id')
    .execute();
}
