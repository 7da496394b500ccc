// @qrs/sdk against a real server on a real port (SQLite): every resource, the pagination iterator,
// retries on 429, idempotent replay, errors as QrsError, session sign-in, and public routes that
// never receive the API key.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { Qrs, QrsError } from '../../sdk/src/index.js';
import { seedTenant, type Harness, type Tenant } from '../support/harness.js';
import { sqlite, useHarness } from '../support/suite.js';
import { cookieJarFetch } from '../support/cookie-jar.js';
import { decodePng, missingTools } from '../support/decode.js';
import { ownPrefix, underPrefix, uniqueFixture } from '../support/passports.js';

async function listen(h: Harness): Promise<string> {
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = h.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  return `http://127.0.0.1:${addr.port}`;
}

/** Records what the SDK sends, so a test can see headers and retries. */
function recordingFetch() {
  const sent: Array<{ method: string; url: string; headers: Headers; status?: number }> = [];
  const fetch = async (req: Request) => {
    const entry: (typeof sent)[number] = { method: req.method, url: req.url, headers: new Headers(req.headers) };
    sent.push(entry);
    const res = await globalThis.fetch(req);
    entry.status = res.status;
    return res;
  };
  return { sent, fetch };
}

describe('@qrs/sdk against a live server', () => {
  let baseUrl: string;
  let t: Tenant;
  let qrs: Qrs;
  const rec = recordingFetch();

  const { h } = useHarness(sqlite, { env: { BASE_URL: 'http://127.0.0.1' }, tenant: false });
  before(async () => {
    baseUrl = await listen(h);
    t = await seedTenant(h, 'agency');
    qrs = new Qrs({ apiKey: t.apiKey, baseUrl, fetch: rec.fetch, retry: { baseDelayMs: 10 } });
  });

  it('creates, reads, updates, lists (every page) and deletes codes', async () => {
    const created = [];
    for (let i = 0; i < 5; i++)
      created.push(
        await qrs.codes.create({ type: 'url', url: `https://example.com/p/${i}`, title: `Code ${i}`, tags: ['sdk'] }),
      );
    assert.match(created[0].id, /^qr_/);
    assert.equal((await qrs.codes.get(created[0].id)).title, 'Code 0');
    assert.equal((await qrs.codes.update(created[0].id, { title: 'Renamed' })).title, 'Renamed');
    const page = await qrs.codes.listPage({ limit: 2, tag: 'sdk' });
    assert.equal(page.data.length, 2);
    assert.equal(page.meta.pagination.has_more, true);
    const before = rec.sent.length;
    const all = [];
    for await (const code of qrs.codes.list({ limit: 2, tag: 'sdk' })) all.push(code.id);
    assert.deepEqual(new Set(all), new Set(created.map((c) => c.id)));
    assert.equal(rec.sent.length - before, 3, 'three pages of two');
    const batch = await qrs.codes.createBatch([{ type: 'text', content: { text: 'hello' } }]);
    assert.equal(batch.length, 1);
    assert.equal((await qrs.codes.delete(created[4].id)).status, 'deleted');
    // Every POST carried an Idempotency-Key; every call the key.
    for (const r of rec.sent) {
      assert.equal(r.headers.get('authorization'), `Bearer ${t.apiKey}`);
      if (r.method === 'POST') assert.match(r.headers.get('idempotency-key') ?? '', /^[0-9a-f-]{36}$/);
    }
  });

  it('downloads a PNG that decodes to the short URL, as bytes and as a stream', async (ctx) => {
    const code = await qrs.codes.create({ type: 'url', url: 'https://example.com/png' });
    const png = await qrs.codes.image(code.id, 'png', { size: 300 } as never);
    assert.ok(png instanceof Uint8Array);
    assert.deepEqual([...png.slice(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
    const stream = await qrs.codes.imageStream(code.id, 'svg');
    const svg = await new Response(stream).text();
    assert.match(svg, /<svg/);
    const missing = missingTools('zbarimg');
    if (missing) return ctx.skip(missing);
    assert.equal(await decodePng(Buffer.from(png)), code.short_url);
  });

  it('reads scans and stats of a code', async () => {
    const code = await qrs.codes.create({ type: 'url', url: 'https://example.com/stats' });
    const res = await globalThis.fetch(code.short_url!.replace(/^http:\/\/127\.0\.0\.1/, baseUrl), {
      redirect: 'manual',
    });
    assert.equal(res.status, 302);
    const stats = await qrs.scans.stats(code.id);
    assert.equal(stats.code_id, code.id);
    const scans = [];
    for await (const s of qrs.scans.list(code.id)) scans.push(s);
    assert.ok(Array.isArray(scans));
  });

  it('reads workspace analytics, streams scans as CSV, and lists GS1 prefixes', async () => {
    const code = await qrs.codes.create({ type: 'url', url: 'https://example.com/analytics' });
    const res = await globalThis.fetch(code.short_url!.replace(/^http:\/\/127\.0\.0\.1/, baseUrl), {
      redirect: 'manual',
    });
    assert.equal(res.status, 302);
    await h.app.scans.flush();
    const day = new Date().toISOString().slice(0, 10);
    // Node's fetch announces itself as a bot, so the scan counts only with include_bots.
    const analytics = await qrs.analytics.get({ from: day, to: day, code_id: code.id, include_bots: true });
    assert.equal(analytics.totals.scans, 1);
    const csv = await new Response(await qrs.scans.exportCsv(code.id)).text();
    const lines = csv.trim().split('\r\n');
    assert.match(lines[0], /^id,code_id,scanned_at,/);
    assert.equal(lines.length, 2);
    const all = await new Response(await qrs.scans.exportWorkspaceCsv({ from: day, to: day })).text();
    assert.ok(all.includes(code.id));
    const prefixes = [];
    for await (const p of qrs.gs1Prefixes.list()) prefixes.push(p);
    assert.deepEqual(prefixes, []);
    // Claiming a prefix needs an org_admin session; an API key gets a 403 as a QrsError.
    await assert.rejects(
      qrs.gs1Prefixes.create({ prefix: '4012345' } as never),
      (e: unknown) => e instanceof QrsError && e.status === 403,
    );
  });

  it('manages workspaces, API keys, members, the organization and usage, and reads the audit log', async () => {
    // Workspaces and keys are managed by an admin in a dashboard session (an API key cannot).
    const admin = new Qrs({ baseUrl, fetch: cookieJarFetch() });
    await admin.auth.signIn(t.email, t.password);
    const ws = await admin.workspaces.create({ name: 'Client A', slug: `client-${Date.now().toString(36)}` });
    assert.equal((await admin.workspaces.get(ws.id)).name, 'Client A');
    assert.equal((await admin.workspaces.update(ws.id, { name: 'Client B' })).name, 'Client B');
    const ids = [];
    for await (const w of admin.workspaces.list()) ids.push(w.id);
    assert.ok(ids.includes(ws.id));
    assert.equal((await admin.workspaces.archive(ws.id)).status, 'archived');

    const key = await admin.apiKeys.create({ name: 'CI' });
    assert.match(key.api_key, /_sk_/);
    assert.equal((await admin.apiKeys.get(key.id)).name, 'CI');
    const keys = [];
    for await (const k of admin.apiKeys.list()) keys.push(k.id);
    assert.ok(keys.includes(key.id));
    assert.equal((await admin.apiKeys.revoke(key.id)).status, 'revoked');

    const members = [];
    for await (const m of admin.members.list()) members.push(m);
    assert.ok(members.some((m) => m.user_id === t.userId));
    assert.equal((await qrs.organizations.get()).id, t.organizationId);
    const usage = await qrs.usage.get();
    assert.equal(typeof usage.dynamic_codes.used, 'number');

    const entries = [];
    for await (const e of admin.auditLogs.list({ resource_type: 'api_keys' })) entries.push(e);
    assert.ok(entries.some((e) => e.resource_id === key.id));
    assert.equal((await qrs.auditLogs.get(entries[0].id)).id, entries[0].id);
  });

  it("errors are QrsError with the problem document; another tenant's code is a 404", async () => {
    const err = await qrs.codes.create({ type: 'url', url: 'not a url' }).catch((e) => e);
    assert.ok(err instanceof QrsError, String(err));
    assert.equal(err.status, 422);
    assert.equal(err.code, 'validation-error');
    assert.ok(err.errors.length > 0 && err.errors[0].pointer);
    assert.match(err.request_id ?? '', /^req_/);
    const other = await seedTenant(h, 'agency');
    const foreign = await new Qrs({ apiKey: other.apiKey, baseUrl }).codes.create({
      type: 'url',
      url: 'https://example.com/x',
    });
    const notFound = await qrs.codes.get(foreign.id).catch((e) => e);
    assert.ok(notFound instanceof QrsError);
    assert.equal(notFound.status, 404);
  });

  it('a POST retried after a lost response is replayed, not repeated', async () => {
    let dropped = false;
    const lossy = async (req: Request) => {
      const res = await globalThis.fetch(req);
      if (req.method === 'POST' && !dropped) {
        dropped = true;
        throw new TypeError('network error after the server answered');
      }
      return res;
    };
    const client = new Qrs({ apiKey: t.apiKey, baseUrl, fetch: lossy, retry: { baseDelayMs: 5 } });
    const title = `replay-${Date.now()}`;
    const code = await client.codes.create({ type: 'url', url: 'https://example.com/replay', title });
    assert.ok(dropped);
    const same = [];
    for await (const c of qrs.codes.list({ q: title })) same.push(c.id);
    assert.deepEqual(same, [code.id], 'exactly one code created');
  });

  it('public routes answer 200 and never receive the API key', async () => {
    assert.equal((await qrs.health()).status, 'ok');
    const input = uniqueFixture('ev', 'S');
    input.gtin = underPrefix(input.gtin, await ownPrefix(h, t)); // publishing needs a verified GS1 prefix
    const passport = await qrs.dpp.create(input as never);
    assert.equal((await qrs.dpp.get(passport.id)).id, passport.id);
    await qrs.dpp.publish(passport.id);
    const view = await qrs.dpp.view(passport.gtin, passport.serial, { lot: passport.lot ?? undefined });
    assert.equal(view.access_level, 'public');
    assert.match(await qrs.dpp.page(passport.gtin, passport.serial), /<html/);
    const linkset = await qrs.resolver.linkset({
      gtin: passport.gtin,
      serial: passport.serial,
      lot: passport.lot ?? undefined,
    });
    assert.ok(linkset.linkset[0].anchor.includes(passport.gtin));
    const versions = [];
    for await (const v of qrs.dpp.versions(passport.id)) versions.push(v);
    assert.ok(versions.length >= 2);
    const publicCalls = rec.sent.filter((r) => /\/(v1\/health|dpp\/\d|01\/)/.test(new URL(r.url).pathname));
    assert.ok(publicCalls.length >= 4);
    for (const r of publicCalls) {
      assert.equal(r.status, 200, r.url);
      assert.equal(r.headers.get('authorization'), null, `${r.url} got the API key`);
    }
  });

  it('creates the hosted menu, coupon, event and social pages (D82), and the event page offers its .ics', async () => {
    const menu = await qrs.codes.create({
      type: 'menu',
      content: {
        title: 'Café',
        sections: [{ name: 'Drinks', items: [{ name: 'Tea', price: 2.5, allergens: ['milk'] }] }],
      },
    });
    assert.equal(menu.dynamic, true);
    await qrs.codes.create({ type: 'coupon', content: { title: '10 % off', code: 'SDK10', expires_on: '2099-01-31' } });
    await qrs.codes.create({
      type: 'social',
      content: { title: 'Us', profiles: [{ network: 'github', url: 'https://github.com/x' }] },
    });
    const event = await qrs.codes.create({
      type: 'event',
      content: { title: 'Launch', starts_at: '2027-03-01T18:00:00+01:00', location: 'Berlin' },
    });
    const page = await fetch(`${baseUrl}/r/${event.short_code}`);
    assert.match(await page.text(), /Add to calendar/);
    const ics = await fetch(`${baseUrl}/r/${event.short_code}/event.ics`);
    assert.match(await ics.text(), /DTSTART:20270301T170000Z\r\nDTEND:20270301T190000Z/);
  });

  it("signs in with a session (cookie plus X-CSRF-Token) and acts in the dashboard's name", async () => {
    const session = new Qrs({ baseUrl, fetch: cookieJarFetch(), credentials: 'include' });
    const signedIn = await session.auth.signIn(t.email, t.password);
    assert.equal(signedIn.user.id, t.userId);
    const code = await session.codes.create({ type: 'url', url: 'https://example.com/session' });
    assert.match(code.id, /^qr_/);
    await session.auth.signOut();
    const after = await session.codes.get(code.id).catch((e) => e);
    assert.ok(after instanceof QrsError && after.status === 401);
  });
});

describe('@qrs/sdk retries', () => {
  let baseUrl: string;
  let t: Tenant;
  const { h } = useHarness(sqlite, { env: { RATE_LIMIT_FREE: '2', RATE_LIMIT_WINDOW_MS: '1000' }, tenant: false });
  before(async () => {
    baseUrl = await listen(h);
    t = await seedTenant(h);
  });

  it('waits out a 429 (Retry-After) and succeeds; gives up with a QrsError after its retries', async () => {
    const rec = recordingFetch();
    const qrs = new Qrs({ apiKey: t.apiKey, baseUrl, fetch: rec.fetch, retry: { retries: 3, baseDelayMs: 50 } });
    for (let i = 0; i < 5; i++) assert.equal((await qrs.organizations.get()).id, t.organizationId);
    assert.ok(
      rec.sent.some((r) => r.status === 429),
      'the tiny limit was hit',
    );
    const impatient = new Qrs({ apiKey: t.apiKey, baseUrl, retry: { retries: 0 } });
    let last: unknown;
    for (let i = 0; i < 4 && !(last instanceof QrsError); i++)
      last = await impatient.organizations.get().catch((e) => e);
    assert.ok(last instanceof QrsError && last.status === 429 && last.code === 'rate-limited');
  });

  it('tells onRetry about each retry (status, attempt, wait), and a 429 reads as one short line', async () => {
    const seen: Array<{ attempt: number; status: number | undefined; delayMs: number }> = [];
    const qrs = new Qrs({
      apiKey: t.apiKey,
      baseUrl,
      retry: { retries: 2, baseDelayMs: 10, maxDelayMs: 50, onRetry: (r) => seen.push(r) },
    });
    const results = await Promise.all(Array.from({ length: 6 }, () => qrs.organizations.get().catch((e) => e)));
    assert.ok(seen.length > 0 && seen.every((r) => r.status === 429 && r.delayMs <= 50 && r.attempt >= 1));
    const failed = results.find((r) => r instanceof QrsError) as QrsError | undefined;
    if (failed) {
      assert.match(failed.message, /^429 rate-limited: Rate limit of 2 requests/);
      assert.ok(!Object.keys(failed).includes('response'), 'the Response is not printed with the error');
    }
  });
});
