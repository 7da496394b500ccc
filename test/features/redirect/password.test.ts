import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { UA, auditOf, createCode, scan } from '../../support/codes.js';
import { TestClock } from '../../support/clock.js';
import { hashPassword } from '../../../src/features/accounts/index.js';

forEachDialect('password-protected codes', (dialect) => {
  const clock = TestClock.live();
  const { h, t } = useHarness(dialect, {
    env: { SCAN_FLUSH_MS: '60000', CODE_PASSWORD_TRIES: '3', CODE_PASSWORD_FAILURES: '5' },
    tenant: 'pro',
    clock,
  });

  const unlock = (shortCode: string, password: string, ip = '198.51.100.20', lang = 'en') =>
    call(h, {
      method: 'POST',
      url: `/r/${shortCode}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': UA.iphone,
        'accept-language': lang,
        accept: 'text/html',
      },
      body: new URLSearchParams({ password }).toString(),
      remoteAddress: ip,
    });
  const scansOf = async (codeId: string) => {
    await h.app.scans.flush();
    return h.db.selectFrom('scans').select('destination').where('code_id', '=', codeId).execute();
  };

  it('asks first, records the scan only once the password is right; the hash never leaves', async () => {
    const c = await createCode(h, t, {
      type: 'url',
      url: 'https://secret.example.com/doc',
      password: 'open sesame',
    });
    assert.equal(c.password_protected, true);
    assert.ok(!JSON.stringify(c).includes('sesame') && !JSON.stringify(c).includes('scrypt'));
    const row = await h.db.selectFrom('codes').select('password_hash').where('id', '=', c.id).executeTakeFirstOrThrow();
    assert.match(row.password_hash!, /^scrypt\$/);
    const audit = JSON.stringify(await auditOf(h, c.id));
    assert.ok(!audit.includes('scrypt') && !audit.includes('sesame'), 'no secret in the audit log');

    let res = await scan(h, c.short_code);
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.match(String(res.headers['content-security-policy']), /form-action 'self'/);
    assert.ok(res.body.includes(`action="/r/${c.short_code}"`));
    assert.ok(!/<script/i.test(res.body), 'script-free');
    res = await scan(h, c.short_code, { 'accept-language': 'de-DE' });
    assert.ok(res.body.includes('lang="de"') && res.body.includes('Passwort'));

    res = await unlock(c.short_code, 'wrong');
    assert.equal(res.statusCode, 403);
    assert.ok(res.body.includes('role="alert"') && res.body.includes('<form'));
    assert.equal((await scansOf(c.id)).length, 0, 'no scan for the form or a wrong password');

    res = await unlock(c.short_code, 'open sesame');
    assert.equal(res.statusCode, 302);
    assert.equal(res.headers.location, 'https://secret.example.com/doc');
    assert.deepEqual(await scansOf(c.id), [{ destination: 'https://secret.example.com/doc' }]);
  });

  it('tries are limited per IP (429 with Retry-After, even for the right password)', async () => {
    const c = await createCode(h, t, { type: 'url', url: 'https://limited.example.com/', password: 'letmein!' });
    const ip = '198.51.100.77';
    for (let i = 0; i < 3; i++) assert.equal((await unlock(c.short_code, `guess${i}`, ip)).statusCode, 403);
    const res = await unlock(c.short_code, 'letmein!', ip);
    assert.equal(res.statusCode, 429);
    assert.ok(Number(res.headers['retry-after']) > 0);
    assert.ok(!res.body.includes('<form'));
    // Another address still gets its tries.
    assert.equal((await unlock(c.short_code, 'letmein!', '198.51.100.78')).statusCode, 302);
  });

  // The security review's PW-1: 300 wrong tries from 30 addresses were all checked.
  it('wrong passwords from many addresses lock the code for the window; the right one is not checked meanwhile', async () => {
    const c = await createCode(h, t, { type: 'url', url: 'https://many.example.com/', password: 'right horse' });
    const other = await createCode(h, t, { type: 'url', url: 'https://other.example.com/', password: 'right horse' });
    // A right password is not a failure: it gives its count back.
    for (let i = 0; i < 6; i++)
      assert.equal((await unlock(c.short_code, 'right horse', `198.51.100.${120 + i}`)).statusCode, 302);
    for (let i = 0; i < 5; i++)
      assert.equal((await unlock(c.short_code, `guess${i}`, `198.51.100.${130 + i}`)).statusCode, 403);
    const right = await unlock(c.short_code, 'right horse', '198.51.100.140');
    const wrong = await unlock(c.short_code, 'guess-again', '198.51.100.141');
    for (const res of [right, wrong]) {
      assert.equal(res.statusCode, 429);
      assert.ok(Number(res.headers['retry-after']) > 0 && Number(res.headers['retry-after']) <= 900);
      assert.ok(!res.body.includes('<form') && res.body.includes('takes no passwords for a while'));
    }
    assert.equal(right.body, wrong.body, 'the locked page says nothing about the password');
    assert.equal((await scansOf(c.id)).length, 6, 'only the six right tries before the lock were scans');
    // Another code of the same workspace, from the same addresses, is not locked.
    assert.equal((await unlock(other.short_code, 'right horse', '198.51.100.130')).statusCode, 302);
    // The next window opens the code again.
    clock.advance(15 * 60_000);
    assert.equal((await unlock(c.short_code, 'right horse', '198.51.100.142')).statusCode, 302);
  });

  it('an IPv6 client is counted by its /64: walking the addresses of one network gains nothing', async () => {
    const c = await createCode(h, t, { type: 'url', url: 'https://six.example.com/', password: 'right horse' });
    for (let i = 1; i <= 3; i++)
      assert.equal((await unlock(c.short_code, `guess${i}`, `2001:db8:51:7::${i}`)).statusCode, 403);
    for (const ip of ['2001:db8:51:7::99', '2001:db8:51:7:ffff:1:2:3']) {
      const res = await unlock(c.short_code, 'right horse', ip);
      assert.equal(res.statusCode, 429, ip);
      assert.ok(res.body.includes('Too many tries from your network'));
    }
    assert.equal(
      (await unlock(c.short_code, 'right horse', '2001:db8:51:8::1')).statusCode,
      302,
      'the next /64 is another client',
    );
  });

  it('a new password needs 8 characters; a shorter one of an older code keeps working', async () => {
    const count = async () =>
      (await h.db.selectFrom('codes').select('id').where('workspace_id', '=', t.workspaceId).execute()).length;
    const before = await count();
    for (const password of ['abcd', 'abcdefg']) {
      const res = await call(h, {
        method: 'POST',
        url: '/v1/codes',
        tenant: t,
        body: { type: 'url', url: 'https://short.example.com/', password },
      });
      const problem = expectProblem(res, 422, 'validation-error');
      assert.equal(problem.errors[0].pointer, '/password');
    }
    assert.equal(await count(), before, 'nothing created');
    const c = await createCode(h, t, { type: 'url', url: 'https://legacy.example.com/', password: 'eight ch' });
    // A code saved when four characters were enough.
    await h.db
      .updateTable('codes')
      .set({ password_hash: await hashPassword('abcd', 1024) })
      .where('id', '=', c.id)
      .execute();
    await call(h, { method: 'PATCH', url: `/v1/codes/${c.id}`, tenant: t, body: { title: 'still protected' } });
    assert.equal((await unlock(c.short_code, 'abcd', '198.51.100.150')).statusCode, 302);
    const res = await call(h, { method: 'PATCH', url: `/v1/codes/${c.id}`, tenant: t, body: { password: 'efgh' } });
    assert.equal(expectProblem(res, 422, 'validation-error').errors[0].pointer, '/password');
    assert.equal(
      (await unlock(c.short_code, 'abcd', '198.51.100.151')).statusCode,
      302,
      'the refused change changed nothing',
    );
  });

  it('the password can be changed and removed; bad passwords are a 422 and change nothing', async () => {
    const c = await createCode(h, t, { type: 'url', url: 'https://change.example.com/', password: 'first one' });
    let res = await call(h, { method: 'PATCH', url: `/v1/codes/${c.id}`, tenant: t, body: { password: 'abc' } });
    assert.equal(expectProblem(res, 422, 'validation-error').errors[0].pointer, '/password');
    assert.equal((await unlock(c.short_code, 'first one', '198.51.100.30')).statusCode, 302);

    res = await call(h, { method: 'PATCH', url: `/v1/codes/${c.id}`, tenant: t, body: { password: 'second one' } });
    assert.equal(res.statusCode, 200);
    const changed = (await auditOf(h, c.id)).filter((e) => e.action === 'codes.updated');
    assert.equal(changed.length, 1, 'a new password is audited');
    assert.deepEqual(changed[0].changes.password_changed, { old: null, new: true });
    assert.ok(!JSON.stringify(changed).includes('second one') && !JSON.stringify(changed).includes('scrypt'));
    assert.equal((await unlock(c.short_code, 'first one', '198.51.100.31')).statusCode, 403);
    assert.equal((await unlock(c.short_code, 'second one', '198.51.100.31')).statusCode, 302);

    res = await call(h, { method: 'PATCH', url: `/v1/codes/${c.id}`, tenant: t, body: { password: null } });
    assert.equal(res.json.data.password_protected, false);
    res = await scan(h, c.short_code);
    assert.equal(res.statusCode, 302);

    res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'text', content: { text: 'x' }, password: 'static secret' },
    });
    assert.equal(expectProblem(res, 422, 'validation-error').errors[0].code, 'dynamic_only');
  });

  it('the form of an open, unknown or paused code answers like the redirect', async () => {
    const open = await createCode(h, t, { type: 'url', url: 'https://open.example.com/' });
    let res = await unlock(open.short_code, 'anything');
    assert.equal(res.statusCode, 302);
    assert.equal(res.headers.location, 'https://open.example.com/');
    res = await unlock('nonexistent-code', 'anything');
    assert.equal(res.statusCode, 404);
    const paused = await createCode(h, t, { type: 'url', url: 'https://p.example.com/', password: 'paused pw' });
    await call(h, { method: 'PATCH', url: `/v1/codes/${paused.id}`, tenant: t, body: { status: 'paused' } });
    res = await unlock(paused.short_code, 'paused pw');
    assert.equal(res.statusCode, 410);
  });
});
