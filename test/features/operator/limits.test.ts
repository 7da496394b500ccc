import { it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { call, expectProblem, randomSlug, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, sessionOf, useHarness } from '../../support/suite.js';
import { instanceLog, person } from './operator-people.js';

const OPERATOR = `${randomSlug('ops-lim')}@example.com`;
const logoBody = (n: number) => ({
  content_type: 'image/svg+xml',
  data: Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="${n % 5}" fill="#123456"/></svg>`,
  ).toString('base64'),
});
const pdf = { name: 'a.pdf', content_type: 'application/pdf', data: Buffer.from('%PDF-1.4\nqqqq').toString('base64') };

forEachDialect("the operator's limits", (dialect) => {
  const dir = mkdtempSync(join(tmpdir(), 'qrs-limits-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const { h } = useHarness(dialect, {
    env: { OPERATOR_EMAILS: OPERATOR, STORAGE_DIR: dir, INVITATIONS_PER_DAY: '50', EMAIL_VERIFICATION: 'off' },
    tenant: false,
  });

  let op: Awaited<ReturnType<typeof person>>;
  const operator = async () => (op ??= await person(h, { email: OPERATOR, twoFactor: true }));
  const limits = async (method: 'GET' | 'PUT' = 'GET', body?: unknown) =>
    call(h, { method, url: '/v1/operator/limits', body, headers: (await operator()).headers });
  const invite = async (t: Tenant, headers: Record<string, string>) =>
    call(h, { method: 'POST', url: '/v1/members', headers, body: { email: `${randomSlug('i')}@example.com` } });

  it('reads the environment until the operator sets something', async () => {
    const res = await limits();
    assert.equal(res.statusCode, 200, res.body);
    const l = res.json.data;
    assert.deepEqual(l.plans.free, { max_storage_bytes: 25 * 1024 * 1024, max_files: 10, max_logos: 10 });
    assert.equal(l.invitations_per_day, 50);
    assert.equal(l.verified_mail_only, false);
    assert.deepEqual(l.overrides, {});
    assert.deepEqual(l.defaults, { plans: l.plans, invitations_per_day: 50, verified_mail_only: false });
  });

  it("lowering the free plan's logos and files refuses the next upload with 403 plan-limit-exceeded; usage reports it", async () => {
    const t = await seedTenant(h, 'free');
    assert.equal((await call(h, { method: 'POST', url: '/v1/logos', tenant: t, body: logoBody(1) })).statusCode, 201);
    assert.equal((await call(h, { method: 'POST', url: '/v1/files', tenant: t, body: pdf })).statusCode, 201);
    const set = await limits('PUT', { plans: { free: { max_logos: 1, max_files: 1 } } });
    assert.equal(set.statusCode, 200, set.body);
    assert.deepEqual(set.json.data.plans.free, { max_storage_bytes: 25 * 1024 * 1024, max_files: 1, max_logos: 1 });
    assert.deepEqual(set.json.data.overrides, { plans: { free: { max_logos: 1, max_files: 1 } } });
    assert.equal(set.json.data.updated_by, op.tenant.userId);
    const logo = expectProblem(
      await call(h, { method: 'POST', url: '/v1/logos', tenant: t, body: logoBody(2) }),
      403,
      'plan-limit-exceeded',
    );
    assert.deepEqual([logo.limit, logo.meter], [1, 'logos']);
    const file = expectProblem(
      await call(h, { method: 'POST', url: '/v1/files', tenant: t, body: pdf }),
      403,
      'plan-limit-exceeded',
    );
    assert.deepEqual([file.limit, file.meter], [1, 'files']);
    const usage = (await call(h, { url: '/v1/organizations/usage', tenant: t })).json.data.storage;
    assert.deepEqual([usage.files.limit, usage.logos.limit], [1, 1]);

    const [entry] = await instanceLog(h, 'limits');
    assert.equal(entry.action, 'limits.changed');
    assert.equal(entry.operator_id, op.tenant.userId);
    assert.deepEqual(
      [JSON.parse(entry.before!), JSON.parse(entry.after!)],
      [{}, { plans: { free: { max_logos: 1, max_files: 1 } } }],
    );

    // null is unlimited; leaving the field out goes back to the environment.
    const unlimited = await limits('PUT', { plans: { free: { max_logos: null } } });
    assert.deepEqual(unlimited.json.data.plans.free, {
      max_storage_bytes: 25 * 1024 * 1024,
      max_files: 10,
      max_logos: null,
    });
    assert.equal((await call(h, { method: 'POST', url: '/v1/logos', tenant: t, body: logoBody(3) })).statusCode, 201);
    assert.equal((await limits('PUT', {})).statusCode, 200);
  });

  it('a lower invitation cap is a 429 past it', async () => {
    const t = await seedTenant(h, 'free');
    const admin = await sessionOf(h, t);
    assert.equal((await limits('PUT', { invitations_per_day: 2 })).statusCode, 200);
    for (let i = 0; i < 2; i++) assert.equal((await invite(t, admin.headers)).statusCode, 201);
    const p = expectProblem(await invite(t, admin.headers), 429, 'rate-limited');
    assert.equal(p.limit, 2);
    assert.equal((await limits('PUT', {})).statusCode, 200);
    assert.equal((await invite(t, admin.headers)).statusCode, 201, 'back to INVITATIONS_PER_DAY');
  });

  it('with verified-only mail on, an unverified user may not invite; off, they may', async () => {
    const t = await seedTenant(h, 'free');
    await h.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', t.userId).execute();
    const admin = await sessionOf(h, t);
    assert.equal((await invite(t, admin.headers)).statusCode, 201, 'EMAIL_VERIFICATION=off lets them');
    assert.equal((await limits('PUT', { verified_mail_only: true })).json.data.verified_mail_only, true);
    expectProblem(await invite(t, admin.headers), 403, 'email-unverified');
    const billing = await call(h, {
      method: 'PATCH',
      url: `/v1/organizations/${t.organizationId}`,
      headers: admin.headers,
      body: { billing_email: 'someone-else@example.com' },
    });
    expectProblem(billing, 403, 'email-unverified');
    await h.db
      .updateTable('users')
      .set({ email_verified_at: new Date().toISOString() })
      .where('id', '=', t.userId)
      .execute();
    assert.equal((await invite(t, admin.headers)).statusCode, 201, 'verified: allowed');
    assert.equal((await limits('PUT', {})).statusCode, 200);
  });

  it('bad input is a problem with a pointer and changes nothing', async () => {
    const before = (await limits()).json.data;
    const cases: Array<[unknown, string]> = [
      [{ plans: { free: { max_files: 0 } } }, '/plans/free/max_files'],
      [{ plans: { free: { max_logos: 1.5 } } }, '/plans/free/max_logos'],
      [{ plans: { gold: { max_files: 1 } } }, '/plans'],
      [{ invitations_per_day: null }, '/invitations_per_day'],
      [{ invitations_per_day: -1 }, '/invitations_per_day'],
      [{ verified_mail_only: 'yes' }, '/verified_mail_only'],
    ];
    for (const [body, pointer] of cases) {
      const problem = expectProblem(await limits('PUT', body), 422, 'validation-error');
      assert.ok(
        problem.errors.some((e: any) => String(e.pointer).startsWith(pointer)),
        `${JSON.stringify(body)}: ${JSON.stringify(problem.errors)}`,
      );
    }
    assert.deepEqual((await limits()).json.data, before);
  });

  it('non-operators get the 404 of an unknown route, and nothing changes', async () => {
    const plain = await person(h, { twoFactor: true });
    for (const headers of [plain.headers, plain.tenant.auth, {}]) {
      expectProblem(await call(h, { url: '/v1/operator/limits', headers }), 404, 'not-found');
      expectProblem(
        await call(h, { method: 'PUT', url: '/v1/operator/limits', headers, body: { invitations_per_day: 1 } }),
        404,
        'not-found',
      );
    }
    assert.equal((await limits()).json.data.invitations_per_day, 50);
  });
});
