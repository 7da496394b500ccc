import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import Stripe from 'stripe';
import {
  call,
  createHarness,
  expectProblem,
  randomSlug,
  seedMember,
  seedTenant,
  type Harness,
} from '../../support/harness.js';
import { forEachDialect } from '../../support/suite.js';
import { asKey, asMember, assertErrorAt, req } from '../../support/callers.js';
import { stripeStandIn } from '../../support/stripe-stand-in.js';
import { expireGracePeriods } from '../../../src/features/billing/grace.js';

const SECRET = 'whsec_qrs_test_secret';
const stripe = new Stripe('sk_test_unused');
let seq = 0;
const uid = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(seq++).toString(36)}${randomSlug('').slice(1)}`;

/** A subscription as Stripe sends it inside an event (trimmed to the fields of the recorded payloads). */
function subscription(o: {
  id: string;
  customer: string;
  status: string;
  price: string;
  created: number;
  org?: string;
}) {
  return {
    id: o.id,
    object: 'subscription',
    customer: o.customer,
    status: o.status,
    created: o.created,
    cancel_at_period_end: false,
    metadata: o.org ? { organization_id: o.org } : {},
    items: {
      object: 'list',
      data: [
        {
          id: uid('si'),
          object: 'subscription_item',
          price: { id: o.price, object: 'price' },
          current_period_start: o.created,
          current_period_end: o.created + 30 * 86_400,
        },
      ],
    },
  };
}

function event(type: string, object: unknown, created: number, id = uid('evt')) {
  return { id, object: 'event', api_version: '2026-10-28.endive', type, created, livemode: false, data: { object } };
}

forEachDialect('billing', (dialect) => {
  let h: Harness;
  let off: Harness;
  let standIn: Awaited<ReturnType<typeof stripeStandIn>>;

  before(async () => {
    standIn = await stripeStandIn({
      'POST /v1/customers': (r) => ({
        body: { id: uid('cus'), object: 'customer', name: r.form.name, metadata: {}, livemode: false },
      }),
      'POST /v1/checkout/sessions': () => {
        const id = uid('cs_test');
        return {
          body: {
            id,
            object: 'checkout.session',
            mode: 'subscription',
            status: 'open',
            url: `https://checkout.stripe.com/c/pay/${id}`,
          },
        };
      },
      'POST /v1/billing_portal/sessions': (r) => ({
        body: {
          id: uid('bps'),
          object: 'billing_portal.session',
          customer: r.form.customer,
          return_url: r.form.return_url,
          url: `https://billing.stripe.com/p/session/test_${randomSlug('p')}`,
        },
      }),
    });
    h = await createHarness(dialect, {
      STRIPE_SECRET_KEY: 'sk_test_qrsStandIn',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_PRICE_PRO: 'price_pro',
      STRIPE_PRICE_BUSINESS: 'price_business',
      STRIPE_API_URL: standIn.url,
      BILLING_GRACE_INTERVAL_MS: '0',
    });
    off = await createHarness(dialect);
  });
  after(async () => {
    await h.close();
    await off.close();
    await standIn.close();
  });

  const webhook = (target: Harness, payload: string, signature?: string) =>
    call(target, {
      method: 'POST',
      url: '/billing/stripe/webhook',
      body: payload,
      headers: signature === undefined ? {} : { 'stripe-signature': signature },
    });
  const send = (evt: unknown, opts: { secret?: string; timestamp?: number } = {}) => {
    const payload = JSON.stringify(evt);
    const header = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? SECRET,
      timestamp: opts.timestamp,
    });
    return webhook(h, payload, header);
  };
  const planOf = async (orgId: string) =>
    (await h.db.selectFrom('organizations').select('plan').where('id', '=', orgId).executeTakeFirstOrThrow()).plan;
  const systemEntries = (orgId: string) =>
    h.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('organization_id', '=', orgId)
      .where('actor_type', '=', 'system')
      .where('resource_type', '=', 'organizations')
      .execute();

  /** An organization with an admin session and a customer at the stand-in (through a real checkout). */
  async function subscribedTenant(plan: 'free' | 'pro' = 'free') {
    const t = await seedTenant(h, plan);
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const res = await req(h, asMember(admin), 'POST', '/v1/billing/checkout', { plan: 'pro' });
    assert.equal(res.statusCode, 200, res.body);
    const row = await h.db
      .selectFrom('billing_accounts')
      .selectAll()
      .where('organization_id', '=', t.organizationId)
      .executeTakeFirstOrThrow();
    return { t, admin, customer: row.customer_id! };
  }

  it('without STRIPE_SECRET_KEY every billing route is a 404 naming the setting', async () => {
    const t = await seedTenant(off);
    const admin = await seedMember(off, t, { org: 'org_admin' });
    for (const [method, url, body] of [
      ['GET', '/v1/billing', undefined],
      ['POST', '/v1/billing/checkout', { plan: 'pro' }],
      ['POST', '/v1/billing/portal', undefined],
    ] as const) {
      const p = expectProblem(await req(off, asMember(admin), method, url, body), 404, 'not-found');
      assert.match(p.detail, /STRIPE_SECRET_KEY/);
    }
    const payload = JSON.stringify(event('invoice.paid', {}, 1));
    const p = expectProblem(await webhook(off, payload, 't=1,v1=00'), 404, 'not-found');
    assert.match(p.detail, /STRIPE_SECRET_KEY/);
  });

  it('GET /v1/billing: org_admin sessions only; API keys and other roles get 403', async () => {
    const t = await seedTenant(h);
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const res = await req(h, asMember(admin), 'GET', '/v1/billing');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json.data, {
      organization_id: t.organizationId,
      plan: 'free',
      status: 'none',
      subscribed_plan: null,
      current_period_end: null,
      cancel_at_period_end: false,
      customer_id: null,
      grace_ends_at: null,
    });
    expectProblem(await req(h, asKey(t), 'GET', '/v1/billing'), 403, 'forbidden');
    expectProblem(await req(h, asKey(t), 'POST', '/v1/billing/checkout', { plan: 'pro' }), 403, 'forbidden');
    expectProblem(await req(h, asKey(t), 'POST', '/v1/billing/portal'), 403, 'forbidden');
    const wsAdmin = await seedMember(h, t, { workspace: 'ws_admin' });
    expectProblem(await req(h, asMember(wsAdmin), 'GET', '/v1/billing'), 403, 'forbidden');
    expectProblem(await call(h, { url: '/v1/billing' }), 401, 'authentication');
  });

  it('checkout goes through the real client to the stand-in: customer first, then a subscription session', async () => {
    const t = await seedTenant(h);
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const from = standIn.sent.length;
    const res = await req(h, asMember(admin), 'POST', '/v1/billing/checkout', { plan: 'business' });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(res.json.data.url, /^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    assert.match(res.json.data.session_id, /^cs_test_/);
    const [customer, session] = standIn.sent.slice(from);
    assert.equal(customer.path, '/v1/customers');
    assert.equal(customer.headers.authorization, 'Bearer sk_test_qrsStandIn');
    assert.equal(customer.headers['idempotency-key'], `qrs-customer-${t.organizationId}`);
    assert.equal(customer.form['metadata[organization_id]'], t.organizationId);
    assert.equal(customer.form.name, 'Test Org');
    assert.equal(session.path, '/v1/checkout/sessions');
    assert.equal(session.headers.authorization, 'Bearer sk_test_qrsStandIn');
    assert.deepEqual(
      {
        mode: session.form.mode,
        price: session.form['line_items[0][price]'],
        quantity: session.form['line_items[0][quantity]'],
        client_reference_id: session.form.client_reference_id,
        sub_org: session.form['subscription_data[metadata][organization_id]'],
        success: session.form.success_url,
        cancel: session.form.cancel_url,
      },
      {
        mode: 'subscription',
        price: 'price_business',
        quantity: '1',
        client_reference_id: t.organizationId,
        sub_org: t.organizationId,
        success: 'http://qrs.test/billing?checkout=success',
        cancel: 'http://qrs.test/billing?checkout=cancelled',
      },
    );
    const billing = (await req(h, asMember(admin), 'GET', '/v1/billing')).json.data;
    assert.match(billing.customer_id, /^cus_/);
    assert.equal(session.form.customer, billing.customer_id);
    assert.equal(billing.plan, 'free', 'the plan changes when the provider confirms, not at checkout');
    // A second checkout reuses the customer.
    const again = standIn.sent.length;
    assert.equal((await req(h, asMember(admin), 'POST', '/v1/billing/checkout', { plan: 'pro' })).statusCode, 200);
    assert.deepEqual(
      standIn.sent.slice(again).map((r) => r.path),
      ['/v1/checkout/sessions'],
    );
  });

  it('bad checkout input is a 400/422 with pointers and reaches neither the provider nor the database', async () => {
    const t = await seedTenant(h);
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const from = standIn.sent.length;
    assertErrorAt(
      expectProblem(
        await req(h, asMember(admin), 'POST', '/v1/billing/checkout', { plan: 'free' }),
        422,
        'validation-error',
      ),
      '/plan',
    );
    assertErrorAt(
      expectProblem(
        await req(h, asMember(admin), 'POST', '/v1/billing/checkout', { plan: 'gold' }),
        422,
        'validation-error',
      ),
      '/plan',
    );
    assertErrorAt(
      expectProblem(
        await req(h, asMember(admin), 'POST', '/v1/billing/checkout', { plan: 'pro', coupon: 'x' }),
        422,
        'validation-error',
      ),
      '/coupon',
      'unknown_field',
    );
    assertErrorAt(
      expectProblem(
        await req(h, asMember(admin), 'POST', '/v1/billing/checkout', { plan: 'agency' }),
        422,
        'validation-error',
      ),
      '/plan',
      'plan_not_for_sale',
    );
    expectProblem(await req(h, asMember(admin), 'POST', '/v1/billing/checkout', {}), 400, 'bad-request');
    assert.equal(standIn.sent.length, from);
    const rows = await h.db
      .selectFrom('billing_accounts')
      .select('organization_id')
      .where('organization_id', '=', t.organizationId)
      .execute();
    assert.deepEqual(rows, []);
  });

  it('portal: 409 before any customer; then the stand-in gets the customer and the return URL', async () => {
    const t = await seedTenant(h);
    const admin = await seedMember(h, t, { org: 'org_admin' });
    expectProblem(await req(h, asMember(admin), 'POST', '/v1/billing/portal'), 409, 'conflict');
    const { admin: a2, customer } = await subscribedTenant();
    const from = standIn.sent.length;
    const res = await req(h, asMember(a2), 'POST', '/v1/billing/portal');
    assert.equal(res.statusCode, 200, res.body);
    assert.match(res.json.data.url, /^https:\/\/billing\.stripe\.com\/p\/session\//);
    const [sent] = standIn.sent.slice(from);
    assert.equal(sent.path, '/v1/billing_portal/sessions');
    assert.deepEqual(sent.form, { customer, return_url: 'http://qrs.test/billing' });
  });

  it('a subscription event sets the plan, audited as system; a replay changes nothing', async () => {
    const { t, admin, customer } = await subscribedTenant();
    const now = Math.floor(Date.now() / 1000);
    const sub = subscription({ id: uid('sub'), customer, status: 'active', price: 'price_pro', created: now });
    const evt = event('customer.subscription.created', sub, now);
    const res = await send(evt);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json.data, { event_id: evt.id, outcome: 'applied' });
    assert.equal(await planOf(t.organizationId), 'pro');
    const entries = await systemEntries(t.organizationId);
    assert.equal(entries.length, 1);
    assert.equal(entries[0].action, 'organizations.updated');
    assert.equal(entries[0].actor_id, null);
    assert.deepEqual(JSON.parse(entries[0].changes), { plan: { old: 'free', new: 'pro' } });
    const billing = (await req(h, asMember(admin), 'GET', '/v1/billing')).json.data;
    assert.equal(billing.status, 'active');
    assert.equal(billing.subscribed_plan, 'pro');
    assert.equal(billing.current_period_end, new Date((now + 30 * 86_400) * 1000).toISOString());

    // The same event again (Stripe retries): acknowledged, nothing changes.
    const replay = await send(evt);
    assert.equal(replay.json.data.outcome, 'duplicate');
    // Even a replay whose body was altered cannot pass: it would need a new signature.
    assert.equal((await systemEntries(t.organizationId)).length, 1);
    // A deletion then a replayed creation: still Free.
    await send(event('customer.subscription.deleted', { ...sub, status: 'canceled' }, now + 10));
    assert.equal(await planOf(t.organizationId), 'free');
    assert.equal((await send(evt)).json.data.outcome, 'duplicate');
    assert.equal(await planOf(t.organizationId), 'free');
    assert.equal((await systemEntries(t.organizationId)).length, 2);
  });

  it('forged, stale and unsigned events get 400 and change nothing', async () => {
    const { t, customer } = await subscribedTenant();
    const now = Math.floor(Date.now() / 1000);
    const evt = event(
      'customer.subscription.created',
      subscription({ id: uid('sub'), customer, status: 'active', price: 'price_business', created: now }),
      now,
    );
    expectProblem(await send(evt, { secret: 'whsec_not_ours' }), 400, 'bad-request');
    expectProblem(await send(evt, { timestamp: now - 3_600 }), 400, 'bad-request');
    const payload = JSON.stringify(evt);
    expectProblem(await webhook(h, payload), 400, 'bad-request');
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    // The signature covers the exact bytes: reformatting the same JSON breaks it.
    expectProblem(await webhook(h, JSON.stringify(evt, null, 2), header), 400, 'bad-request');
    const tampered = payload.replace('price_business', 'price_pro');
    expectProblem(await webhook(h, tampered, header), 400, 'bad-request');
    assert.equal(await planOf(t.organizationId), 'free');
    const seen = await h.db.selectFrom('billing_events').select('id').where('id', '=', evt.id).execute();
    assert.deepEqual(seen, [], 'a refused event is not recorded, so the genuine one still applies');
    assert.equal((await webhook(h, payload, header)).json.data.outcome, 'applied');
    assert.equal(await planOf(t.organizationId), 'business');
  });

  it('events out of order never roll the plan back', async () => {
    const { t, customer } = await subscribedTenant();
    const now = Math.floor(Date.now() / 1000);
    const id = uid('sub');
    const created = event(
      'customer.subscription.created',
      subscription({ id, customer, status: 'active', price: 'price_pro', created: now }),
      now,
    );
    const upgraded = event(
      'customer.subscription.updated',
      subscription({ id, customer, status: 'active', price: 'price_business', created: now }),
      now + 60,
    );
    // The upgrade arrives first, the older creation after it.
    assert.equal((await send(upgraded)).json.data.outcome, 'applied');
    assert.equal((await send(created)).json.data.outcome, 'stale');
    assert.equal(await planOf(t.organizationId), 'business');

    // An old failed invoice arriving after newer state changes nothing.
    const invoice = (type: string, at: number, sub = id) =>
      event(
        type,
        {
          id: uid('in'),
          object: 'invoice',
          customer,
          parent: { type: 'subscription_details', subscription_details: { subscription: sub } },
        },
        at,
      );
    assert.equal((await send(invoice('invoice.payment_failed', now + 30))).json.data.outcome, 'stale');
    assert.equal(
      (
        await h.db
          .selectFrom('billing_accounts')
          .select('status')
          .where('organization_id', '=', t.organizationId)
          .executeTakeFirstOrThrow()
      ).status,
      'active',
    );

    // A newer subscription replaces the old one; the old one's deletion, arriving late, is stale.
    const newer = uid('sub');
    await send(
      event(
        'customer.subscription.created',
        subscription({ id: newer, customer, status: 'active', price: 'price_pro', created: now + 100 }),
        now + 100,
      ),
    );
    assert.equal(await planOf(t.organizationId), 'pro');
    const lateDelete = event(
      'customer.subscription.deleted',
      subscription({ id, customer, status: 'canceled', price: 'price_business', created: now }),
      now + 200,
    );
    assert.equal((await send(lateDelete)).json.data.outcome, 'stale');
    assert.equal(await planOf(t.organizationId), 'pro');
    // An invoice of the old subscription is not about the current one.
    assert.equal((await send(invoice('invoice.payment_failed', now + 300))).json.data.outcome, 'ignored');
    assert.equal(await planOf(t.organizationId), 'pro');
  });

  it('past due keeps the plan through the grace period, then Free; a payment restores it', async () => {
    const { t, admin, customer } = await subscribedTenant();
    const now = Math.floor(Date.now() / 1000);
    const id = uid('sub');
    await send(
      event(
        'customer.subscription.created',
        subscription({ id, customer, status: 'active', price: 'price_pro', created: now }),
        now,
      ),
    );
    const failedAt = now + 10;
    const invoice = (type: string, at: number) =>
      event(
        type,
        {
          id: uid('in'),
          object: 'invoice',
          customer,
          parent: { type: 'subscription_details', subscription_details: { subscription: id } },
        },
        at,
      );
    assert.equal((await send(invoice('invoice.payment_failed', failedAt))).json.data.outcome, 'applied');
    assert.equal(await planOf(t.organizationId), 'pro');
    const billing = (await req(h, asMember(admin), 'GET', '/v1/billing')).json.data;
    assert.equal(billing.status, 'past_due');
    assert.equal(billing.grace_ends_at, new Date((failedAt + 7 * 86_400) * 1000).toISOString());

    const day = 86_400_000;
    assert.deepEqual(
      (await expireGracePeriods(h.db, h.config, new Date(failedAt * 1000 + 6 * day))).filter(
        (o) => o === t.organizationId,
      ),
      [],
    );
    assert.equal(await planOf(t.organizationId), 'pro');
    assert.ok(
      (await expireGracePeriods(h.db, h.config, new Date(failedAt * 1000 + 7 * day + 1000))).includes(t.organizationId),
    );
    assert.equal(await planOf(t.organizationId), 'free');
    // Running again changes nothing more.
    assert.ok(
      !(await expireGracePeriods(h.db, h.config, new Date(failedAt * 1000 + 8 * day))).includes(t.organizationId),
    );

    assert.equal((await send(invoice('invoice.paid', failedAt + 8 * 86_400))).json.data.outcome, 'applied');
    assert.equal(await planOf(t.organizationId), 'pro');
    const after = (await req(h, asMember(admin), 'GET', '/v1/billing')).json.data;
    assert.equal(after.status, 'active');
    assert.equal(after.grace_ends_at, null);
    const changes = (await systemEntries(t.organizationId)).map((e) => JSON.parse(e.changes).plan.new);
    assert.deepEqual(changes.sort(), ['free', 'pro', 'pro']);
  });

  it('a downgrade deletes nothing: workspaces over the limit stay usable, a new one is refused', async () => {
    const { t, admin, customer } = await subscribedTenant('pro');
    const extra = [];
    for (let i = 0; i < 2; i++) {
      const res = await req(h, asKey(t), 'POST', '/v1/workspaces', { name: `W${i}`, slug: randomSlug('w') });
      assert.equal(res.statusCode, 201, res.body);
      extra.push(res.json.data.id as string);
    }
    const now = Math.floor(Date.now() / 1000);
    const sub = subscription({ id: uid('sub'), customer, status: 'active', price: 'price_pro', created: now });
    await send(event('customer.subscription.created', sub, now));
    await send(event('customer.subscription.deleted', { ...sub, status: 'canceled' }, now + 5));
    assert.equal(await planOf(t.organizationId), 'free');
    for (const id of extra) {
      assert.equal((await req(h, asMember(admin, id), 'GET', `/v1/workspaces/${id}`)).statusCode, 200);
      const patched = await req(h, asMember(admin, id), 'PATCH', `/v1/workspaces/${id}`, { name: 'Still mine' });
      assert.equal(patched.statusCode, 200, patched.body);
    }
    const refused = expectProblem(
      await req(h, asMember(admin), 'POST', '/v1/workspaces', { name: 'More', slug: randomSlug('w') }),
      403,
      'plan-limit-exceeded',
    );
    assert.equal(refused.plan, 'free');
    assert.equal(refused.limit, 1);
    assert.match(refused.detail, /free plan allows 1 active workspace/);
  });

  it("an event never reaches another organization: another customer's metadata cannot move a plan", async () => {
    const a = await subscribedTenant();
    const b = await seedTenant(h);
    const now = Math.floor(Date.now() / 1000);
    // Customer of A, metadata naming B: the customer decides, B is untouched.
    const sub = subscription({
      id: uid('sub'),
      customer: a.customer,
      status: 'active',
      price: 'price_business',
      created: now,
      org: b.organizationId,
    });
    assert.equal((await send(event('customer.subscription.created', sub, now))).json.data.outcome, 'applied');
    assert.equal(await planOf(a.t.organizationId), 'business');
    assert.equal(await planOf(b.organizationId), 'free');
    // An unknown customer naming A in metadata cannot take A's account over.
    const foreign = subscription({
      id: uid('sub'),
      customer: uid('cus'),
      status: 'canceled',
      price: 'price_pro',
      created: now + 50,
      org: a.t.organizationId,
    });
    assert.equal((await send(event('customer.subscription.deleted', foreign, now + 50))).json.data.outcome, 'ignored');
    assert.equal(await planOf(a.t.organizationId), 'business');
    // B's admin sees B's billing only.
    const bAdmin = await seedMember(h, b, { org: 'org_admin' });
    const seen = (await req(h, asMember(bAdmin), 'GET', '/v1/billing')).json.data;
    assert.equal(seen.organization_id, b.organizationId);
    assert.equal(seen.customer_id, null);
    // An event of a type we do not handle is acknowledged and ignored.
    assert.equal(
      (await send(event('customer.updated', { id: a.customer, object: 'customer' }, now))).json.data.outcome,
      'ignored',
    );
  });
});
