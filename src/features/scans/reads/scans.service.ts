import type { Principal } from '../../../http/principal.js';
import type { ServiceDeps } from '../../../platform/deps.js';
import { bool } from '../../../db/column-values.js';
import { paginate } from '../../../http/pagination.js';
import type { Page } from '../../../http/envelope.js';
import { requireCode } from '../../codes/index.js';
import { calendar } from './zones.js';
import { rangeOf, sumOf, zoneOfCode } from './analytics.service.js';
import { topValues, totalsOf } from './rollups.repo.js';
import type { ScanListQuery, StatsQuery } from './scans.schemas.js';
import { listScansQuery } from './scans.repo.js';
import { retainedScans } from './scan-counters.js';
import { inCodeSet } from './code-set.js';
import { conversionTotals } from '../../conversions/index.js';

export async function listScans(deps: ServiceDeps, p: Principal, codeId: string, q: ScanListQuery) {
  const code = await requireCode(deps.db, p.workspaceId, codeId);
  const total = retainedScans(code, q.include_bots);
  const page: Page<Record<string, unknown>> = await paginate(
    listScansQuery(deps.db, codeId, q.include_bots),
    { limit: q.limit, cursor: q.cursor },
    'scn',
    'id',
    total,
  );
  return {
    ...page,
    items: page.items.map((r) => ({
      id: r.id as string,
      code_id: r.code_id as string,
      scanned_at: r.scanned_at as string,
      country: r.country as string | null,
      region: r.region as string | null,
      city: r.city as string | null,
      device: r.device as string | null,
      os: r.os as string | null,
      browser: r.browser as string | null,
      referrer: r.referrer as string | null,
      language: r.language as string | null,
      is_bot: bool(r.is_bot as number),
      destination: r.destination as string | null,
    })),
  };
}

const DIMENSIONS = ['country', 'region', 'city', 'device', 'os', 'browser', 'referrer'] as const;

/** A code's stats, from its rollups only (docs/analytics.md). */
export async function codeStats(deps: ServiceDeps, p: Principal, codeId: string, q: StatsQuery) {
  const tz = await zoneOfCode(deps.db, p.workspaceId, codeId, q.tz);
  const [from, to] = rangeOf(q, tz, deps.clock.now().getTime(), 30);
  const scope = { codes: { ids: [codeId] } };
  const days = calendar(from, to, tz, 'day');
  const [series, top] = await Promise.all([
    totalsOf(
      deps.db,
      scope,
      days.map((d): [number, number] => [d.start, d.end]),
      q.include_bots,
    ),
    topValues(deps.db, scope, from, to, [...DIMENSIONS], q.include_bots, 50),
  ]);
  const totals = sumOf(series);
  const perDay = series;
  const conversions = await conversionTotals(deps, p.workspaceId, inCodeSet(scope.codes), {
    from,
    to,
    scans: totals.scans,
  });
  return {
    code_id: codeId,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    include_bots: q.include_bots,
    total_scans: totals.scans,
    unique_visitors: totals.visitors,
    by_day: days
      .map((d, i) => ({ date: d.date, scans: perDay[i].scans, unique_visitors: perDay[i].visitors }))
      .filter((d) => d.scans > 0),
    by_country: top.get('country')!,
    by_region: top.get('region')!,
    by_city: top.get('city')!,
    by_device: top.get('device')!,
    by_os: top.get('os')!,
    by_browser: top.get('browser')!,
    by_referrer: top.get('referrer')!,
    conversions,
  };
}
