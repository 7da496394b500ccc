import type { DB } from '../../../db/database.js';
import type { ServiceDeps } from '../../../platform/deps.js';
import type { Principal } from '../../../http/principal.js';
import { invalidField } from '../../../http/errors.js';
import { parseJson } from '../../../db/column-values.js';
import { checkCodeFolder, codeNotFound, codeTitles, liveCodes, requireCode, tagInUse } from '../../codes/index.js';
import { joinWorkspace, workspaceTimezone } from '../../workspaces/index.js';
import { DAY, QUARTER } from '../rollups/buckets.js';
import { DIMENSION_NAMES } from '../rollups/dimensions.js';
import { calendar, isZone, localParts, startOfDay, type Interval } from './zones.js';
import { topValues, totalsOf, type Scope } from './rollups.repo.js';
import type { AnalyticsQuery } from './analytics.schemas.js';
import { inCodeSet } from './code-set.js';
import { conversionTotals } from '../../conversions/index.js';

/** Longest range of every analytics read (GET /v1/analytics, a code's stats): two years and a leap day. */
export const MAX_DAYS = 731;

function checkZone(tz: string | undefined) {
  if (tz !== undefined && !isZone(tz))
    throw invalidField('/query/tz', 'tz must be an IANA time zone name, such as Europe/Berlin', 'time_zone');
}

/** `tz`, else the workspace's `timezone` setting when Intl knows it, else UTC. */
const zoneOf = (tz: string | undefined, setting: string | null | undefined) =>
  tz ?? (setting && isZone(setting) ? setting : 'UTC');

/** The caller's zone: `tz`, else the workspace's `timezone` setting, else UTC; an unknown name is a 422. */
export async function zoneFor(db: DB, workspaceId: string, tz: string | undefined): Promise<string> {
  checkZone(tz);
  if (tz !== undefined) return tz;
  return zoneOf(tz, await workspaceTimezone(db, workspaceId));
}

/**
 * A code's stats zone, or a 404 when the workspace has no such code: one statement, since each
 * round trip of a stats call waits its turn on a busy database (docs/benchmarks.md).
 */
export async function zoneOfCode(db: DB, workspaceId: string, codeId: string, tz: string | undefined): Promise<string> {
  checkZone(tz);
  const row = await joinWorkspace(liveCodes(db, workspaceId), 'codes.workspace_id')
    .select('workspaces.timezone')
    .where('codes.id', '=', codeId)
    .executeTakeFirst();
  if (!row) throw codeNotFound();
  return zoneOf(tz, row.timezone);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An instant of the query: a date means that day's local midnight in `tz` (for `to`, the end of
 * that day); a date-time is widened to whole 15-minute UTC steps (from down, to up), the grain
 * of the rollups.
 */
export function instant(value: string, tz: string, end: boolean): number {
  if (DATE.test(value)) {
    const [y, m, d] = value.split('-').map(Number);
    const day = Date.UTC(y, m - 1, d) + (end ? DAY : 0);
    const u = new Date(day);
    return startOfDay(u.getUTCFullYear(), u.getUTCMonth() + 1, u.getUTCDate(), tz);
  }
  const ms = Date.parse(value);
  return end ? Math.ceil(ms / QUARTER) * QUARTER : Math.floor(ms / QUARTER) * QUARTER;
}

/** [from, to) of an analytics query; defaults: to = now, from = 30 days before to; at most MAX_DAYS long. */
export function rangeOf(
  q: { from?: string; to?: string },
  tz: string,
  nowMs: number,
  defaultDays: number,
): [number, number] {
  const to = q.to !== undefined ? instant(q.to, tz, true) : Math.ceil((nowMs + 1) / QUARTER) * QUARTER;
  let from: number;
  if (q.from !== undefined) from = instant(q.from, tz, false);
  else {
    const p = localParts(to - 1, tz);
    from = startOfDay(p.y, p.m, p.d - (defaultDays - 1), tz);
  }
  // A date `to` means the end of that day, so from=2026-04-02&to=2026-04-01 is an empty range: refused too.
  const datesReversed =
    q.from !== undefined && q.to !== undefined && DATE.test(q.from) && DATE.test(q.to) && q.from > q.to;
  if (from > to || datesReversed) throw invalidField('/query/from', 'from must not be after to', 'range');
  // Refused before any bucket is built: a range of centuries is a calendar of 10^5 days, seconds of
  // the event loop and (on SQLite) more parameters than a statement takes (docs/decisions.md, D15).
  if (to - from > MAX_DAYS * DAY) {
    const pointer = q.to !== undefined ? '/query/to' : '/query/from';
    throw invalidField(pointer, `the range may span at most ${MAX_DAYS} days (2 years)`, 'range');
  }
  return [from, to];
}

