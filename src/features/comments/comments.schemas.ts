import { Type, type Static } from 'typebox';
import { PageQuery } from '../../http/pagination.js';
import { Actor } from '../../http/actor.js';
import type { Selectable } from 'kysely';
import type { CodeCommentsTable } from './comments.table.js';

export const Comment = Type.Object(
  {
    id: Type.String({ examples: ['cmt_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    code_id: Type.String(),
    author_type: Type.String({ enum: ['api', 'user'] }),
    author_id: Type.String({ description: 'usr_… or key_…' }),
    author: Type.Union([Actor, Type.Null()], {
      description: "Who author_id is, in words: the user's name and address or the key's name.",
    }),
    body: Type.String(),
    created_at: Type.String(),
    deleted_at: Type.Union([Type.String(), Type.Null()]),
  },
  { title: 'Comment' },
);

export const CommentCreate = Type.Object(
  { body: Type.String({ minLength: 1, maxLength: 5000 }) },
  { additionalProperties: false },
);
export const CommentListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export type CommentListQuery = Static<typeof CommentListQuery>;
export const CommentParams = Type.Object({
  id: Type.String({ maxLength: 100 }),
  comment_id: Type.String({ maxLength: 100 }),
});

export function toComment(row: Selectable<CodeCommentsTable>) {
  return {
    id: row.id,
    code_id: row.code_id,
    author_type: row.author_type,
    author_id: row.author_id,
    body: row.body,
    created_at: row.created_at,
    deleted_at: row.deleted_at,
  };
}
