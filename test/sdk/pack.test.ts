// End to end: @qrs/sdk from a fresh `npm pack` tarball, installed into an empty folder, drives a
// live server: a workspace and a code, the list iterator, a PNG decoded by zbar, stats, and the
// public routes (health, passport page, resolver) with an API key configured.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { installPackedSdk } from '../support/sdk-pack.js';
import { seedTenant, type Tenant } from '../support/harness.js';
import { sqlite, useHarness } from '../support/suite.js';
import { decodePng, missingTools } from '../support/decode.js';
import { ownPrefix, underPrefix, uniqueFixture } from '../support/passports.js';
import { Qrs } from '../../sdk/src/index.js';

const SCRIPT = `
import { Qrs } from '@qrs/sdk';
import { writeFileSync } from 'node:fs';
const [baseUrl, apiKey, gtin, serial, lot, out] = process.argv.slice(2);
const qrs = new Qrs({ apiKey, baseUrl });
const result = {};
const ws = await qrs.workspaces.list();
result.workspaces = [];
for await (const w of ws) result.workspaces.push(w.id);
const code = await qrs.codes.create({ type: 'url', url: 'https://example.com/packed' });
result.code = code;
result.listed = [];
for await (const c of qrs.codes.list({ limit: 1 })) result.listed.push(c.id);
const png = await qrs.codes.image(code.id, 'png');
writeFileSync(out, png);
result.stats = await qrs.scans.stats(code.id);
result.health = (await qrs.health()).status;
result.view = (await qrs.dpp.view(gtin, serial, { lot })).access_level;
result.page = (await qrs.dpp.page(gtin, serial)).slice(0, 15);
result.linkset = (await qrs.resolver.linkset({ gtin, serial, lot })).linkset[0].anchor;
console.log(JSON.stringify(result));
`;

describe('@qrs/sdk from its npm pack tarball', () => {
  let baseUrl: string;
  let t: Tenant;
  let dir: string;
  const { h } = useHarness(sqlite, { env: { BASE_URL: 'http://127.0.0.1' }, tenant: false });
  before(async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = h.app.server.address() as { port: number };
    baseUrl = `http://127.0.0.1:${addr.port}`;
    t = await seedTenant(h, 'agency');
    dir = await mkdtemp(join(tmpdir(), 'qrs-sdk-pack-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('installs into an empty folder and drives a live server, public routes included', async (ctx) => {
    await installPackedSdk(dir, { type: 'module' });
    await writeFile(join(dir, 'run.mjs'), SCRIPT);

    const input = uniqueFixture('ev', 'P');
    input.gtin = underPrefix(input.gtin, await ownPrefix(h, t)); // publishing needs a verified GS1 prefix
    const passport = await new Qrs({ apiKey: t.apiKey, baseUrl }).dpp.create(input as never);
    await new Qrs({ apiKey: t.apiKey, baseUrl }).dpp.publish(passport.id);
    const png = join(dir, 'code.png');
    // Asynchronously: the server answering the script runs in this very process.
    const { stdout: out } = await promisify(execFile)(
      process.execPath,
      ['run.mjs', baseUrl, t.apiKey, passport.gtin, passport.serial, passport.lot ?? '', png],
      { cwd: dir, encoding: 'utf8' },
    );
    const result = JSON.parse(out.trim().split('\n').pop()!);
    assert.deepEqual(result.workspaces, [t.workspaceId]);
    assert.ok(result.listed.includes(result.code.id));
    assert.equal(result.stats.code_id, result.code.id);
    assert.equal(result.health, 'ok');
    assert.equal(result.view, 'public');
    assert.match(result.page, /<!doctype html>/i);
    assert.match(result.linkset, new RegExp(passport.gtin));
    const missing = missingTools('zbarimg');
    if (missing) return ctx.skip(missing);
    const { readFile } = await import('node:fs/promises');
    assert.equal(await decodePng(await readFile(png)), result.code.short_url);
  });
});