async function scopeOf(deps: ServiceDeps, p: Principal, q: AnalyticsQuery): Promise<Scope> {
  if (q.folder_id !== undefined) {
    if (q.tag !== undefined)
      throw invalidField('/query/folder_id', 'filter by a tag or by a folder, not both', 'filters');
    const folder = await checkCodeFolder(deps.db, p.workspaceId, q.folder_id, '/query/folder_id');
    if (q.code_id === undefined) return { codes: { workspaceId: p.workspaceId, folderId: folder.id } };
  }
  if (q.code_id !== undefined) {
    const code = await requireCode(deps.db, p.workspaceId, q.code_id);
    const tagged = q.tag === undefined || parseJson<string[]>(code.tags, []).includes(q.tag);
    const filed = q.folder_id === undefined || (await inFolder(deps, p, code.folder_id, q.folder_id));
    return { codes: { ids: tagged && filed ? [q.code_id] : [] } };
  }
  if (q.tag !== undefined) {
    if (!(await tagInUse(deps.db, p.workspaceId, q.tag)))
      throw invalidField('/query/tag', 'no code of this workspace has this tag', 'unknown_tag');
    return { codes: { workspaceId: p.workspaceId, tag: q.tag } };
  }
  return { workspaceId: p.workspaceId };
}

/** A code's folder is the one asked for, or a subfolder of it. */
async function inFolder(deps: ServiceDeps, p: Principal, folderId: string | null, asked: string) {
  if (folderId === null) return false;
  if (folderId === asked) return true;
  return (await checkCodeFolder(deps.db, p.workspaceId, folderId, '/query/folder_id')).parent_id === asked;
}

/** GET /v1/analytics: the workspace's (or some codes') scans over a range, from rollups only. */
export async function workspaceAnalytics(deps: ServiceDeps, p: Principal, q: AnalyticsQuery) {
  const tz = await zoneFor(deps.db, p.workspaceId, q.tz);
  const [from, to] = rangeOf(q, tz, deps.clock.now().getTime(), 30);
  const dimensions = parseDimensions(q.dimensions);
  const scope = await scopeOf(deps, p, q);
  const interval: Interval = q.interval ?? 'day';
  const bots = q.include_bots ?? false;
  const buckets = calendar(from, to, tz, interval);
  const [series, top] = await Promise.all([
    totalsOf(
      deps.db,
      scope,
      buckets.map((b): [number, number] => [b.start, b.end]),
      bots,
    ),
    topValues(deps.db, scope, from, to, ['code', ...dimensions], bots, q.limit ?? 10),
  ]);
  // The buckets partition the range, and every counter (visitor-days too) adds up.
  const totals = sumOf(series);
  const perBucket = series;
  const conversions = await conversionTotals(deps, p.workspaceId, 'codes' in scope ? inCodeSet(scope.codes) : null, {
    from,
    to,
    scans: totals.scans,
  });
  const topCodes = top.get('code')!;
  const titles = await codeTitles(
    deps.db,
    p.workspaceId,
    topCodes.map((b) => b.key ?? ''),
  );
  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    tz,
    interval,
    include_bots: bots,
    code_id: q.code_id ?? null,
    tag: q.tag ?? null,
    folder_id: q.folder_id ?? null,
    totals: { scans: totals.scans, unique_visitors: totals.visitors },
    by_day: buckets.map((b, i) => ({
      date: b.date,
      scans: perBucket[i].scans,
      unique_visitors: perBucket[i].visitors,
    })),
    top_codes: topCodes.map((b) => ({ code_id: b.key ?? '', title: titles.get(b.key ?? '') ?? null, scans: b.scans })),
    dimensions: Object.fromEntries(dimensions.map((d) => [d, top.get(d)!])),
    conversions,
  };
}

export const sumOf = (list: Array<{ scans: number; visitors: number }>) =>
  list.reduce((a, b) => ({ scans: a.scans + b.scans, visitors: a.visitors + b.visitors }), { scans: 0, visitors: 0 });

function parseDimensions(list: string | undefined): string[] {
  if (list === undefined) return DIMENSION_NAMES;
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.find((n) => !(DIMENSION_NAMES as string[]).includes(n));
  if (unknown !== undefined || !names.length) {
    throw invalidField(
      '/query/dimensions',
      `dimensions is a comma-separated list of ${DIMENSION_NAMES.join(', ')}`,
      'dimension',
    );
  }
  return [...new Set(names)];
}
