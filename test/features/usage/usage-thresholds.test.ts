import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { call, randomSlug, seedMember, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { createCode, scan } from '../../support/codes.js';
import { TestClock } from '../../support/clock.js';
import { sqliteFile } from '../../support/sqlite-file.js';
import { TestSmtp } from '../../support/mail.js';
import { Receiver, verify } from '../../support/webhook-receiver.js';
import { createThresholdDetector } from '../../../src/features/usage/index.js';

// A fixed month far ahead of the wall clock: periods are predictable, and runners of other test
// files (on the wall clock or ten years ahead) never find this file's jobs due.
const START = Date.parse('2046-03-10T10:00:00.000Z');

forEachDialect(
  'usage thresholds',
  (dialect) => {
    let rx: Receiver;
    const smtp = new TestSmtp();
    const clock = new TestClock(START);
    before(async () => {
      await smtp.start();
      rx = await new Receiver().start();
    });
    const { h } = useHarness(dialect, () => ({
      env: {
        SMTP_URL: smtp.url,
        WEBHOOK_ALLOW_PRIVATE: 'true',
        JOBS_POLL_INTERVAL_MS: '0',
        SCAN_FLUSH_MS: '600000',
        // free: 10 scans a month, 5 dynamic codes; business: no allowance to measure against
        PLANS_JSON: JSON.stringify({
          free: { maxScansPerMonth: 10, maxDynamicCodes: 5 },
          business: { maxScansPerMonth: 0, maxDynamicCodes: 0 },
        }),
      },
      clock,
      tenant: false,
    }));
    after(async () => {
      await rx.stop();
      await smtp.stop();
    });

    async function endpoint(t: Tenant, eventTypes: string[] = ['*']) {
      const res = await call(h, {
        method: 'POST',
        url: '/v1/webhooks',
        tenant: t,
        body: { url: rx.endpoint(), event_types: eventTypes },
      });
      assert.equal(res.statusCode, 201, res.body);
      return res.json.data as { id: string; url: string; secret: string };
    }
    // Each request is verified once, when first seen: the clock moves on to later months.
    const verified = new Set<unknown>();
    const usageEvents = (ep: { url: string; secret: string }) =>
      rx
        .at(ep.url)
        .filter((r) => r.json.type === 'usage.threshold_reached')
        .map((r) => {
          if (!verified.has(r)) verify(ep.secret, r, clock.now());
          verified.add(r);
          return r.json.data;
        });
    async function scans(code: { short_code: string }, n: number) {
      for (let i = 0; i < n; i++) assert.equal((await scan(h, code.short_code)).statusCode, 302);
      await h.app.scans.flush();
      await h.app.jobs.runDue();
    }
    const subject = (pct: number, what = 'scans this month') => `Test Org: ${pct} % of ${what} used`;
    const german = (pct: number) => `Test Org: ${pct} % der Scans in diesem Monat erreicht`;
    // The SMTP server parses a message after the sender's send() returned: wait for it to show.
    async function mailed(address: string, s: string, atLeast = 1) {
      const count = () => smtp.to(address).filter((m) => m.subject === s).length;
      const until = Date.now() + 5_000;
      while (count() < atLeast && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      return count();
    }
    const rowsOf = (orgId: string) =>
      h.db
        .selectFrom('usage_thresholds')
        .select(['meter', 'period', 'threshold', 'used', 'plan_limit'])
        .where('organization_id', '=', orgId)
        .orderBy('period')
        .orderBy('meter')
        .orderBy('threshold')
        .execute();

    it('scans: 80 % and 100 % each send one event and one e-mail per recipient, never twice; a new month starts fresh', async () => {
      const t = await seedTenant(h, 'free');
      const billing = `${randomSlug('billing')}@example.com`;
      await h.db
        .updateTable('organizations')
        .set({ billing_email: billing })
        .where('id', '=', t.organizationId)
        .execute();
      const deAdmin = await seedMember(h, t, { org: 'org_admin' });
      await h.db.updateTable('users').set({ locale: 'de' }).where('id', '=', deAdmin.userId).execute();
      const member = await seedMember(h, t, { org: 'member', workspace: 'editor' });
      const other = await seedTenant(h, 'free');
      const ep = await endpoint(t);
      const otherEp = await endpoint(other);
      const code = await createCode(h, t, { type: 'url', url: 'https://example.com/u', dynamic: true });
      const otherCode = await createCode(h, other, { type: 'url', url: 'https://example.com/o', dynamic: true });
      await scans(otherCode, 2);

      await scans(code, 7);
      assert.deepEqual(usageEvents(ep), [], '70 % is below every threshold');
      await scans(code, 1);
      assert.deepEqual(usageEvents(ep), [
        { organization_id: t.organizationId, meter: 'scans', threshold: 80, period: '2046-03', used: 8, limit: 10 },
      ]);
      await scans(code, 1);
      await scans(code, 3);
      await scans(code, 2); // past 100 %: nothing more
      assert.deepEqual(
        usageEvents(ep).map((e) => [e.threshold, e.used]),
        [
          [80, 8],
          [100, 12],
        ],
      );
      // a check made again (another instance's detector, the same reading) adds nothing
      const again = createThresholdDetector({ db: h.db, config: h.config, clock });
      await h.db.transaction().execute(async (trx) => {
        await again(trx, [{ organizationId: t.organizationId, meter: 'scans', period: '2046-03', used: 14 }]);
      });
      await h.app.jobs.runDue();
      assert.equal(usageEvents(ep).length, 2);

      for (const pct of [80, 100]) {
        assert.equal(await mailed(t.email, subject(pct)), 1, `${pct} % to the admin`);
        assert.equal(await mailed(deAdmin.email, german(pct)), 1, `${pct} % in German to a German admin`);
        // the billing address speaks the default workspace's language (German by default)
        assert.equal(await mailed(billing, german(pct)), 1, `${pct} % to the billing address`);
      }
      const mail = smtp.find(t.email, subject(80));
      assert.match(mail.text ?? '', /8 of 10 \(period 2046-03\)/);
      assert.match(mail.text ?? '', /http:\/\/qrs\.test\/settings\/organization/);
      assert.ok(
        mail.headerLines.some((l) => l.key === 'list-unsubscribe'),
        'not security mail',
      );
      assert.equal(smtp.to(member.email).length, 0, 'members who are not admins get no usage mail');
      assert.equal(smtp.to(other.email).length, 0, 'another organization hears nothing');
      assert.deepEqual(usageEvents(otherEp), []);
      assert.deepEqual(await rowsOf(other.organizationId), []);

      // April: the counter starts from zero, and so do the thresholds
      clock.t = Date.parse('2046-04-02T08:00:00.000Z');
      await scans(code, 8);
      assert.deepEqual(
        usageEvents(ep)
          .map((e) => [e.period, e.threshold, e.used])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || Number(a[1]) - Number(b[1])),
        [
          ['2046-03', 80, 8],
          ['2046-03', 100, 12],
          ['2046-04', 80, 8],
        ],
      );
      assert.equal(await mailed(t.email, subject(80), 2), 2);
      assert.deepEqual(
        (await rowsOf(t.organizationId)).map((r) => [r.period, r.meter, r.threshold, r.used, r.plan_limit]),
        [
          ['2046-03', 'scans', 80, 8, 10],
          ['2046-03', 'scans', 100, 12, 10],
          ['2046-04', 'scans', 80, 8, 10],
        ],
      );
      assert.deepEqual(usageEvents(otherEp), []);
      clock.t = START;
    });

    it('dynamic codes: 4 of 5 is 80 %, 5 of 5 is 100 %, each once', async () => {
      const t = await seedTenant(h, 'free');
      const ep = await endpoint(t);
      for (let i = 0; i < 6; i++) {
        await createCode(h, t, { type: 'url', url: `https://example.com/d${i}`, dynamic: true });
        await h.app.jobs.runDue();
      }
      // a static code is no dynamic code and triggers no count
      await createCode(h, t, { type: 'text', content: { text: 'static' } });
      await h.app.jobs.runDue();
      assert.deepEqual(
        usageEvents(ep)
          .map((e) => [e.meter, e.threshold, e.used, e.limit])
          .sort((a, b) => Number(a[1]) - Number(b[1])),
        [
          ['dynamic_codes', 80, 4, 5],
          ['dynamic_codes', 100, 5, 5],
        ],
      );
      const what = 'active dynamic codes';
      assert.equal(await mailed(t.email, subject(80, what)), 1);
      assert.equal(await mailed(t.email, subject(100, what)), 1);
    });

    it('an organization without webhooks still gets the e-mail, and no delivery is made', async () => {
      const t = await seedTenant(h, 'free');
      const code = await createCode(h, t, { type: 'url', url: 'https://example.com/n', dynamic: true });
      await scans(code, 9);
      assert.equal(await mailed(t.email, subject(80)), 1);
      const deliveries = await h.db
        .selectFrom('webhook_deliveries')
        .innerJoin('workspaces', 'workspaces.id', 'webhook_deliveries.workspace_id')
        .select('webhook_deliveries.id')
        .where('workspaces.organization_id', '=', t.organizationId)
        .execute();
      assert.deepEqual(deliveries, []);
    });

    it('concurrent checks of one crossing (two instances) notify once', async () => {
      const t = await seedTenant(h, 'free');
      const ep = await endpoint(t);
      const reading = [{ organizationId: t.organizationId, meter: 'scans' as const, period: '2046-03', used: 11 }];
      const instances = [0, 1, 2].map(() => createThresholdDetector({ db: h.db, config: h.config, clock }));
      await Promise.all(
        instances.map((check) => h.db.transaction().execute(async (trx) => (await check(trx, reading))())),
      );
      await h.app.jobs.runDue();
      assert.deepEqual(
        usageEvents(ep)
          .map((e) => e.threshold)
          .sort(),
        [100, 80],
      );
      assert.equal(await mailed(t.email, subject(100)), 1);
      assert.equal(smtp.to(t.email).length, 1, 'one reading past both thresholds mails only the highest');
      assert.equal((await rowsOf(t.organizationId)).length, 2);
    });

    it('a flush that passes 80 % and 100 % at once sends both events but one e-mail per recipient, the 100 %', async () => {
      const t = await seedTenant(h, 'free');
      const deAdmin = await seedMember(h, t, { org: 'org_admin' });
      await h.db.updateTable('users').set({ locale: 'de' }).where('id', '=', deAdmin.userId).execute();
      const ep = await endpoint(t);
      const code = await createCode(h, t, { type: 'url', url: 'https://example.com/jump', dynamic: true });
      await scans(code, 11);
      assert.deepEqual(
        usageEvents(ep)
          .map((e) => [e.meter, e.threshold, e.used])
          .sort((a, b) => Number(a[1]) - Number(b[1])),
        [
          ['scans', 80, 11],
          ['scans', 100, 11],
        ],
      );
      assert.equal(await mailed(t.email, subject(100)), 1);
      assert.equal(await mailed(deAdmin.email, german(100)), 1);
      // Both recipients had their 100 % mail parsed above; nothing else was sent to either.
      assert.deepEqual(
        smtp.to(t.email).map((m) => m.subject),
        [subject(100)],
      );
      assert.deepEqual(
        smtp.to(deAdmin.email).map((m) => m.subject),
        [german(100)],
      );
      // The next month's first crossing mails again, once.
      clock.t = Date.parse('2046-05-03T08:00:00.000Z');
      await scans(code, 10);
      assert.equal(await mailed(t.email, subject(100), 2), 2);
      assert.equal(smtp.to(t.email).length, 2);
      clock.t = START;
    });

    it('a rolled-back check records and sends nothing, and the next check still notifies', async () => {
      const t = await seedTenant(h, 'free');
      const reading = [{ organizationId: t.organizationId, meter: 'scans' as const, period: '2046-03', used: 8 }];
      const check = createThresholdDetector({ db: h.db, config: h.config, clock });
      await assert.rejects(
        h.db.transaction().execute(async (trx) => {
          await check(trx, reading);
          throw new Error('the flush failed');
        }),
        /the flush failed/,
      );
      await h.app.jobs.runDue();
      assert.deepEqual(await rowsOf(t.organizationId), []);
      await h.db.transaction().execute(async (trx) => (await check(trx, reading))());
      await h.app.jobs.runDue();
      assert.equal((await rowsOf(t.organizationId)).length, 1);
      assert.equal(await mailed(t.email, subject(80)), 1);
    });

    it('a plan without a limit never fires', async () => {
      const t = await seedTenant(h, 'business');
      const ep = await endpoint(t);
      const code = await createCode(h, t, { type: 'url', url: 'https://example.com/b', dynamic: true });
      await createCode(h, t, { type: 'url', url: 'https://example.com/b2', dynamic: true });
      await scans(code, 12);
      const check = createThresholdDetector({ db: h.db, config: h.config, clock });
      await h.db.transaction().execute(async (trx) => {
        await check(trx, [{ organizationId: t.organizationId, meter: 'scans', period: '2046-03', used: 1_000_000 }]);
      });
      await h.app.jobs.runDue();
      assert.deepEqual(await rowsOf(t.organizationId), []);
      assert.deepEqual(usageEvents(ep), []);
      assert.equal(smtp.to(t.email).length, 0);
    });
  },
  // A SQLite file writes scans on its writer thread, which reports the totals its transaction left.
  { also: [sqliteFile('usage-thresholds')] },
);
