import type { Selectable } from 'kysely';
import type { ServiceDeps } from '../../platform/deps.js';
import type { DB } from '../../db/database.js';
import type { Principal } from '../../http/principal.js';
import { newId } from '../../lib/ids.js';
import { conflict, notFound, rejectFields, type FieldError } from '../../http/errors.js';
import { paginate, type PageParams } from '../../http/pagination.js';
import { parseJson } from '../../db/column-values.js';
import { auditActor, recordAudit } from '../audit/index.js';
import type { FoldersTable } from './folders.table.js';
import type { CodeMove, Folder, FolderCreate, FolderListQuery, FolderUpdate } from './folders.schemas.js';
import {
  deleteFolder,
  findFolder,
  folderRow,
  foldersOf,
  hasSubfolders,
  holdsCodes,
  insertFolder,
  updateFolder,
} from './folders.repo.js';
import type { Utm } from './routing.schemas.js';

type Row = Selectable<FoldersTable> & { code_count: number | string | null };

const folderNotFound = () => notFound('Folder');

export function toFolder(row: Row): Folder {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    parent_id: row.parent_id,
    name: row.name,
    kind: row.kind,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    utm: parseJson<Utm | null>(row.utm, null),
    code_count: Number(row.code_count ?? 0),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function requireFolder(db: DB, workspaceId: string, id: string): Promise<Row> {
  const row = await findFolder(db, workspaceId, id);
  if (!row) throw folderNotFound();
  return row;
}

/**
 * A code's folder must be one of its workspace's (another's reads as unknown, as a code's file
 * does). Returns the folder, for the UTM defaults a new code inherits.
 */
export async function checkCodeFolder(db: DB, workspaceId: string, id: string, pointer: string) {
  const row = await folderRow(db, workspaceId, id);
  if (!row) throw rejectFields([{ pointer, detail: `no folder ${id} in this workspace`, code: 'unknown_folder' }]);
  return { id: row.id, parent_id: row.parent_id, utm: parseJson<Utm | null>(row.utm, null) };
}

/** The parent a folder may have: a top-level folder of the workspace, never itself (one level of nesting). */
async function checkParent(db: DB, workspaceId: string, parentId: string, self?: string): Promise<FieldError[]> {
  if (parentId === self) return [{ pointer: '/parent_id', detail: 'a folder cannot sit in itself', code: 'nesting' }];
  const parent = await folderRow(db, workspaceId, parentId);
  if (!parent)
    return [{ pointer: '/parent_id', detail: `no folder ${parentId} in this workspace`, code: 'unknown_folder' }];
  if (parent.parent_id !== null)
    return [
      {
        pointer: '/parent_id',
        detail: 'folders nest one level: the parent must be a top-level folder',
        code: 'nesting',
      },
    ];
  return [];
}

function checkDates(starts: string | null | undefined, ends: string | null | undefined): FieldError[] {
  return starts && ends && ends < starts
    ? [{ pointer: '/ends_on', detail: 'ends_on must not be before starts_on', code: 'range' }]
    : [];
}

const audit = (
  trx: DB,
  p: Principal,
  action: string,
  id: string,
  before: Folder | null,
  after: Folder | null,
  at: Date,
) => recordAudit(trx, auditActor(p), { action, resourceType: 'folders', resourceId: id, before, after, at });

export async function createFolder(deps: ServiceDeps, p: Principal, input: FolderCreate): Promise<Folder> {
  const now = deps.clock.now();
  const errors = checkDates(input.starts_on, input.ends_on);
  if (input.parent_id) errors.push(...(await checkParent(deps.db, p.workspaceId, input.parent_id)));
  if (errors.length) throw rejectFields(errors);
  const id = newId('fld');
  return deps.db.transaction().execute(async (trx) => {
    await insertFolder(trx, {
      id,
      workspace_id: p.workspaceId,
      parent_id: input.parent_id ?? null,
      name: input.name.trim(),
      kind: input.kind ?? 'folder',
      starts_on: input.starts_on ?? null,
      ends_on: input.ends_on ?? null,
      utm: input.utm ? JSON.stringify(input.utm) : null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    const folder = toFolder(await requireFolder(trx, p.workspaceId, id));
    await audit(trx, p, 'folders.created', id, null, folder, now);
    return folder;
  });
}

export async function listFolders(deps: ServiceDeps, p: Principal, q: FolderListQuery) {
  let base = foldersOf(deps.db, p.workspaceId);
  if (q.parent_id === 'none') base = base.where('folders.parent_id', 'is', null);
  else if (q.parent_id !== undefined) base = base.where('folders.parent_id', '=', q.parent_id);
  const page = await paginate(base, { limit: q.limit, cursor: q.cursor } as PageParams, 'fld', 'folders.id');
  return { ...page, items: page.items.map((r) => toFolder(r as Row)) };
}

export async function getFolder(deps: ServiceDeps, p: Principal, id: string): Promise<Folder> {
  return toFolder(await requireFolder(deps.db, p.workspaceId, id));
}

export async function changeFolder(deps: ServiceDeps, p: Principal, id: string, body: FolderUpdate): Promise<Folder> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const row = await requireFolder(trx, p.workspaceId, id);
    const errors = checkDates(
      body.starts_on !== undefined ? body.starts_on : row.starts_on,
      body.ends_on !== undefined ? body.ends_on : row.ends_on,
    );
    if (body.parent_id) {
      errors.push(...(await checkParent(trx, p.workspaceId, body.parent_id, id)));
      if (await hasSubfolders(trx, p.workspaceId, id))
        errors.push({
          pointer: '/parent_id',
          detail: 'a folder with subfolders stays at the top level',
          code: 'nesting',
        });
    }
    if (errors.length) throw rejectFields(errors);
    const values: Partial<FoldersTable> = {};
    if (body.name !== undefined) values.name = body.name.trim();
    if (body.parent_id !== undefined) values.parent_id = body.parent_id;
    if (body.kind !== undefined) values.kind = body.kind;
    if (body.starts_on !== undefined) values.starts_on = body.starts_on;
    if (body.ends_on !== undefined) values.ends_on = body.ends_on;
    if (body.utm !== undefined) values.utm = body.utm ? JSON.stringify(body.utm) : null;
    const before = toFolder(row);
    // A PATCH that changes nothing is not a change: no write, no audit entry (as for codes).
    if (Object.entries(values).every(([k, v]) => row[k as keyof FoldersTable] === v)) return before;
    await updateFolder(trx, id, { ...values, updated_at: now.toISOString() });
    const after = toFolder(await requireFolder(trx, p.workspaceId, id));
    await audit(trx, p, 'folders.updated', id, before, after, now);
    return after;
  });
}

/** Deletes an empty folder: one that holds live codes or subfolders is a 409, and nothing changes. */
export async function removeFolder(deps: ServiceDeps, p: Principal, id: string): Promise<Folder> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const row = await requireFolder(trx, p.workspaceId, id);
    if ((await holdsCodes(trx, p.workspaceId, id)) || (await hasSubfolders(trx, p.workspaceId, id)))
      throw conflict('The folder is not empty: move its codes and subfolders out first.');
    await deleteFolder(trx, id);
    const before = toFolder(row);
    await audit(trx, p, 'folders.deleted', id, before, null, now);
    return before;
  });
}

/** What a move checks before any code changes: the folder, then every code, so a bad item changes nothing. */
export async function checkMove(db: DB, p: Principal, body: CodeMove, codeExists: (id: string) => Promise<boolean>) {
  if (body.folder_id !== null) await checkCodeFolder(db, p.workspaceId, body.folder_id, '/folder_id');
  const errors: FieldError[] = [];
  for (const [i, id] of body.code_ids.entries())
    if (!(await codeExists(id)))
      errors.push({ pointer: `/code_ids/${i}`, detail: `no code ${id} in this workspace`, code: 'unknown_code' });
  if (errors.length) throw rejectFields(errors);
}
