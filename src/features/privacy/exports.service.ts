import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServiceDeps } from '../../platform/deps.js';
import type { DB } from '../../db/database.js';
import type { Principal } from '../../http/principal.js';
import { conflict, forbidden, gone, notFound } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { organizationEntries, userEntries } from './export-content.js';
import { lockRow } from '../../db/row-lock.js';
import { paginate, type PageParams } from '../../http/pagination.js';
import type { Page } from '../../http/envelope.js';
import type { Selectable } from 'kysely';
import type { PrivacyExportsTable } from './exports.table.js';
import {
  claimExport,
  expiredExports,
  exportsOfUser,
  findExport,
  insertExport,
  openExport,
  pendingExports,
  updateExport,
} from './exports.repo.js';
import { toExport, type CreateExportBody } from './exports.schemas.js';
import { ZipFileWriter } from './zip-writer.js';
import { exportReady } from '../notifications/index.js';

export const EXPORT_DAYS = 7;
const DAY = 86_400_000;
/** A `running` export requested longer ago than this was left by a process that died: it no longer holds the queue. */
const STALE_RUNNING_MS = DAY;

const fileOf = (dir: string, id: string) => join(dir, `${id}.zip`);

export async function createExport(ctx: ServiceDeps & { kick: () => void }, p: Principal, body: CreateExportBody) {
  const scope = body.scope ?? 'user';
  if (!p.userId) throw forbidden('Exports are made for a person: use a dashboard session.');
  if (scope === 'organization' && p.orgRole !== 'org_admin')
    throw forbidden('Only an org_admin can export the whole organization; export your own data with scope "user".');
  const now = ctx.clock.now();
  const userId = p.userId;
  const row = await ctx.db.transaction().execute(async (trx) => {
    // One export in the queue per person, organization and scope (docs/decisions.md D58): asking
    // again answers the one already waiting or being written, so repeated requests queue no work.
    await lockRow(trx, 'users', userId);
    const waiting = await openExport(trx, {
      userId,
      organizationId: p.organizationId,
      scope,
      since: new Date(now.getTime() - STALE_RUNNING_MS).toISOString(),
    });
    if (waiting) return waiting;
    const created = {
      id: newId('exp'),
      organization_id: p.organizationId,
      user_id: userId,
      scope,
      status: 'pending' as const,
      size_bytes: null,
      error: null,
      created_at: now.toISOString(),
      completed_at: null,
      expires_at: new Date(now.getTime() + EXPORT_DAYS * DAY).toISOString(),
    };
    await insertExport(trx, created);
    return created;
  });
  ctx.kick();
  return toExport(row);
}

/** Only its requester, in the organization it was made in, sees an export; anyone else gets 404. */
async function ownExport(db: DB, p: Principal, id: string) {
  const row = await findExport(db, id);
  if (!row || row.organization_id !== p.organizationId || row.user_id !== p.userId) throw notFound('Export');
  return row;
}

export async function getExport(ctx: ServiceDeps, p: Principal, id: string) {
  return toExport(await ownExport(ctx.db, p, id));
}

/** The caller's own exports in the current organization, newest first, whatever their status. */
export async function listExports(
  ctx: ServiceDeps,
  p: Principal,
  page: PageParams,
): Promise<Page<ReturnType<typeof toExport>>> {
  if (!p.userId) throw forbidden('Exports are made for a person: use a dashboard session.');
  const res = await paginate(exportsOfUser(ctx.db, p.userId, p.organizationId), page, 'exp');
  return { ...res, items: res.items.map(toExport) };
}

export async function openDownload(ctx: ServiceDeps, p: Principal, id: string) {
  const row = await ownExport(ctx.db, p, id);
  if (row.status === 'expired' || row.expires_at <= ctx.clock.now().toISOString())
    throw gone(`This export expired at ${row.expires_at}; request a new one.`);
  if (row.status !== 'ready') throw conflict(`This export is ${row.status}, not ready for download yet.`);
  const path = fileOf(ctx.config.privacyExports.dir, row.id);
  await stat(path).catch(() => {
    throw gone('The file of this export is no longer there; request a new one.');
  });
  return { stream: createReadStream(path), filename: `qrs-${row.scope}-export-${row.id}.zip`, size: row.size_bytes };
}

/**
 * The one place an export becomes ready, in one transaction: what should follow its completion (a
 * notice to the person who asked) joins that transaction here, so a ready export always has it.
 */
async function markExportReady(ctx: ServiceDeps, row: Selectable<PrivacyExportsTable>, size: number) {
  const done = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await updateExport(trx, row.id, {
      status: 'ready',
      size_bytes: size,
      completed_at: done.toISOString(),
      expires_at: new Date(done.getTime() + EXPORT_DAYS * DAY).toISOString(),
    });
    await exportReady(trx, ctx, { organizationId: row.organization_id, userId: row.user_id, exportId: row.id });
  });
}

/** Writes one export's ZIP; a failure marks it failed and leaves no partial file. */
export async function runExport(ctx: ServiceDeps, id: string): Promise<void> {
  if (!(await claimExport(ctx.db, id))) return;
  const row = (await findExport(ctx.db, id))!;
  const dir = ctx.config.privacyExports.dir;
  await mkdir(dir, { recursive: true });
  const path = fileOf(dir, id);
  const zip = new ZipFileWriter(path);
  try {
    const entries =
      row.scope === 'organization'
        ? organizationEntries(ctx.db, row.organization_id)
        : userEntries(ctx.db, row.user_id);
    for (const entry of entries) await zip.add(entry.name, entry.pieces());
    await zip.close();
    const { size } = await stat(path);
    await markExportReady(ctx, row, size);
  } catch (err) {
    zip.abort();
    await rm(path, { force: true });
    await updateExport(ctx.db, id, { status: 'failed', error: 'the export could not be written; request a new one' });
    throw err;
  }
}

/** Picks up pending exports (oldest first) and deletes expired ones with their files. */
export async function sweepExports(ctx: ServiceDeps, onError: (err: unknown) => void) {
  for (const { id } of await expiredExports(ctx.db, ctx.clock.now().toISOString(), 100)) {
    await rm(fileOf(ctx.config.privacyExports.dir, id), { force: true });
    await updateExport(ctx.db, id, { status: 'expired', size_bytes: null });
  }
  for (;;) {
    const pending = await pendingExports(ctx.db, 10);
    if (!pending.length) return;
    for (const { id } of pending) await runExport(ctx, id).catch(onError);
  }
}
