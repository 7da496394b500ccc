import { workspaceLook } from '../workspaces/index.js';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ServiceDeps } from '../../platform/deps.js';
import type { Selectable } from 'kysely';
import type { Principal } from '../../http/principal.js';
import { AppError, badRequest, invalid, type FieldError } from '../../http/errors.js';
import type { ExportPool } from './export-pool.js';
import { takeExportSlot } from './export-slots.js';
import { assertLayoutFits, type LabelLayout } from '../../qr/label-layout.js';
import type { QrImage } from './qr-image.routes.js';
import { getCode } from '../codes/index.js';
import type { CodesTable, Code } from '../codes/index.js';
import { codeImage } from './code-images.fns.js';
import type { RenderDefaults } from '../../qr/options.js';
import type { Design } from '../../qr/design.js';
import { DEFAULT_LOGO_SCALE } from '../../qr/logo.js';
import type { FrameFont } from '../../qr/frame.js';
import { databaseLogoStore, effectiveStyle } from '../brand/index.js';
import { MAX_EXPORT, type ExportBody } from './code-images.schemas.js';
import {
  countFiltered,
  findFilteredPage,
  findLiveCodeIds,
  findLiveCodes,
  type CodeFilter,
} from './code-images.repo.js';

/** One unit of the caller's rate budget per this many codes, on top of the request itself. */
export const CODES_PER_RATE_UNIT = 50;

/** Seconds a caller is told to wait when its workspace already runs its allowed exports. */
export const EXPORT_BUSY_RETRY_S = 10;

/** Codes are read this many at a time while the sheet is drawn, so memory does not grow with the export. */
export const EXPORT_PAGE = 100;

export const DEFAULT_LAYOUT: LabelLayout = { page: 'A4', columns: 3, rows: 4, caption: true };

/**
 * Adds what a style's logo and frame need to render defaults: the logo file from the workspace's
 * store and the frame in the renderers' terms. `style` is already merged with its brand kit.
 */
export async function withLogoAndFrame(
  deps: ServiceDeps,
  workspaceId: string,
  style: Partial<Code['style']>,
  defaults: RenderDefaults,
): Promise<RenderDefaults> {
  const logo = style.logo_id ? await databaseLogoStore(deps.db).load(workspaceId, style.logo_id) : undefined;
  if (!logo && !style.frame) return defaults;
  const design: Design = { ...(defaults.design ?? {}) };
  if (logo) design.logo = { ...logo, scale: style.logo_size ?? DEFAULT_LOGO_SCALE };
  if (style.frame)
    design.frame = {
      text: style.frame.text,
      color: style.frame.color ?? undefined,
      textColor: style.frame.text_color ?? undefined,
      font: (style.frame.font ?? undefined) as FrameFont | undefined,
    };
  return { ...defaults, design };
}

/** What the image routes draw for one code; 404 for a deleted code or another workspace's. */
export async function imageOfCode(deps: ServiceDeps, p: Principal, id: string): Promise<QrImage> {
  const code = await getCode(deps, p, id);
  const ws = await workspaceLook(deps.db, p.workspaceId);
  const style = await effectiveStyle(deps, p.workspaceId, code.style);
  const image = codeImage({ ...code, style }, ws.primary_color);
  return { ...image, defaults: await withLogoAndFrame(deps, p.workspaceId, style, image.defaults) };
}

export interface PreparedExport {
  /** The codes in print order, read page by page as they are pulled. */
  rows: AsyncIterable<Selectable<CodesTable>>;
  look: Look;
  layout: LabelLayout;
  count: number;
}

async function checkIds(deps: ServiceDeps, p: Principal, ids: string[]): Promise<void> {
  const live = new Set<string>();
  for (let i = 0; i < ids.length; i += EXPORT_PAGE) {
    // better-sqlite3 answers synchronously, so without a turn of the event loop between pages the
    // whole check would run as one task, ahead of every waiting redirect.
    if (i > 0) await nextTurn();
    for (const id of await findLiveCodeIds(deps.db, p.workspaceId, ids.slice(i, i + EXPORT_PAGE))) live.add(id);
  }
  const errors: FieldError[] = [];
  ids.forEach((id, i) => {
    // Same words for "never existed", "deleted" and "another workspace's": existence is not revealed (docs/decisions.md D3).
    if (!live.has(id))
      errors.push({ pointer: `/ids/${i}`, detail: `no code ${id} in this workspace`, code: 'not_found' });
  });
  if (errors.length)
    throw invalid(errors, `${errors.length} of the ids do not name a code of this workspace; nothing was exported.`);
}

type Look = Awaited<ReturnType<typeof workspaceLook>>;

