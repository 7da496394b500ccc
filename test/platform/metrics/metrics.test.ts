import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { createCode, scan } from '../../support/codes.js';

/** `name{labels} value` lines of a Prometheus text answer, by series. */
function series(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    out.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return out;
}

forEachDialect('GET /metrics', (dialect) => {
  const { h, t } = useHarness(dialect, { env: { SCAN_FLUSH_MS: '60000' } });

  it('counts each answered redirect in the latency histogram, buckets cumulative, with the scans it recorded', async () => {
    const before = series((await call(h, { url: '/metrics' })).body);
    const code = await createCode(h, t, { type: 'url', url: 'https://example.com/metrics' });
    for (let i = 0; i < 3; i++) assert.equal((await scan(h, code.short_code)).statusCode, 302);
    // A HEAD answers without a scan; an unknown code is no redirect.
    assert.equal((await scan(h, code.short_code, {}, { method: 'HEAD' })).statusCode, 302);
    assert.equal((await scan(h, 'nosuchcode')).statusCode, 404);
    await h.app.scans.flush();

    const res = await call(h, { url: '/metrics' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain/);
    assert.match(res.body, /# TYPE qrs_redirect_duration_seconds histogram/);
    const after = series(res.body);
    const grew = (name: string) => after.get(name)! - (before.get(name) ?? 0);
    assert.equal(grew('qrs_redirect_duration_seconds_count'), 4, 'the HEAD is answered and timed too');
    assert.equal(grew('qrs_redirect_duration_seconds_bucket{le="+Inf"}'), 4);
    assert.ok(after.has('qrs_redirect_duration_seconds_sum'));
    const buckets = [...after].filter(([k]) => k.startsWith('qrs_redirect_duration_seconds_bucket{'));
    assert.equal(buckets.length, 12);
    assert.deepEqual(
      buckets.map(([, v]) => v),
      buckets.map(([, v]) => v).sort((a, b) => a - b),
      'cumulative: each bucket holds the ones below it',
    );
    assert.equal(grew('qrs_scans_received_total'), 3);
    assert.equal(grew('qrs_scans_written_total'), 3);
  });
});
