// No route's first call after a start pays for compiling or loading (docs/decisions.md D70): every
// route the app registers is called twice after warmUp, and its first call compiles no Ajv schema
// and takes at most 100 ms longer than its second (the same work, warm). The difference, not a
// stopwatch, so a loaded machine slows both calls alike. Before warmUp compiled route-level
// validators, the first `POST /v1/dpp` held the event loop 300–450 ms.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { call, createHarness, type Harness } from '../support/harness.js';
import { sqlite } from '../support/suite.js';
import { warmUp } from '../../src/app.js';
import {
  fill,
  seedOrganization,
  withRegisteredRoutes,
  type OrgFixture,
  type RegisteredRoute,
} from '../security/every-route.fixtures.js';

const Ajv = createRequire(import.meta.url)('ajv').default as { prototype: Record<string, unknown> };
const compileEnv = Ajv.prototype._compileSchemaEnv as (this: unknown, ...args: unknown[]) => unknown;

/** A first call may take this much longer than the second, at most (docs/decisions.md D70). */
const FIRST_CALL_EXTRA_MS = 100;

describe("every route's first call after warmUp", () => {
  let h: Harness;
  let routes: RegisteredRoute[];
  let org: OrgFixture;
  let compiling: string | null = null;
  const compiled: string[] = [];

  before(async () => {
    ({ built: h, routes } = await withRegisteredRoutes(() => createHarness(sqlite)));
    await warmUp(h.app);
    org = await seedOrganization(h);
    Ajv.prototype._compileSchemaEnv = function (this: unknown, ...args: unknown[]) {
      const stack = new Error().stack ?? '';
      if (compiling && !stack.includes('test/support/contract')) compiled.push(compiling);
      return compileEnv.apply(this, args);
    };
  });
  after(async () => {
    Ajv.prototype._compileSchemaEnv = compileEnv;
    await h.close();
  });

  it('compiles no schema and costs at most 100 ms more than the second call', async () => {
    // Deletions last, so they take nothing away from the routes before them.
    const order = [...routes]
      .filter((r) => !r.url.includes('*'))
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    const slow: string[] = [];
    let answered = 0;
    for (const r of order) {
      const key = `${r.method} ${r.url}`;
      const send = async () => {
        const started = performance.now();
        const res = await call(h, {
          method: r.method as 'GET',
          url: fill(r.url, org.ids).url,
          ...(r.hasBody ? { body: {} } : {}),
          ...(r.auth ? { tenant: org.owner } : {}),
        });
        return { ms: performance.now() - started, status: res.statusCode };
      };
      compiling = key;
      const first = await send();
      compiling = null;
      const second = await send();
      assert.ok(first.status < 500, `${key}: ${first.status}`);
      if (first.status < 400) answered++;
      if (first.ms - second.ms > FIRST_CALL_EXTRA_MS)
        slow.push(`${key}: first ${first.ms.toFixed(0)} ms, second ${second.ms.toFixed(0)} ms`);
    }
    assert.deepEqual(compiled, [], 'routes whose first call compiled a schema');
    assert.deepEqual(slow, [], 'routes whose first call cost over 100 ms more');
    assert.ok(order.length > 150, `${order.length} routes called`);
    assert.ok(answered > 40, `${answered} routes answered a success, not only a refusal`);
  });
});
