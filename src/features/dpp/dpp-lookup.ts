import type { DB } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { findPassport } from './dpp.repo.js';
import { findModel } from './models.repo.js';

/** A passport of the caller's workspace, or the passport's one 404 (another workspace's reads as absent). */
export async function requirePassport(db: DB, workspaceId: string, id: string) {
  const row = await findPassport(db, workspaceId, id);
  if (!row) throw notFound('Passport');
  return row;
}

/** A model passport of the caller's workspace, or the model's one 404. */
export async function requireModel(db: DB, workspaceId: string, id: string) {
  const row = await findModel(db, workspaceId, id);
  if (!row) throw notFound('Model passport');
  return row;
}
