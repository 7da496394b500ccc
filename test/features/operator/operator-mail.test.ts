import { after, before, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, randomSlug } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { TestSmtp } from '../../support/mail.js';
import { instanceLog, person } from './operator-people.js';

const OPERATOR = `${randomSlug('ops-mail')}@example.com`;
const OPERATOR_SMTP_DOWN = `${randomSlug('ops-mail-down')}@example.com`;

forEachDialect("the console's mail test", (dialect) => {
  // Not useMailHarness: its clock runs ten years ahead, where today's operator session has expired.
  const smtp = new TestSmtp();
  before(() => smtp.start());
  const { h } = useHarness(dialect, () => ({ tenant: false, env: { OPERATOR_EMAILS: OPERATOR, SMTP_URL: smtp.url } }));
  after(() => smtp.stop());

  it('sends a German test message now, past the queue, answers its message id and records it', async () => {
    const op = await person(h, { email: OPERATOR, twoFactor: true });
    const to = `${randomSlug('inbox')}@example.com`;
    const res = await call(h, {
      method: 'POST',
      url: '/v1/operator/mail-test',
      headers: op.headers,
      body: { to, locale: 'de' },
    });
    assert.equal(res.statusCode, 200, res.body);
    const out = res.json.data;
    assert.deepEqual([out.sent_to, out.transport, out.delivered, out.error], [to, 'smtp', true, null]);
    await smtp.arrived(to, 'qrs: Testnachricht');
    assert.equal(smtp.find(to, 'qrs: Testnachricht').messageId, out.message_id);
    const [entry] = await instanceLog(h, to);
    assert.deepEqual(
      [entry.action, entry.operator_id, JSON.parse(entry.details!)],
      ['mail.tested', op.tenant.userId, { delivered: true, transport: 'smtp' }],
    );
  });

  it('refuses what is no address, and sends and records nothing', async () => {
    const op = await person(h, { twoFactor: true });
    await h.db
      .insertInto('operators')
      .values({ user_id: op.tenant.userId, added_at: new Date().toISOString() })
      .execute();
    const before = smtp.received.length;
    for (const body of [{ to: 'not-an-address' }, { to: 'ops@example.com', locale: 'fr' }, {}]) {
      const res = await call(h, { method: 'POST', url: '/v1/operator/mail-test', headers: op.headers, body });
      assert.ok([400, 422].includes(res.statusCode), res.body);
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
    }
    assert.equal(smtp.received.length, before);
    assert.deepEqual(await instanceLog(h, 'not-an-address'), []);
    expectProblem(
      await call(h, { method: 'POST', url: '/v1/operator/mail-test', tenant: undefined, body: { to: 'a@b.example' } }),
      404,
      'not-found',
    );
  });
});

forEachDialect("the console's mail test, SMTP server down", (dialect) => {
  // Port 1 on loopback: nothing listens, so the connection is refused at once.
  const { h } = useHarness(dialect, {
    tenant: false,
    env: { OPERATOR_EMAILS: OPERATOR_SMTP_DOWN, SMTP_URL: 'smtp://127.0.0.1:1' },
  });

  it("answers 200 with delivered false and the transport's own error", async () => {
    const op = await person(h, { email: OPERATOR_SMTP_DOWN, twoFactor: true });
    const res = await call(h, {
      method: 'POST',
      url: '/v1/operator/mail-test',
      headers: op.headers,
      body: { to: 'ops@example.com' },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual([res.json.data.delivered, res.json.data.message_id], [false, null]);
    assert.match(res.json.data.error, /ECONNREFUSED/);
  });
});
