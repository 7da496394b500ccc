import type { ServiceDeps } from '../../platform/deps.js';
import type { DB } from '../../db/database.js';
import type { Principal } from '../../http/principal.js';
import { newId } from '../../lib/ids.js';
import { lockRow } from '../../db/row-lock.js';
import { forbidden, notFound } from '../../http/errors.js';
import { can } from '../../http/permissions.js';
import { paginate } from '../../http/pagination.js';
import { withActors } from '../../http/actor.js';
import { auditActor, recordAudit } from '../audit/index.js';
import { requireCode } from '../codes/index.js';
import { commentAdded } from '../notifications/index.js';
import { findComment, insertComment, listCommentsQuery, markCommentDeleted } from './comments.repo.js';
import { toComment, type CommentListQuery } from './comments.schemas.js';

type CommentOut = ReturnType<typeof toComment>;

/** Comments with their author in words beside author_id (docs/decisions.md D65). */
function named(deps: ServiceDeps<'actors'>, db: DB, p: Principal, comments: CommentOut[]) {
  return withActors(deps.actors, db, p.organizationId, comments, (c) => c.author_id, 'author');
}

export async function listComments(deps: ServiceDeps<'actors'>, p: Principal, codeId: string, q: CommentListQuery) {
  await requireCode(deps.db, p.workspaceId, codeId);
  const page = await paginate(listCommentsQuery(deps.db, codeId), { limit: q.limit, cursor: q.cursor }, 'cmt');
  return { ...page, items: await named(deps, deps.db, p, page.items.map(toComment)) };
}

export async function addComment(deps: ServiceDeps<'actors'>, p: Principal, codeId: string, body: string) {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const code = await requireCode(trx, p.workspaceId, codeId);
    const row = {
      id: newId('cmt'),
      code_id: codeId,
      workspace_id: p.workspaceId,
      author_type: p.actorType,
      author_id: p.actorId,
      body,
      created_at: now.toISOString(),
      deleted_at: null,
    };
    await insertComment(trx, row);
    const comment = toComment(row);
    await recordAudit(trx, auditActor(p), {
      action: 'comments.created',
      resourceType: 'comments',
      resourceId: row.id,
      after: comment,
      at: now,
    });
    const where = { organizationId: p.organizationId, workspaceId: p.workspaceId };
    await commentAdded(trx, deps, { ...where, actorId: p.userId, code, comment: row });
    return (await named(deps, trx, p, [comment]))[0];
  });
}

/** The author may delete a comment; so may workspace and organization admins (comments.moderate). */
export async function deleteComment(deps: ServiceDeps<'actors'>, p: Principal, codeId: string, commentId: string) {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    await requireCode(trx, p.workspaceId, codeId);
    await lockRow(trx, 'code_comments', commentId);
    const row = await findComment(trx, codeId, commentId);
    if (!row) throw notFound('Comment');
    if (row.author_id !== p.actorId && !can(p.role, 'comments.moderate'))
      throw forbidden('Only the author or an admin may delete this comment.');
    await markCommentDeleted(trx, commentId, now.toISOString());
    const before = toComment(row);
    const after = { ...before, deleted_at: now.toISOString() };
    await recordAudit(trx, auditActor(p), {
      action: 'comments.deleted',
      resourceType: 'comments',
      resourceId: commentId,
      before,
      after,
      at: now,
    });
    return (await named(deps, trx, p, [after]))[0];
  });
}
