// NIST 800-63B password rules (docs/security.md) wherever a password is set: signup, password change and
// the CLI bootstrap, on every dialect; a refused password changes nothing.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, expectProblem, randomSlug, seedMember, seedTenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { passwordProblem } from '../../../src/features/accounts/password-rules.js';

const REFUSED: Array<[string, string]> = [
  ['elevenchars', 'minLength'],
  ['x'.repeat(200) + 'y'.repeat(57), 'maxLength'],
  ['password1234', 'common_password'],
  ['123456789012', 'common_password'],
  ['PASSWORD1234', 'common_password'],
  ['aaaaaaaaaaaaaaaa', 'repetitive'],
  ['abababababab', 'repetitive'],
];

describe('password rules', () => {
  it('length, the common list, repetition and the e-mail address', () => {
    for (const [pw, code] of REFUSED) assert.equal(passwordProblem(pw)?.code, code, pw);
    assert.equal(passwordProblem('my ada.lovelace pass', 'ada.lovelace@example.com')?.code, 'contains_email');
    // Length counts characters, not UTF-16 units or bytes: 12 emoji are 12 characters.
    assert.equal(passwordProblem('🔑🚲🌧️🍋🎻🦔🧭🪁🥨🛶🎲🪴'), null);
    assert.deepEqual(passwordProblem('🔑🚲🍋🎻🦔🧭🪁🥨🛶🎲🪴'), {
      code: 'minLength',
      detail: 'must be at least 12 characters',
    });
    for (const ok of ['correct horse battery', 'a new secret', 'Tr0ub4dor&3x'])
      assert.equal(passwordProblem(ok), null, ok);
  });
});

forEachDialect('password rules over HTTP', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  it('signup refuses each weak password with 422 at /password and creates nothing', async () => {
    const email = `${randomSlug('pw')}@example.com`;
    const slug = randomSlug('pw');
    for (const [password, code] of [
      ...REFUSED,
      [`${email.split('@')[0]}-2026`, 'contains_email'] as [string, string],
    ]) {
      const p = expectProblem(
        await call(h, {
          method: 'POST',
          url: '/auth/signup',
          body: { email, password, org_name: 'Weak', org_slug: slug },
        }),
        422,
        'validation-error',
      );
      assert.deepEqual(
        p.errors.map((e: any) => [e.pointer, e.code]),
        [['/password', code]],
        password,
      );
    }
    assert.equal(await h.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(), undefined);
    assert.equal(
      await h.db.selectFrom('organizations').select('id').where('slug', '=', slug).executeTakeFirst(),
      undefined,
    );
    const ok = await call(h, {
      method: 'POST',
      url: '/auth/signup',
      body: { email, password: 'purple elephant 42', org_name: 'Strong', org_slug: slug },
    });
    assert.equal(ok.statusCode, 201, ok.body);
  });

  it('password change refuses a weak new password at /new_password; the old one keeps working', async () => {
    const t = await seedTenant(h);
    const m = await seedMember(h, t, { workspace: 'viewer' });
    for (const [pw, code] of REFUSED) {
      const res = await call(h, {
        method: 'POST',
        url: '/auth/password',
        headers: m.headers,
        body: { current_password: m.password, new_password: pw },
      });
      const p = expectProblem(res, 422, 'validation-error');
      assert.deepEqual(
        p.errors.map((e: any) => [e.pointer, e.code]),
        [['/new_password', code]],
        pw,
      );
    }
    const before = await h.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', m.userId)
      .executeTakeFirstOrThrow();
    const login = await call(h, {
      method: 'POST',
      url: '/auth/login',
      remoteAddress: '10.66.0.1',
      body: { email: m.email, password: m.password },
    });
    assert.equal(login.statusCode, 200, 'weak attempts neither changed the password nor locked the account');
    const ok = await call(h, {
      method: 'POST',
      url: '/auth/password',
      headers: m.headers,
      body: { current_password: m.password, new_password: 'a sturdier passphrase' },
    });
    assert.equal(ok.statusCode, 200, ok.body);
    const after = await h.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', m.userId)
      .executeTakeFirstOrThrow();
    assert.notEqual(after.password_hash, before.password_hash);
  });
});

describe('CLI bootstrap', () => {
  it('refuses a weak --password', () => {
    const dir = mkdtempSync(join(tmpdir(), 'qrs-pw-'));
    try {
      const env = { ...process.env, DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`, LOG_LEVEL: 'silent' };
      const run = (pw: string) =>
        spawnSync(
          process.execPath,
          [
            '--import',
            'tsx',
            'src/cli/main.ts',
            'bootstrap',
            '--email',
            'ops@example.com',
            '--password',
            pw,
            '--org-name',
            'Ops',
            '--org-slug',
            'ops',
          ],
          { env, encoding: 'utf8' },
        );
      const weak = run('password1234');
      assert.equal(weak.status, 2);
      assert.match(weak.stderr, /--password is one of the most common passwords.*\(common_password\)/);
      // A strong one is the bootstrap that test/cli/process.test.ts runs.
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
