import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { call, createHarness, seedTenant, type Harness } from '../../support/harness.js';
import { sqlite } from '../../support/suite.js';
import { createCode, scan } from '../../support/codes.js';

// The redirect's access log: one line per 302 only with LOG_REDIRECTS=true; other routes log as
// before, and a redirect that fails is always logged (docs/scans-pipeline.md, the hot path).
describe('redirect access log', () => {
  const open: Harness[] = [];
  after(async () => {
    // One of them lost its database on purpose; closing it may complain.
    for (const h of open) await h.close().catch(() => undefined);
  });

  async function logged(env: Record<string, string>, level: string) {
    const lines: string[] = [];
    const h = await createHarness(sqlite, env, {
      logger: { level, stream: { write: (line: string) => lines.push(line) } },
    });
    open.push(h);
    const t = await seedTenant(h, 'pro');
    const code = await createCode(h, t, { type: 'url', url: 'https://dest.example/' });
    lines.length = 0;
    return { h, t, code, lines: () => lines.map((l) => JSON.parse(l) as Record<string, any>) };
  }

  it('at info: no line for a 302 by default, one with LOG_REDIRECTS=true; API requests keep theirs', async () => {
    const quiet = await logged({}, 'info');
    assert.equal((await scan(quiet.h, quiet.code.short_code)).statusCode, 302);
    assert.deepEqual(quiet.lines(), [], 'a redirect writes no access log line');
    assert.equal((await call(quiet.h, { url: '/v1/organizations', tenant: quiet.t })).statusCode, 200);
    assert.deepEqual(
      quiet.lines().map((l) => l.msg),
      ['incoming request', 'request completed'],
    );
    assert.ok(
      quiet.lines().every((l) => typeof l.reqId === 'string'),
      'lines carry the request id',
    );

    const loud = await logged({ LOG_REDIRECTS: 'true' }, 'info');
    assert.equal((await scan(loud.h, loud.code.short_code)).statusCode, 302);
    const lines = loud.lines();
    assert.deepEqual(
      lines.map((l) => l.msg),
      ['incoming request', 'request completed'],
    );
    assert.equal(lines[1].res.statusCode, 302);
  });

  it('at warn nothing is logged for a redirect, and a failing redirect is still logged', async () => {
    const warn = await logged({}, 'warn');
    assert.equal((await scan(warn.h, warn.code.short_code)).statusCode, 302);
    assert.deepEqual(warn.lines(), []);
    // The database gone: a cache miss cannot be answered, and that is an error worth a line.
    const res = await call(warn.h, { url: '/r/zzzzzzzz' });
    assert.equal(res.statusCode, 404);
    await warn.h.app.scans.flush();
    await warn.h.db.destroy();
    const down = await call(warn.h, { url: '/r/yyyyyyyy' });
    assert.ok(down.statusCode >= 500, `status ${down.statusCode}`);
    assert.ok(
      warn.lines().some((l) => l.level >= 40),
      `a warning or error is logged: ${JSON.stringify(warn.lines())}`,
    );
  });
});
