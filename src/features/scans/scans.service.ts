import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { Principal } from '../../http/principal.js';
import { bool } from '../../db/sql.js';
import { invalidField, notFound } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import type { Page } from '../../http/envelope.js';
import { findCode } from '../codes/codes.repo.js';
import type { ScanListQuery, StatsQuery } from './scans.schemas.js';
import { retainedScans } from './scan-counters.js';
import { listScansQuery, scanTotals, scansBy, scansByDay, type Dimension } from './scans.repo.js';

export interface ScansDeps { db: Kysely<Database>; clock: Clock }

async function ownCode(deps: ScansDeps, p: Principal, id: string) {
  const code = await findCode(deps.db, p.workspaceId, id);
  if (!code) throw notFound('Code');
  return code;
}

export async function listScans(deps: ScansDeps, p: Principal, codeId: string, q: ScanListQuery) {
  const code = await ownCode(deps, p, codeId);
  const total = retainedScans(code, q.include_bots);
  const page: Page<Record<string, unknown>> = await paginate(listScansQuery(deps.db, codeId, q.include_bots), { limit: q.limit, cursor: q.cursor }, 'scn', 'id', total);
  return {
    ...page,
    items: page.items.map((r) => ({
      id: r.id as string, code_id: r.code_id as string, scanned_at: r.scanned_at as string,
      country: r.country as string | null, device: r.device as string | null, os: r.os as string | null,
      browser: r.browser as string | null, referrer: r.referrer as string | null, language: r.language as string | null,
      is_bot: bool(r.is_bot as number), destination: r.destination as string | null,
    })),
  };
}

const DAY = 86_400_000;

/** A date-only bound means UTC midnight (from) or the end of that day (to). */
function bound(value: string | undefined, end: boolean): Date | null {
  if (value === undefined) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(Date.parse(`${value}T00:00:00.000Z`) + (end ? DAY : 0));
  return new Date(value);
}

export async function codeStats(deps: ScansDeps, p: Principal, codeId: string, q: StatsQuery) {
  await ownCode(deps, p, codeId);
  // `to` is exclusive; by default it lies just after now, so a scan of this very millisecond counts.
  const to = bound(q.to, true) ?? new Date(deps.clock.now().getTime() + 1);
  const from = bound(q.from, false) ?? new Date(to.getTime() - 30 * DAY);
  if (from.getTime() > to.getTime()) throw invalidField('/query/from', 'from must not be after to', 'range');
  const r = { codeId, from: from.toISOString(), to: to.toISOString(), includeBots: q.include_bots };
  const dims: Dimension[] = ['country', 'device', 'os', 'browser', 'referrer'];
  const [totals, byDay, ...groups] = await Promise.all([scanTotals(deps.db, r), scansByDay(deps.db, r), ...dims.map((d) => scansBy(deps.db, r, d))]);
  return {
    code_id: codeId, from: r.from, to: r.to, include_bots: r.includeBots,
    total_scans: totals.scans, unique_visitors: totals.visitors, by_day: byDay,
    by_country: groups[0], by_device: groups[1], by_os: groups[2], by_browser: groups[3], by_referrer: groups[4],
  };
}
