// The attack: an organization export carried every password-protected code's password_hash
// (docs/decisions.md D58). This test fills every table that holds a secret or a secret-derived value, builds
// every kind of export, and searches each file of each ZIP for the stored values and their shapes.
import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { call, seedMember, seedTenant, type Harness, type Member } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { asMember, headersOf, req } from '../../support/callers.js';
import { createCode } from '../../support/codes.js';
import { publishedPassport } from '../../support/passports.js';
import { replaceRecoveryCodes, sealSecret } from '../../../src/features/accounts/two-factor.js';
import { issueUserToken } from '../../../src/features/accounts/user-tokens.js';

/** Every stored secret or hash of the organization and its people, as stored. */
async function storedSecrets(h: Harness, orgId: string, userIds: string[]): Promise<string[]> {
  const values: Array<string | null> = [];
  const users = await h.db
    .selectFrom('users')
    .select(['password_hash', 'totp_secret_sealed'])
    .where('id', 'in', userIds)
    .execute();
  for (const u of users) values.push(u.password_hash, u.totp_secret_sealed);
  const codes = await h.db.selectFrom('codes').select('password_hash').where('organization_id', '=', orgId).execute();
  values.push(...codes.map((c) => c.password_hash));
  const keys = await h.db.selectFrom('api_keys').select('key_hash').where('organization_id', '=', orgId).execute();
  values.push(...keys.map((k) => k.key_hash));
  const sessions = await h.db
    .selectFrom('sessions')
    .select(['token_hash', 'csrf_token'])
    .where('user_id', 'in', userIds)
    .execute();
  for (const s of sessions) values.push(s.token_hash, s.csrf_token);
  const tokens = await h.db.selectFrom('user_tokens').select('token_hash').where('user_id', 'in', userIds).execute();
  values.push(...tokens.map((t) => t.token_hash));
  const recovery = await h.db
    .selectFrom('recovery_codes')
    .select('code_hash')
    .where('user_id', 'in', userIds)
    .execute();
  values.push(...recovery.map((r) => r.code_hash));
  const invites = await h.db
    .selectFrom('invitations')
    .select('token_hash')
    .where('organization_id', '=', orgId)
    .execute();
  values.push(...invites.map((i) => i.token_hash));
  const hooks = await h.db
    .selectFrom('webhook_endpoints')
    .select(['secret', 'previous_secret'])
    .where('organization_id', '=', orgId)
    .execute();
  for (const w of hooks) values.push(w.secret, w.previous_secret);
  const grants = await h.db
    .selectFrom('dpp_access_grants')
    .select('token_hash')
    .where('organization_id', '=', orgId)
    .execute();
  values.push(...grants.map((g) => g.token_hash));
  return values.filter((v): v is string => !!v && v.length >= 8);
}

/** Shapes of secrets, whatever their table: password hashes, sealed values, key and webhook secrets. */
const SHAPES: Array<[string, RegExp]> = [
  ['scrypt hash', /scrypt\$\d+\$/],
  ['argon2 or bcrypt hash', /\$argon2|\$2[aby]\$\d\d\$/],
  ['sealed value', /\bv1\.[A-Za-z0-9_-]{40,}/],
  ['webhook secret', /whsec_/],
  // The hint (prefix and four characters) names a key in the API too; anything longer is the key.
  ['API key', /qrs_sk_[0-9A-Za-z]{5,}/],
];

