// Issue #24 finding 9: the README quick start did not compile under tsc --init's defaults and
// require() failed. Both snippets are taken from sdk/README.md as written, run from the packed
// tarball installed into an empty folder (offline), against a live server on loopback.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { call, seedTenant, type Tenant } from '../support/harness.js';
import { sqlite, useHarness } from '../support/suite.js';
import { installPackedSdk } from '../support/sdk-pack.js';

const run = promisify(execFile);
const tsc = resolve('node_modules/typescript/bin/tsc');

/** The first fenced block of this language after the heading line that starts with `after`. */
function snippet(readme: string, lang: string, after: string): string {
  const from = readme.indexOf(after);
  const m = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(readme.slice(from));
  assert.ok(from >= 0 && m, `no ${lang} block after ${after}`);
  // The README indents the blocks inside a numbered list.
  return m[1].replace(/^ {3}/gm, '');
}

describe('@qrs/sdk README quick start from the tarball', () => {
  let t: Tenant;
  let baseUrl: string;
  let dir: string;
  const { h } = useHarness(sqlite, { env: { BASE_URL: 'http://127.0.0.1' }, tenant: false });
  before(async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
    t = await seedTenant(h, 'agency');
    dir = await mkdtemp(join(tmpdir(), 'qrs-quickstart-'));
    await installPackedSdk(dir);
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const env = () => ({ ...process.env, QRS_API_KEY: t.apiKey, QRS_URL: baseUrl });

  it("TypeScript: compiles with tsc --init's tsconfig.json, then runs as an ES module", async () => {
    const readme = await readFile('sdk/README.md', 'utf8');
    await writeFile(join(dir, 'quickstart.mts'), snippet(readme, 'ts', '3. Create a dynamic code'));
    await run(process.execPath, [tsc, '--init'], { cwd: dir });
    // As the file written by --init says: Node's types need `"types": ["node"]` (found here in
    // this repository's @types, as the folder has no node_modules/@types of its own).
    const init = await readFile(join(dir, 'tsconfig.json'), 'utf8');
    for (const option of ['"strict": true', '"exactOptionalPropertyTypes": true', '"module": "nodenext"'])
      assert.ok(init.includes(option), `tsc --init sets ${option}`);
    const types = `"types": ["node"], "typeRoots": [${JSON.stringify(resolve('node_modules/@types'))}]`;
    await writeFile(join(dir, 'tsconfig.json'), init.replace('"types": []', types));
    const compiled = await run(process.execPath, [tsc, '-p', dir], { cwd: dir }).catch(
      (err: { stdout: string }) => err,
    );
    assert.ok(!('code' in compiled), `the quick start does not compile:\n${compiled.stdout}`);

    const { stdout } = await run(process.execPath, [join(dir, 'quickstart.mjs')], { cwd: dir, env: env() });
    const shortUrl = /^http:\/\/127\.0\.0\.1\/r\/[0-9A-Za-z]{8}$/m.exec(stdout)?.[0];
    assert.ok(shortUrl, stdout);
    assert.match(stdout, /^vcard$/m);
    const id = /^read back (qr_[0-9A-Z]{26})$/m.exec(stdout)?.[1];
    assert.ok(id, stdout);
    const stored = await call(h, {
      method: 'GET',
      url: `/v1/codes/${id}`,
      headers: { authorization: `Bearer ${t.apiKey}` },
    });
    assert.equal(stored.json.data.short_url, shortUrl, 'the code read back is the one created');
    assert.match(stdout, /^QrsError: 422 validation-error \/url: must be an absolute http or https URL req_/m);
  });

  it('JavaScript: require() works, reads the code back, and a failure prints one short line', async () => {
    const readme = await readFile('sdk/README.md', 'utf8');
    await writeFile(join(dir, 'quickstart.cjs'), snippet(readme, 'js', '4. From JavaScript'));
    const { stdout } = await run(process.execPath, [join(dir, 'quickstart.cjs')], { cwd: dir, env: env() });
    const lines = stdout.trim().split('\n');
    assert.match(lines[0], /^qr_[0-9A-Z]{26} Hello from CommonJS$/);
    assert.match(lines[1], /^QrsError: 422 validation-error \/url: the javascript scheme is not allowed/);
    assert.equal(lines.length, 2);
  });
});
