import type { DB } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { findCode } from './codes.repo.js';

/** A code's one 404: a deleted code, another workspace's and an unknown id all read alike. */
export const codeNotFound = () => notFound('Code');

/** The live code of the caller's workspace, or {@link codeNotFound}. */
export async function requireCode(db: DB, workspaceId: string, id: string) {
  const code = await findCode(db, workspaceId, id);
  if (!code) throw codeNotFound();
  return code;
}