forEachDialect('privacy exports carry no secrets', (dialect) => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'qrs-export-secrets-'));
  });
  const { h } = useHarness(dialect, () => ({
    env: { PRIVACY_EXPORT_DIR: dir, PRIVACY_EXPORT_SWEEP_MS: '0', WEBHOOK_ALLOW_PRIVATE: 'true' },
    tenant: false,
  }));
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  async function exported(m: Member, scope: 'user' | 'organization') {
    const made = await req(h, asMember(m), 'POST', '/v1/privacy/exports', { scope });
    assert.equal(made.statusCode, 202, made.body);
    for (let i = 0; i < 400; i++) {
      const res = await req(h, asMember(m), 'GET', `/v1/privacy/exports/${made.json.data.id}`);
      assert.notEqual(res.json.data.status, 'failed');
      if (res.json.data.status === 'ready') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const res = await call(h, {
      method: 'GET',
      url: `/v1/privacy/exports/${made.json.data.id}/download`,
      headers: headersOf(asMember(m)),
    });
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    const files = unzipSync(new Uint8Array(res.rawPayload));
    return Object.entries(files).map(([name, bytes]) => ({ name, text: strFromU8(bytes) }));
  }

  it('organization and user exports hold no password hash, key, token, grant, TOTP, recovery or webhook secret', async () => {
    const t = await seedTenant(h, 'business');
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const editor = await seedMember(h, t, { workspace: 'editor' });
    const code = await createCode(h, t, { type: 'url', url: 'https://secret.example.com/', password: 'abcd1234' });
    assert.equal(code.password_protected, true);
    const key = await req(h, asMember(admin), 'POST', '/v1/api-keys', { name: 'mine' });
    assert.equal(key.statusCode, 201, key.body);
    const hook = await call(h, {
      method: 'POST',
      url: '/v1/webhooks',
      tenant: t,
      body: { url: 'http://127.0.0.1:9/hook', event_types: ['*'] },
    });
    assert.equal(hook.statusCode, 201, hook.body);
    const rotated = await call(h, {
      method: 'POST',
      url: `/v1/webhooks/${hook.json.data.id}/rotate-secret`,
      tenant: t,
    });
    assert.equal(rotated.statusCode, 200, rotated.body);
    const { passport } = await publishedPassport(h, 'ev', t);
    const grant = await call(h, {
      method: 'POST',
      url: `/v1/dpp/${passport.id}/access-grants`,
      tenant: t,
      body: { level: 'authority', expires_at: new Date(Date.now() + 86_400_000).toISOString(), note: 'Recycler' },
    });
    assert.equal(grant.statusCode, 201, grant.body.slice(0, 300));
    assert.equal(typeof grant.json.data.token, 'string');
    const invite = await req(h, asMember(admin), 'POST', '/v1/members', { email: 'invitee@example.com' });
    assert.equal(invite.statusCode, 201, invite.body);
    // 2FA and e-mailed tokens, seeded through their own functions (their routes are tested elsewhere).
    const now = new Date();
    for (const m of [admin, editor]) {
      await h.db
        .updateTable('users')
        .set({
          totp_secret_sealed: sealSecret(h.config.secretsKey, 'JBSWY3DPEHPK3PXPJBSWY3DP'),
          totp_enabled_at: now.toISOString(),
        })
        .where('id', '=', m.userId)
        .execute();
      await replaceRecoveryCodes(h.db, m.userId);
      await issueUserToken(
        h.db,
        { userId: m.userId, purpose: 'password_reset', email: m.email, ttlMs: 3_600_000 },
        now,
      );
    }

    const secrets = [
      ...(await storedSecrets(h, t.organizationId, [admin.userId, editor.userId, t.userId])),
      key.json.data.api_key,
      hook.json.data.secret,
      rotated.json.data.secret,
      grant.json.data.token,
    ];
    assert.ok(secrets.length >= 20, `the fixture stores secrets (${secrets.length})`);
    assert.ok(secrets.some((s) => s.startsWith('scrypt$')));

    const zips = {
      organization: await exported(admin, 'organization'),
      'admin user': await exported(admin, 'user'),
      'editor user': await exported(editor, 'user'),
    };
    const codes = JSON.parse(zips.organization.find((f) => f.name === 'codes.json')!.text);
    assert.equal(codes[0].password_protected, 1, 'the export still says the code asks for a password');
    assert.equal('password_hash' in codes[0], false);
    for (const [kind, files] of Object.entries(zips))
      for (const { name, text } of files) {
        for (const s of secrets)
          assert.ok(
            !text.includes(s),
            `${kind} export, ${name}: a stored secret ${s.slice(0, 12)}… in ${text.split('\n').find((l) => l.includes(s))}`,
          );
        for (const [what, shape] of SHAPES) assert.doesNotMatch(text, shape, `${kind} export, ${name}: ${what}`);
        assert.doesNotMatch(text, /password_hash|token_hash|key_hash|code_hash|totp_secret/);
      }
  });
});
