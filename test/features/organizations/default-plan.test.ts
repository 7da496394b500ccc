import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.js';
import { call, createHarness, randomSlug, seedTenant, type Harness } from '../../support/harness.js';
import { forEachDialect } from '../../support/suite.js';

// Issue #24 finding 3: a self-hoster's own sign-up was stuck on Free, and no command changed a plan.
function cli(env: NodeJS.ProcessEnv, args: string[]) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

describe('DEFAULT_PLAN setting', () => {
  it('is enterprise without billing and free with it unless set; an unknown plan stops the start with a message naming it', () => {
    assert.equal(loadConfig({}).defaultPlan, 'enterprise');
    assert.equal(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }).defaultPlan, 'free');
    assert.equal(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', DEFAULT_PLAN: 'pro' }).defaultPlan, 'pro');
    assert.equal(loadConfig({ DEFAULT_PLAN: 'free' }).defaultPlan, 'free');
    assert.equal(loadConfig({ DEFAULT_PLAN: 'business' }).defaultPlan, 'business');
    assert.throws(() => loadConfig({ DEFAULT_PLAN: 'gold' }), /DEFAULT_PLAN must be one of free, pro, .*"gold"/);
  });
});

forEachDialect('plans on a self-hosted server', (dialect) => {
  let dir: string;
  let h: Harness;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'qrs-plan-'));
    const url = dialect.name === 'sqlite' ? `sqlite:${join(dir, 'x.sqlite')}` : dialect.url;
    env = { DATABASE_URL: url, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
    h = await createHarness({ ...dialect, url }, { DEFAULT_PLAN: 'business' });
  });
  after(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sign-up and POST /v1/organizations create organizations on DEFAULT_PLAN', async () => {
    const res = await call(h, {
      method: 'POST',
      url: '/auth/signup',
      body: { email: `${randomSlug('s')}@example.com`, password: 'long enough pass', org_name: 'Self Host' },
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json.data.organization.plan, 'business');
    const t = await seedTenant(h);
    const made = await call(h, {
      method: 'POST',
      url: '/v1/organizations',
      tenant: t,
      body: { name: 'Second', slug: randomSlug('o') },
    });
    assert.equal(made.statusCode, 201, made.body);
    assert.equal(made.json.data.plan, 'business');
  });

  it('org set-plan changes the plan by id or slug, audited as a system action; a repeat changes nothing', async () => {
    const t = await seedTenant(h, 'free');
    const { slug } = await h.db
      .selectFrom('organizations')
      .select('slug')
      .where('id', '=', t.organizationId)
      .executeTakeFirstOrThrow();
    const first = cli(env, ['org', 'set-plan', '--org', slug, '--plan', 'enterprise']);
    assert.equal(first.status, 0, first.stderr);
    assert.deepEqual(JSON.parse(first.stdout), {
      organization_id: t.organizationId,
      plan: 'enterprise',
      previous_plan: 'free',
      changed: true,
    });
    const org = await call(h, { url: '/v1/organizations', tenant: t });
    assert.equal(org.json.data.plan, 'enterprise');
    const audit = await h.db.selectFrom('audit_logs').selectAll().where('resource_id', '=', t.organizationId).execute();
    assert.equal(audit.length, 1);
    assert.equal(audit[0].action, 'organizations.updated');
    assert.equal(audit[0].actor_type, 'system');
    assert.equal(audit[0].workspace_id, t.workspaceId);
    assert.deepEqual(JSON.parse(audit[0].changes).plan, { old: 'free', new: 'enterprise' });

    const again = cli(env, ['org', 'set-plan', '--org', t.organizationId, '--plan', 'enterprise']);
    assert.equal(again.status, 0, again.stderr);
    assert.equal(JSON.parse(again.stdout).changed, false);
    const after = await h.db
      .selectFrom('audit_logs')
      .select('id')
      .where('resource_id', '=', t.organizationId)
      .execute();
    assert.equal(after.length, 1);
  });

  it('an unknown organization or plan is refused with a message, and nothing changes', async () => {
    const t = await seedTenant(h, 'pro');
    const unknown = cli(env, ['org', 'set-plan', '--org', 'no-such-org', '--plan', 'pro']);
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /organization no-such-org not found/);
    const badPlan = cli(env, ['org', 'set-plan', '--org', t.organizationId, '--plan', 'gold']);
    assert.equal(badPlan.status, 2);
    assert.match(badPlan.stderr, /--plan must be one of/);
    const missing = cli(env, ['org', 'set-plan', '--plan', 'pro']);
    assert.equal(missing.status, 2);
    const org = await call(h, { url: '/v1/organizations', tenant: t });
    assert.equal(org.json.data.plan, 'pro');
  });
});
