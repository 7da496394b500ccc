import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { createCode } from '../../support/codes.js';
import { writeScanBatch } from '../../../src/features/scans/scan-write.js';
import { IpHasher } from '../../../src/features/scans/ip-hash.js';
import { scanId } from '../../../src/features/scans/scan-id.js';
import type { Scan } from '../../../src/features/scans/scan.js';

forEachDialect('scan batch write', (dialect) => {
  const { h, t } = useHarness(dialect);

  it('writing a batch again after it committed (its reply lost with the connection) changes nothing', async () => {
    const code = await createCode(h, t, { type: 'url', url: 'https://example.com/once' });
    const at = Date.parse('2026-11-20T10:00:00.000Z');
    const batch: Scan[] = [0, 1, 2].map((i) => ({
      id: scanId(at + i),
      at: at + i,
      code: {
        codeId: code.id,
        shortCode: code.short_code,
        workspaceId: t.workspaceId,
        organizationId: t.organizationId,
      },
      ip: `10.0.0.${i}`,
      bot: i === 2,
      device: 'mobile',
      os: 'iOS',
      browser: 'Mobile Safari',
      language: 'en-us',
      referrer: null,
      country: 'DE',
      destination: 'https://example.com/once',
    }));
    const hasher = new IpHasher('test secret');
    const state = async () => ({
      rows: (await h.db.selectFrom('scans').select('id').where('code_id', '=', code.id).execute()).length,
      code: await h.db
        .selectFrom('codes')
        .select(['scan_count', 'bot_scan_count'])
        .where('id', '=', code.id)
        .executeTakeFirstOrThrow(),
      rollup: await h.db
        .selectFrom('scan_rollups')
        .select(['scans', 'humans', 'visitors'])
        .where('code_id', '=', code.id)
        .where('grain', '=', 'd')
        .where('dimension', '=', 'total')
        .executeTakeFirstOrThrow(),
    });
    await writeScanBatch(h.db, hasher, batch);
    const once = await state();
    assert.deepEqual(once, {
      rows: 3,
      code: { scan_count: 2, bot_scan_count: 1 },
      rollup: { scans: 3, humans: 2, visitors: 3 },
    });
    await writeScanBatch(h.db, hasher, batch);
    assert.deepEqual(await state(), once);
    const stats = await call(h, {
      url: `/v1/codes/${code.id}/stats?from=2026-11-20&to=2026-11-20&include_bots=true`,
      tenant: t,
    });
    assert.equal(stats.json.data.total_scans, 3);
  });
});
