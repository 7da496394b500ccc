import type { App } from '../../../http/types.js';
import { principalOf } from '../../../http/types.js';
import { List, One, list, one } from '../../../http/envelope.js';
import { CodeParams } from '../../codes/index.js';
import { Scan, ScanListQuery, Stats, StatsQuery } from './scans.schemas.js';
import { codeStats, listScans } from './scans.service.js';
import { route } from '../../../http/route.js';

const tags = ['analytics'];

/**
 * Analytics read what the scan sink has written: up to two SCAN_FLUSH_MS behind the redirects (one
 * on `sqlite::memory:`; docs/decisions.md D45, D50).
 */
export default async function scansRoutes(app: App) {
  const deps = app.deps;

  app.get(
    '/v1/codes/:id/scans',
    route('scans.read', {
      operationId: 'listCodeScans',
      tags,
      summary: 'Raw scans of a code, newest first',
      description:
        "Cursor-paginated raw scans of one code: time, country, region, city, device, OS, browser, referrer, language, destination, bot flag and the daily-salted IP hash (never the IP). `total_count` comes from counters and counts the rows still kept under the workspace's scan retention.",
      params: CodeParams,
      querystring: ScanListQuery,
      response: { 200: List(Scan) },
    }),
    async (request) => list(request, await listScans(deps, principalOf(request), request.params.id, request.query)),
  );

  app.get(
    '/v1/codes/:id/stats',
    route('scans.read', {
      operationId: 'getCodeStats',
      tags,
      summary: 'Aggregated scans of a code',
      description:
        'Totals, unique visitors, scans by day and the breakdowns by country, region, city, device, OS, browser, referrer host and language, read from rollups (cost grows with the answer, not the scans stored). `from`/`to` and `tz` bucket days in any IANA zone; bots are excluded unless `include_bots=true`.',
      params: CodeParams,
      querystring: StatsQuery,
      response: { 200: One(Stats) },
    }),
    async (request) => one(request, await codeStats(deps, principalOf(request), request.params.id, request.query)),
  );
}
