import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, randomSlug } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { instanceLog, person } from './operator-people.js';

/** An operator by the setting, and an address of the setting nobody signed up with. */
const BY_SETTING = `${randomSlug('ops-setting')}@example.com`;
const NOBODY_YET = `${randomSlug('ops-later')}@example.com`;
const SECOND_BY_SETTING = `${randomSlug('ops-second')}@example.com`;
const BY_SETTING_THIRD = `${randomSlug('ops-third')}@example.com`;

forEachDialect('operators named from the console', (dialect) => {
  const { h } = useHarness(dialect, {
    tenant: false,
    env: { OPERATOR_EMAILS: [BY_SETTING, NOBODY_YET, SECOND_BY_SETTING, BY_SETTING_THIRD].join(',') },
  });

  it('an operator names another, who then uses the console; removing them ends it, each recorded', async () => {
    const op = await person(h, { email: BY_SETTING, twoFactor: true });
    const colleague = await person(h, { twoFactor: true });
    expectProblem(await call(h, { url: '/v1/operator/operators', headers: colleague.headers }), 404, 'not-found');

    const named = await call(h, {
      method: 'POST',
      url: '/v1/operator/operators',
      headers: op.headers,
      body: { email: colleague.tenant.email.toUpperCase() },
    });
    assert.equal(named.statusCode, 200, named.body);
    assert.deepEqual(
      [named.json.data.user_id, named.json.data.named, named.json.data.by_setting, named.json.data.two_factor],
      [colleague.tenant.userId, true, false, true],
    );
    const again = await call(h, {
      method: 'POST',
      url: '/v1/operator/operators',
      headers: op.headers,
      body: { email: colleague.tenant.email },
    });
    assert.equal(again.statusCode, 200, again.body);

    const listed = await call(h, { url: '/v1/operator/operators', headers: colleague.headers });
    assert.equal(listed.statusCode, 200, listed.body);
    const rows = listed.json.data.map((o: any) => [o.email, o.user_id !== null, o.named, o.by_setting]);
    assert.deepEqual(
      rows.filter((r: any[]) => [colleague.tenant.email, BY_SETTING, NOBODY_YET].includes(r[0])),
      [
        [colleague.tenant.email, true, true, false],
        [BY_SETTING, true, false, true],
        [NOBODY_YET, false, false, true],
      ],
    );

    const removed = await call(h, {
      method: 'DELETE',
      url: `/v1/operator/operators/${colleague.tenant.userId}`,
      headers: op.headers,
    });
    assert.equal(removed.statusCode, 200, removed.body);
    assert.equal(removed.json.data.named, false);
    expectProblem(await call(h, { url: '/v1/operator/operators', headers: colleague.headers }), 404, 'not-found');
    assert.deepEqual(
      (await instanceLog(h, colleague.tenant.userId)).map((e) => [e.action, e.operator_id]),
      [
        ['operator.removed', op.tenant.userId],
        ['operator.added', op.tenant.userId],
      ],
    );
  });

  it('refuses an unknown address, removing oneself and an operator by the setting, and changes nothing', async () => {
    const op = await person(h, { email: SECOND_BY_SETTING, twoFactor: true });
    const plain = await person(h, { twoFactor: true });
    const before = await call(h, { url: '/v1/operator/operators', headers: op.headers });

    const unknown = await call(h, {
      method: 'POST',
      url: '/v1/operator/operators',
      headers: op.headers,
      body: { email: 'nobody-here@example.com' },
    });
    const problem = expectProblem(unknown, 422, 'validation-error');
    assert.deepEqual(
      problem.errors.map((e: any) => [e.pointer, e.code]),
      [['/email', 'no_user']],
    );
    expectProblem(
      await call(h, { method: 'POST', url: '/v1/operator/operators', headers: op.headers, body: { mail: 'x' } }),
      400,
      'bad-request',
    );
    const self = await call(h, {
      method: 'DELETE',
      url: `/v1/operator/operators/${op.tenant.userId}`,
      headers: op.headers,
    });
    expectProblem(self, 409, 'conflict');
    const other = await person(h, { email: BY_SETTING_THIRD, twoFactor: true });
    const setting = await call(h, {
      method: 'DELETE',
      url: `/v1/operator/operators/${other.tenant.userId}`,
      headers: op.headers,
    });
    assert.match(expectProblem(setting, 409, 'conflict').detail, /OPERATOR_EMAILS/);
    const notOne = await call(h, {
      method: 'DELETE',
      url: `/v1/operator/operators/${plain.tenant.userId}`,
      headers: op.headers,
    });
    expectProblem(notOne, 404, 'not-found');
    const after = await call(h, { url: '/v1/operator/operators', headers: op.headers });
    const emails = (r: typeof before) =>
      r.json.data.map((o: any) => o.email).filter((e: string) => e !== BY_SETTING_THIRD);
    assert.deepEqual(emails(after), emails(before));
    assert.deepEqual(await instanceLog(h, plain.tenant.userId), []);
  });
});
