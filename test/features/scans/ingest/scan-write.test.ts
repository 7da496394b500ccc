import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, type Tenant } from '../../../support/harness.js';
import { forEachDialect, useHarness } from '../../../support/suite.js';
import { createCode } from '../../../support/codes.js';
import { writeScanBatch } from '../../../../src/features/scans/flush/flush.js';
import { scanConsumers } from '../../../../src/features/scan-consumers.js';
import { IpHasher } from '../../../../src/features/scans/ingest/ip-hash.js';
import { scanId } from '../../../../src/features/scans/ingest/scan-id.js';
import type { Scan } from '../../../../src/features/scans/ingest/scan.js';

type Code = Awaited<ReturnType<typeof createCode>>;

/** A scan of `code` at `at` from `ip`, as the redirect records it. */
const scanOf = (t: Tenant, code: Code, at: number, ip: string, bot: boolean): Scan => ({
  id: scanId(at),
  at,
  code: { codeId: code.id, shortCode: code.short_code, workspaceId: t.workspaceId, organizationId: t.organizationId },
  ip,
  bot,
  device: 'mobile',
  os: 'iOS',
  browser: 'Mobile Safari',
  language: 'en-us',
  referrer: null,
  country: 'DE',
  region: null,
  city: null,
  destination: code.url,
});