async function* byIds(deps: ServiceDeps, p: Principal, ids: string[]): AsyncGenerator<Selectable<CodesTable>> {
  for (let i = 0; i < ids.length; i += EXPORT_PAGE) {
    if (i > 0) await nextTurn(); // one page per task (see checkIds)
    const chunk = ids.slice(i, i + EXPORT_PAGE);
    const rows = new Map((await findLiveCodes(deps.db, p.workspaceId, [...new Set(chunk)])).map((r) => [r.id, r]));
    // A code deleted since the check is left out rather than failing the sheet.
    for (const id of chunk) {
      const row = rows.get(id);
      if (row) yield row;
    }
  }
}

/** Keyset pages, newest first, from an already loaded first page; at most `max` rows. */
async function* byFilter(
  deps: ServiceDeps,
  p: Principal,
  filter: CodeFilter,
  now: string,
  max: number,
  first: Selectable<CodesTable>[],
): AsyncGenerator<Selectable<CodesTable>> {
  let rows = first;
  let sent = 0;
  for (;;) {
    yield* rows;
    sent += rows.length;
    // Later pages lie below the cursor, so codes created meanwhile (higher ids) never join in.
    if (rows.length < EXPORT_PAGE || sent >= max) return;
    await nextTurn(); // one page per task (see checkIds)
    rows = await findFilteredPage(
      deps.db,
      p.workspaceId,
      filter,
      now,
      rows[rows.length - 1].id,
      Math.min(EXPORT_PAGE, max - sent),
    );
  }
}

/**
 * Checks an export request completely before the first byte is sent (a problem document can
 * only be the whole answer), then hands back a lazy source that reads codes page by page.
 */
export async function prepareExport(deps: ServiceDeps, p: Principal, body: ExportBody): Promise<PreparedExport> {
  const layout: LabelLayout = { ...DEFAULT_LAYOUT, ...body.layout };
  try {
    assertLayoutFits(layout);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    throw invalid([{ pointer: '/layout', detail: `${err.message}; use fewer columns or rows`, code: 'too_small' }]);
  }
  if (body.ids && body.filter) {
    throw invalid([{ pointer: '/filter', detail: 'give either ids or filter, not both', code: 'exclusive' }]);
  }
  if (!body.ids && !body.filter) {
    throw badRequest('ids or filter is required.', [
      { pointer: '/ids', detail: 'ids or filter is required', code: 'required' },
    ]);
  }
  const ws = await workspaceLook(deps.db, p.workspaceId);
  if (body.ids) {
    await checkIds(deps, p, body.ids);
    return { rows: byIds(deps, p, body.ids), look: ws, layout, count: body.ids.length };
  }
  const filter = body.filter as CodeFilter;
  const now = deps.clock.now().toISOString();
  const count = await countFiltered(deps.db, p.workspaceId, filter, now);
  if (count > MAX_EXPORT) {
    const detail = `The filter matches ${count} codes; one export holds at most ${MAX_EXPORT}. Narrow the filter, or export by ids in several requests.`;
    throw invalid([{ pointer: '/filter', detail, code: 'too_many' }], detail);
  }
  if (count === 0)
    throw invalid([
      { pointer: '/filter', detail: 'the filter matches no code; there is nothing to print', code: 'empty' },
    ]);
  // The first page is read now, right after the count, so the sheet matches what was counted.
  const first = await findFilteredPage(deps.db, p.workspaceId, filter, now, undefined, Math.min(EXPORT_PAGE, count));
  return { rows: byFilter(deps, p, filter, now, count, first), look: ws, layout, count };
}

/**
 * Draws a prepared export on the worker pool while holding one of the workspace's export slots
 * (429 when all are taken). The codes are read here, page by page; the rows go to the worker,
 * which turns them into labels and builds the matrices and the PDF.
 */
export async function renderExport(
  deps: ServiceDeps & { exportPool: ExportPool },
  p: Principal,
  prepared: PreparedExport,
): Promise<Uint8Array> {
  const release = await takeExportSlot(deps.db, p.workspaceId, deps.config.exports.perWorkspace, deps.clock.now());
  if (!release) {
    throw new AppError(
      'rate-limited',
      `This workspace already has ${deps.config.exports.perWorkspace} PDF exports in progress; ` +
        `retry when one has finished (in about ${EXPORT_BUSY_RETRY_S} s).`,
      {},
      { 'retry-after': String(EXPORT_BUSY_RETRY_S) },
    );
  }
  try {
    const rows: Array<Selectable<CodesTable>> = [];
    for await (const row of prepared.rows) rows.push(row);
    const look = {
      baseUrl: deps.config.baseUrl,
      customDomain: prepared.look.custom_domain,
      brandColor: prepared.look.primary_color,
      now: deps.clock.now().toISOString(),
    };
    return await deps.exportPool.run({ rows, look, layout: prepared.layout }).catch((err: unknown) => {
      if (deps.exportPool.queueFull) {
        throw new AppError(
          'unavailable',
          'Too many PDF exports are waiting on this instance; retry shortly.',
          {},
          { 'retry-after': String(EXPORT_BUSY_RETRY_S) },
        );
      }
      throw err;
    });
  } finally {
    await release();
  }
}
