// @qrs/sdk's helpers for folders and for the operator's console, against a real server on a real
// port (SQLite): folders and campaigns made, codes moved in bulk and listed by folder, a full
// folder refused; an operator's session changes a plan, suspends and lifts, disables and enables a
// user, names and removes an operator, publishes and withdraws an announcement, tests the mail and
// reads the instance audit log; a customer's session gets the 404 of an unknown route.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { Qrs, QrsError } from '../../sdk/src/index.js';
import { randomSlug, seedTenant, type Tenant } from '../support/harness.js';
import { sqlite, useHarness } from '../support/suite.js';
import { cookieJarFetch } from '../support/cookie-jar.js';
import { person } from '../features/operator/operator-people.js';

const OPERATOR = `${randomSlug('sdk-ops')}@example.com`;

describe('@qrs/sdk: folders and the operator console', () => {
  const { h } = useHarness(sqlite, {
    env: { BASE_URL: 'http://127.0.0.1', OPERATOR_EMAILS: OPERATOR },
    tenant: false,
  });
  let baseUrl: string;
  let t: Tenant;
  before(async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
    t = await seedTenant(h, 'agency');
  });

  it('makes folders and a campaign, moves codes in bulk, lists by folder and refuses to delete a full one', async () => {
    const qrs = new Qrs({ apiKey: t.apiKey, baseUrl });
    const client = await qrs.folders.create({ name: 'Client A' });
    const spring = await qrs.folders.create({
      name: 'Spring sale',
      parent_id: client.id,
      kind: 'campaign',
      starts_on: '2026-03-01',
      ends_on: '2026-05-31',
      utm: { source: 'poster', medium: 'print', campaign: 'spring' },
    });
    assert.equal((await qrs.folders.get(spring.id)).parent_id, client.id);
    const codes = [];
    for (let i = 0; i < 3; i++)
      codes.push(await qrs.codes.create({ type: 'url', url: `https://shop.example.com/${i}` }));
    await qrs.folders.moveCodes({ code_ids: codes.map((c) => c.id), folder_id: spring.id });
    const inClient = [];
    for await (const c of qrs.codes.list({ folder_id: client.id })) inClient.push(c.id);
    assert.deepEqual(inClient.sort(), codes.map((c) => c.id).sort(), 'a folder lists its subfolders’ codes');
    const names = [];
    for await (const f of qrs.folders.list()) names.push(f.name);
    assert.ok(names.includes('Client A') && names.includes('Spring sale'));
    assert.equal((await qrs.folders.update(client.id, { name: 'Client A GmbH' })).name, 'Client A GmbH');
    const full = await qrs.folders.delete(spring.id).catch((e: unknown) => e);
    assert.ok(full instanceof QrsError && full.status === 409, String(full));
    await qrs.folders.moveCodes({ code_ids: codes.map((c) => c.id), folder_id: null });
    await qrs.folders.delete(spring.id);
    const gone = await qrs.folders.get(spring.id).catch((e: unknown) => e);
    assert.ok(gone instanceof QrsError && gone.status === 404);
  });

  it("an operator's session does the console's day from a script; a customer gets 404", async () => {
    const op = await person(h, { email: OPERATOR });
    const operator = new Qrs({ baseUrl, fetch: cookieJarFetch() });
    await operator.auth.signIn(OPERATOR, op.tenant.password);
    // Two-factor sign-in, turned on after this session began: the console checks it each request.
    await h.db
      .updateTable('users')
      .set({ totp_enabled_at: new Date().toISOString() })
      .where('id', '=', op.tenant.userId)
      .execute();
    const console = operator.operator;
    assert.equal((await console.session()).email, OPERATOR);

    const found = [];
    for await (const o of console.organizations.list({ q: t.organizationId })) found.push(o.id);
    assert.deepEqual(found, [t.organizationId]);
    assert.equal((await console.organizations.setPlan(t.organizationId, 'pro')).plan, 'pro');
    const suspended = await console.organizations.suspend(t.organizationId, { reason: 'SDK check', redirects: 'keep' });
    assert.equal(suspended.suspension?.reason, 'SDK check');
    assert.equal((await console.organizations.unsuspend(t.organizationId)).suspension, null);

    assert.equal((await console.users.disable(t.userId, 'SDK check')).disabled_reason, 'SDK check');
    assert.equal((await console.users.enable(t.userId)).disabled_at, null);

    const colleague = await person(h, {});
    assert.equal((await console.operators.add(colleague.tenant.email)).named, true);
    assert.ok((await console.operators.list()).some((o) => o.email === colleague.tenant.email));
    assert.equal((await console.operators.remove(colleague.tenant.userId)).named, false);

    const draft = await console.announcements.create({ title: 'Maintenance', body: 'Sunday 02:00 UTC.' });
    assert.equal((await console.announcements.publish(draft.id)).status, 'live');
    assert.equal((await console.announcements.withdraw(draft.id)).status, 'withdrawn');

    assert.equal(typeof (await console.limits.get()).invitations_per_day, 'number');
    assert.equal((await console.health()).database.reachable, true);
    assert.equal((await console.mailTest({ to: 'ops@example.com' })).sent_to, 'ops@example.com');

    const actions = [];
    for await (const e of console.audit({ target_id: t.organizationId })) actions.push(e.action);
    assert.ok(
      actions.includes('organization.plan_changed') && actions.includes('organization.suspended'),
      String(actions),
    );

    const customer = new Qrs({ baseUrl, fetch: cookieJarFetch() });
    await customer.auth.signIn(t.email, t.password);
    const refused = await customer.operator.organizations
      .list()
      .next()
      .catch((e: unknown) => e);
    assert.ok(refused instanceof QrsError && refused.status === 404, String(refused));
  });
});
