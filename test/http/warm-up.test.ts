// A server compiles what its routes need before it listens (warmUp in src/app.ts), so no user's
// first request pays for it: every request and response schema, the Ajv validators that
// fast-json-stringify uses for a response's anyOf / oneOf branches, and the passport validator's
// first run. Before, the first `POST /v1/dpp` after a start held the event loop 300–450 ms while
// the response serializer compiled its validators. Proved by counting Ajv compilations (which are
// what cost), not by a stopwatch: after warmUp, a tour of the heaviest routes compiles nothing.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { call, createHarness, seedTenant, type Harness, type Tenant } from '../support/harness.js';
import { sqlite } from '../support/suite.js';
import { createPassport, ownPrefix, publish, uniqueFixture } from '../support/passports.js';
import { warmUp } from '../../src/app.js';

// Every Ajv instance (ours and fast-json-stringify's) compiles a schema through this method.
const Ajv = createRequire(import.meta.url)('ajv').default as { prototype: Record<string, unknown> };
const compileEnv = Ajv.prototype._compileSchemaEnv as (this: unknown, ...args: unknown[]) => unknown;

describe('warm-up: the first call of a route compiles nothing', () => {
  let h: Harness;
  let t: Tenant;
  const compiled: string[] = [];

  before(async () => {
    h = await createHarness(sqlite);
    await warmUp(h.app);
    t = await seedTenant(h, 'enterprise');
    await ownPrefix(h, t);
    Ajv.prototype._compileSchemaEnv = function (this: unknown, ...args: unknown[]) {
      const stack = new Error().stack ?? '';
      // The suite's own contract check validates answers with Ajv; that is the test's cost, not the server's.
      if (!stack.includes('test/support/contract')) compiled.push(stack.split('\n').slice(2, 6).join(' | '));
      return compileEnv.apply(this, args);
    };
  });
  after(async () => {
    Ajv.prototype._compileSchemaEnv = compileEnv;
    await h.close();
  });

  it('warmUp leaves no schema to compile on a first request', async () => {
    assert.equal(await warmUp(h.app), 0);
  });

  it('passports, codes, usage and analytics answer their first call with no Ajv compilation', async () => {
    const created = await createPassport(h, t, uniqueFixture('lmt', 'W'));
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/v1/dpp/${created.id}`],
      ['PATCH', `/v1/dpp/${created.id}`, { battery_status: 'repurposed' }],
      ['GET', '/v1/dpp'],
      ['GET', `/v1/dpp/${created.id}/versions`],
      ['POST', '/v1/dpp/validate', uniqueFixture('ev', 'V')],
      ['POST', '/v1/codes', { type: 'url', url: 'https://example.com/spring' }],
      ['GET', '/v1/codes'],
      ['GET', '/v1/usage'],
      ['GET', '/v1/analytics'],
      ['GET', '/v1/health'],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(h, { method: method as 'GET', url, body, tenant: t });
      assert.ok(res.statusCode < 500, `${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    await publish(h, t, created.id);
    assert.deepEqual(compiled, [], 'Ajv compiled a schema on a first request after warmUp');
  });
});
