import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { CodeParams } from '../codes/index.js';
import { Comment, CommentCreate, CommentListQuery, CommentParams } from './comments.schemas.js';
import { addComment, deleteComment, listComments } from './comments.service.js';
import { route } from '../../http/route.js';

const tags = ['comments'];

export default async function commentsRoutes(app: App) {
  const deps = app.deps;

  app.get(
    '/v1/codes/:id/comments',
    route('comments.read', {
      operationId: 'listCodeComments',
      tags,
      summary: 'Comments on a code, newest first',
      description: 'Cursor-paginated comments on one code of the workspace, newest first.',
      params: CodeParams,
      querystring: CommentListQuery,
      response: { 200: List(Comment) },
    }),
    async (request) => list(request, await listComments(deps, principalOf(request), request.params.id, request.query)),
  );

  app.post(
    '/v1/codes/:id/comments',
    route('comments.write', {
      operationId: 'createCodeComment',
      tags,
      summary: 'Comment on a code',
      description:
        'Adds a comment (plain text, at most 5,000 characters) to a code, as the calling user or key. Audited.',
      params: CodeParams,
      body: CommentCreate,
      response: { 201: One(Comment) },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send(one(request, await addComment(deps, principalOf(request), request.params.id, request.body.body))),
  );

  app.delete(
    '/v1/codes/:id/comments/:comment_id',
    route('comments.write', {
      operationId: 'deleteCodeComment',
      tags,
      summary: 'Delete a comment (author or admin)',
      description:
        'Deletes a comment (soft: it leaves the list). Its author may delete it, and so may a workspace or organization admin; anyone else gets 403.',
      params: CommentParams,
      response: { 200: One(Comment) },
    }),
    async (request) =>
      one(request, await deleteComment(deps, principalOf(request), request.params.id, request.params.comment_id)),
  );
}
