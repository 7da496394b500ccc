// One way to declare a route (src/http/route.ts): every route the app registers must come from
// route(), publicRoute() or sessionRoute(), so each states its permission or its reason for having
// none, and its rate-limit class. A route declared with a bare option object fails here.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import dc from 'node:diagnostics_channel';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createHarness, type Harness } from '../support/harness.js';
import { sqlite } from '../support/suite.js';
import { warmUp } from '../../src/app.js';

interface Seen {
  method: string;
  url: string;
  config: RouteOptions['config'];
}

/**
 * Routes no helper declares, each with why. Empty today: Fastify's automatic HEAD routes copy the
 * GET's options (config included), and @fastify/swagger and @fastify/static add no route here.
 */
const ALLOWED_UNDECLARED = new Set<string>([]);

/**
 * Builds the app and records every route as it is added. Fastify publishes each new instance on the
 * `fastify.initialization` channel before any plugin loads (as in test/security/every-route.fixtures.ts),
 * so this onRoute hook sees the routes of all features.
 */
async function withRoutes(build: () => Promise<Harness>): Promise<{ h: Harness; routes: Seen[] }> {
  const routes: Seen[] = [];
  let seen = false;
  const onInit = (message: unknown) => {
    if (seen) return; // only the first instance built while subscribed is ours
    seen = true;
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (r: RouteOptions) => {
      for (const method of [r.method].flat()) routes.push({ method, url: r.url, config: r.config });
    });
  };
  dc.subscribe('fastify.initialization', onInit);
  try {
    return { h: await build(), routes };
  } finally {
    dc.unsubscribe('fastify.initialization', onInit);
  }
}

describe('route declarations', () => {
  let h: Harness;
  let routes: Seen[];
  // A stand-in dashboard build, so the web-app plugin registers its asset route too.
  const dist = mkdtempSync(join(tmpdir(), 'qrs-dist-'));
  before(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>qrs</title>');
    ({ h, routes } = await withRoutes(() => createHarness(sqlite, { WEB_DIST: dist })));
  });
  after(async () => {
    await h.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sees the whole app, so an empty collector cannot pass', () => {
    assert.ok(routes.length >= 80, `only ${routes.length} routes seen`);
    for (const method of ['GET', 'POST', 'HEAD', 'OPTIONS'])
      assert.ok(
        routes.some((r) => r.method === method),
        `no ${method} route seen`,
      );
  });

  it('declares every route with route(), publicRoute() or sessionRoute()', () => {
    const bad = routes
      .filter((r) => !ALLOWED_UNDECLARED.has(`${r.method} ${r.url}`))
      .filter((r) => !['route', 'public', 'session'].includes(r.config?.declaredBy ?? ''))
      .map((r) => `${r.method} ${r.url}`);
    assert.deepEqual(bad, [], 'declared with a bare option object; use a helper of src/http/route.ts');
  });

  it('states what each kind of declaration promises', () => {
    const problems: string[] = [];
    for (const { method, url, config } of routes) {
      const name = `${method} ${url}`;
      switch (config?.declaredBy) {
        case 'route':
          if (!config.permission) problems.push(`${name}: route() without a permission`);
          if (config.auth === false) problems.push(`${name}: route() without authentication`);
          break;
        case 'public':
          if (!config.reason?.trim()) problems.push(`${name}: publicRoute() without a reason`);
          if (config.auth !== false) problems.push(`${name}: publicRoute() with authentication`);
          if (config.rateLimit !== 'public' && config.rateLimit !== 'anonymous')
            problems.push(`${name}: publicRoute() without a rate-limit class`);
          break;
        case 'session':
          if (config.auth !== false || config.rateLimit !== 'anonymous')
            problems.push(`${name}: sessionRoute() config differs from the dashboard's cookie routes`);
          break;
      }
    }
    assert.deepEqual(problems, []);
  });

  it('keeps the budgets of the routes phones hit apart from the anonymous one', () => {
    const cls = (method: string, url: string) =>
      routes.find((r) => r.method === method && r.url === url)?.config?.rateLimit;
    assert.equal(cls('GET', '/r/:short_code'), 'public');
    assert.equal(cls('HEAD', '/r/:short_code'), 'public'); // the automatic HEAD twin copies the GET's config
    assert.equal(cls('POST', '/auth/login'), 'anonymous');
    assert.equal(cls('GET', '/assets/*'), 'public');
  });

  // The app compiles a route's schemas on its first request (src/http/schema-compilers.ts), and a
  // server compiles them all before it listens (warmUp): a schema Ajv or fast-json-stringify refuses
  // fails here, not on a user's request.
  it('compiles every request and response schema of every route', async () => {
    const compiled = await warmUp(h.app);
    assert.ok(compiled >= 200, `only ${compiled} schemas compiled`);
  });
});