forEachDialect('scan batch write', (dialect) => {
  const { h, t } = useHarness(dialect);

  it('stores every field as sent: quotes, backslashes, braces, commas, the word NULL, control characters, empty and missing values', async () => {
    const code = await createCode(h, t, { type: 'url', url: 'https://example.com/fields' });
    const at = Date.parse('2026-11-20T11:00:00.000Z');
    const odd = ['say "hi"', 'back\\slash \\"', '{a,b}', 'NULL', '', 'ünï 😀', "it's (1)", 'a\\n', 'tab\there'];
    const batch = odd.map((text, i) => ({
      ...scanOf(t, code, at + i, `10.0.1.${i}`, false),
      referrer: `https://ref.example/${text}`,
      language: text,
      device: i % 2 ? null : text,
    }));
    // Apart: PostgreSQL's insert takes the array literal of a column without control characters as
    // JSON writes it, and hands the others to the driver.
    for (const part of [batch.slice(0, 7), batch.slice(7)])
      await writeScanBatch(h.db, new IpHasher('test secret'), part);
    const rows = await h.db
      .selectFrom('scans')
      .select(['referrer', 'language', 'device', 'is_bot'])
      .where('code_id', '=', code.id)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      rows.map((r) => ({ ...r, is_bot: Number(r.is_bot) })),
      odd.map((text, i) => ({
        referrer: `https://ref.example/${text}`,
        language: text,
        device: i % 2 ? null : text,
        is_bot: 0,
      })),
    );
  });

  it('writing a batch again after it committed (its reply lost with the connection) changes nothing', async () => {
    const code = await createCode(h, t, { type: 'url', url: 'https://example.com/once' });
    const at = Date.parse('2026-11-20T10:00:00.000Z');
    const batch = [0, 1, 2].map((i) => scanOf(t, code, at + i, `10.0.0.${i}`, i === 2));
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
    await writeScanBatch(h.db, hasher, batch, scanConsumers.list);
    const once = await state();
    assert.deepEqual(once, {
      rows: 3,
      code: { scan_count: 2, bot_scan_count: 1 },
      rollup: { scans: 3, humans: 2, visitors: 3 },
    });
    await writeScanBatch(h.db, hasher, batch, scanConsumers.list);
    assert.deepEqual(await state(), once);
    const stats = await call(h, {
      url: `/v1/codes/${code.id}/stats?from=2026-11-20&to=2026-11-20&include_bots=true`,
      tenant: t,
    });
    assert.equal(stats.json.data.total_scans, 3);
  });

  it('batches written together and replayed in another grouping: each batch is written once, whole', async () => {
    const code = await createCode(h, t, { type: 'url', url: 'https://example.com/groups' });
    const at = Date.parse('2026-11-22T09:00:00.000Z');
    const hasher = new IpHasher('test secret');
    // Four batches the sink cut, A and B of two scans, C and D of one.
    const all = [0, 1, 2, 3, 4, 5].map((i) => scanOf(t, code, at + i * 1000, `10.2.0.${i}`, false));
    const [a, b, c, d] = [all.slice(0, 2), all.slice(2, 4), all.slice(4, 5), all.slice(5, 6)];
    const counted = async () =>
      Number(
        (
          await h.db
            .selectFrom('usage_counters')
            .select('scans')
            .where('organization_id', '=', t.organizationId)
            .where('period', '=', '2026-11')
            .executeTakeFirst()
        )?.scans ?? 0,
      );
    const before = await counted();
    await writeScanBatch(h.db, hasher, [...a, ...b], scanConsumers.list, [0, 2]);
    await writeScanBatch(h.db, hasher, c, scanConsumers.list);
    // A killed process replays its journal: A, B and C again (their done marks were not synced), with D.
    const replay = await writeScanBatch(h.db, hasher, [...a, ...b, ...c, ...d], scanConsumers.list, [0, 2, 4, 5]);
    // Only D was new: the usage consumer adds its one scan, and reports the organization's total.
    assert.deepEqual(
      (replay.usage as Array<{ organizationId: string; used: number }>).map((r) => [r.organizationId, r.used]),
      [[t.organizationId, before + 6]],
    );
    assert.equal(await counted(), before + 6, 'the replayed batches counted once');
    const rows = await h.db.selectFrom('scans').select('id').where('code_id', '=', code.id).orderBy('id').execute();
    assert.deepEqual(
      rows.map((r) => r.id),
      all.map((s) => s.id).sort(),
    );
    const code6 = await h.db
      .selectFrom('codes')
      .select('scan_count')
      .where('id', '=', code.id)
      .executeTakeFirstOrThrow();
    assert.equal(code6.scan_count, 6);
    const day = await h.db
      .selectFrom('scan_rollups')
      .select(['scans', 'visitors'])
      .where('code_id', '=', code.id)
      .where('grain', '=', 'd')
      .where('dimension', '=', 'total')
      .executeTakeFirstOrThrow();
    assert.deepEqual([Number(day.scans), Number(day.visitors)], [6, 6]);
  });

  it('a visitor-day counts once among visitors, and once among human visitors in the quarter of its first human scan', async () => {
    const code = await createCode(h, t, { type: 'url', url: 'https://example.com/visitors' });
    const hasher = new IpHasher('test secret');
    const scan = (ip: string, time: string, bot: boolean) =>
      scanOf(t, code, Date.parse(`2026-11-21T${time}:00.000Z`) + Number(ip.slice(-1)), ip, bot);
    // A: a bot first, human in a later batch; B: human at once; C: a bot, then human in the same batch.
    await writeScanBatch(h.db, hasher, [
      scan('10.1.0.1', '10:00', true),
      scan('10.1.0.2', '10:01', false),
      scan('10.1.0.3', '10:05', true),
      scan('10.1.0.3', '10:50', false),
    ]);
    await writeScanBatch(h.db, hasher, [
      scan('10.1.0.1', '10:20', false),
      scan('10.1.0.2', '10:21', false),
      scan('10.1.0.1', '10:22', true),
    ]);
    await writeScanBatch(h.db, hasher, [scan('10.1.0.1', '10:40', false)]);
    const expected = [
      { bucket: '2026-11-21T10:00', scans: 3, humans: 1, visitors: 3, human_visitors: 1 },
      { bucket: '2026-11-21T10:15', scans: 3, humans: 2, visitors: 0, human_visitors: 1 },
      { bucket: '2026-11-21T10:30', scans: 1, humans: 1, visitors: 0, human_visitors: 0 },
      { bucket: '2026-11-21T10:45', scans: 1, humans: 1, visitors: 0, human_visitors: 1 },
    ];
    const columns = ['bucket', 'scans', 'humans', 'visitors', 'human_visitors'] as const;
    const numbers = (rows: Array<Record<string, unknown>>) =>
      rows.map((r) => Object.fromEntries(columns.map((c) => [c, c === 'bucket' ? r[c] : Number(r[c])])));
    const ofCode = await h.db
      .selectFrom('scan_rollups')
      .select(columns)
      .where('code_id', '=', code.id)
      .where('grain', '=', 'q')
      .where('dimension', '=', 'total')
      .orderBy('bucket')
      .execute();
    assert.deepEqual(numbers(ofCode), expected);
    const ofWorkspace = await h.db
      .selectFrom('workspace_rollups')
      .select(columns)
      .where('workspace_id', '=', t.workspaceId)
      .where('grain', '=', 'q')
      .where('dimension', '=', 'total')
      .where('bucket', 'like', '2026-11-21T10%')
      .orderBy('bucket')
      .execute();
    assert.deepEqual(numbers(ofWorkspace), expected);
    for (const [bots, scans] of [
      [true, 8],
      [false, 5],
    ] as const) {
      const stats = await call(h, {
        url: `/v1/codes/${code.id}/stats?from=2026-11-21&to=2026-11-21&include_bots=${bots}`,
        tenant: t,
      });
      assert.deepEqual([stats.json.data.total_scans, stats.json.data.unique_visitors], [scans, 3]);
    }
  });
});
