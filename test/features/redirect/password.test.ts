import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { UA, auditOf, createCode, scan } from '../../support/codes.js';

forEachDialect('password-protected codes', (dialect) => {
  const { h, t } = useHarness(dialect, { env: { SCAN_FLUSH_MS: '60000', CODE_PASSWORD_TRIES: '3' }, tenant: 'pro' });

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
    const c = await createCode(h, t, { type: 'url', url: 'https://limited.example.com/', password: 'letmein' });
    const ip = '198.51.100.77';
    for (let i = 0; i < 3; i++) assert.equal((await unlock(c.short_code, `guess${i}`, ip)).statusCode, 403);
    const res = await unlock(c.short_code, 'letmein', ip);
    assert.equal(res.statusCode, 429);
    assert.ok(Number(res.headers['retry-after']) > 0);
    assert.ok(!res.body.includes('<form'));
    // Another address still gets its tries.
    assert.equal((await unlock(c.short_code, 'letmein', '198.51.100.78')).statusCode, 302);
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
