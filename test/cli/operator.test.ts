import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomSlug } from '../support/harness.js';
import { forEachDialect } from '../support/suite.js';

function cli(env: NodeJS.ProcessEnv, args: string[]) {
  const res = spawnSync('npm', ['run', '--silent', 'cli', '--', ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

forEachDialect('qrs operator add / remove', (dialect) => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'qrs-operator-'));
    env = {
      DATABASE_URL: dialect.name === 'sqlite' ? `sqlite:${join(dir, 'x.sqlite')}` : dialect.url,
      NODE_ENV: 'test',
    };
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('names a user an operator and stops naming them; refuses an unknown address and a missing one', () => {
    const email = `${randomSlug('support')}@example.com`;
    const boot = cli(env, [
      ...['bootstrap', '--email', email, '--password', 'long enough pw'],
      ...['--org-name', 'Support', '--org-slug', randomSlug('cli')],
    ]);
    assert.equal(boot.status, 0, boot.stderr);
    const user = JSON.parse(boot.stdout).user_id;

    const added = cli(env, ['operator', 'add', email.toUpperCase()]);
    assert.equal(added.status, 0, added.stderr);
    assert.deepEqual(JSON.parse(added.stdout), { user_id: user, email, changed: true, two_factor: false });
    assert.equal(JSON.parse(cli(env, ['operator', 'add', email]).stdout).changed, false);

    const removed = cli({ ...env, OPERATOR_EMAILS: email }, ['operator', 'remove', email]);
    assert.equal(removed.status, 0, removed.stderr);
    assert.deepEqual(JSON.parse(removed.stdout), {
      user_id: user,
      email,
      changed: true,
      still_operator_by_setting: true,
    });

    const unknown = cli(env, ['operator', 'add', 'nobody-here@example.com']);
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /no user signs in with nobody-here@example.com/);
    const missing = cli(env, ['operator', 'add']);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /operator add needs one e-mail address/);
    const bad = cli({ ...env, OPERATOR_EMAILS: 'ops@example.com, not-an-address' }, ['operator', 'add', email]);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /OPERATOR_EMAILS has entries that are no e-mail address: not-an-address/);
  });
});
