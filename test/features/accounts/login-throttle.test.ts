// Login throttling (docs/security.md, Sign-in and passwords) through HTTP on every dialect: attempts are counted before
// the password is checked, locks hold an (account + IP) pair with an exponential backoff, looser
// ceilings per IP and per account remain, and X-Forwarded-For counts only from trusted proxies.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  call,
  createHarness,
  expectProblem,
  randomSlug,
  seedMember,
  seedTenant,
  type Harness,
} from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { LOGIN_THROTTLE, pairDelayMs } from '../../../src/features/accounts/login-throttle.js';
import { TestClock } from '../../support/clock.js';

// Near real time: expired counters are pruned by every instance's clock, and other test files
// (other processes, the same database) prune with theirs.
const clock = new TestClock(Date.now());
let n = 0;
const freshIp = () => {
  n++;
  return `10.77.${(n >> 8) & 255}.${n & 255}`;
};

forEachDialect('login throttling', (dialect) => {
  const { h } = useHarness(dialect, { clock, tenant: false });

  async function login(
    app: Harness,
    email: string,
    password: string,
    ip: string,
    headers: Record<string, string> = {},
  ) {
    return call(app, {
      method: 'POST',
      url: '/auth/login',
      remoteAddress: ip,
      headers,
      body: { email, password },
    });
  }

  it('40 parallel wrong passwords: at most 5 are checked, the rest get 429 with Retry-After', async () => {
    const t = await seedTenant(h);
    const ip = freshIp();
    const all = await Promise.all(Array.from({ length: 40 }, (_, i) => login(h, t.email, `wrong guess ${i}`, ip)));
    const checked = all.filter((r) => r.statusCode === 401).length;
    const limited = all.filter((r) => r.statusCode === 429);
    assert.equal(checked, LOGIN_THROTTLE.pairFree, `${checked} passwords were checked`);
    assert.equal(limited.length, 40 - LOGIN_THROTTLE.pairFree);
    for (const r of limited) {
      expectProblem(r, 429, 'rate-limited');
      const retry = Number(r.headers['retry-after']);
      assert.ok(retry > 0 && retry <= 60, `Retry-After ${retry}`);
    }
    // The count is in the database: one pair row at exactly the documented number.
    const row = await h.db
      .selectFrom('login_throttle')
      .select('attempts')
      .where('key', '=', `pair:${t.email}|${ip}`)
      .executeTakeFirstOrThrow();
    assert.equal(Number(row.attempts), LOGIN_THROTTLE.pairFree);
    // Even the right password waits; the lock is the pair's, not the IP's nor the account's.
    expectProblem(await login(h, t.email, t.password, ip), 429, 'rate-limited');
    const neighbour = await seedTenant(h);
    assert.equal(
      (await login(h, neighbour.email, neighbour.password, ip)).statusCode,
      200,
      'another account behind the same IP',
    );
    assert.equal((await login(h, t.email, t.password, freshIp())).statusCode, 200, 'the same account from another IP');
  });

  it('backoff doubles per attempt (1, 2, 4, 8, then 15 minutes) and a success resets the pair', async () => {
    assert.deepEqual(
      [1, 4, 5, 6, 7, 8, 9, 20].map(pairDelayMs),
      [0, 0, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000],
    );
    const t = await seedTenant(h);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expectProblem(await login(h, t.email, 'wrong wrong wrong', ip), 401, 'authentication');
    const first = expectProblem(await login(h, t.email, t.password, ip), 429, 'rate-limited');
    assert.match(first.detail, /Try again in 60 s/);
    clock.t += 60_000;
    expectProblem(await login(h, t.email, 'still wrong', ip), 401, 'authentication');
    const second = await login(h, t.email, t.password, ip);
    expectProblem(second, 429, 'rate-limited');
    assert.equal(second.headers['retry-after'], '120');
    clock.t += 120_000;
    assert.equal((await login(h, t.email, t.password, ip)).statusCode, 200);
    // Reset: five fresh attempts again, the fifth being right.
    for (let i = 0; i < 4; i++) expectProblem(await login(h, t.email, 'wrong again!', ip), 401, 'authentication');
    assert.equal((await login(h, t.email, t.password, ip)).statusCode, 200);
  });

  it(`one IP spraying many accounts stops at ${LOGIN_THROTTLE.maxPerIp} attempts per window; other IPs are unaffected`, async () => {
    clock.t = Math.ceil(clock.t / LOGIN_THROTTLE.windowMs) * LOGIN_THROTTLE.windowMs + 1_000; // a fresh window
    const ip = freshIp();
    for (let i = 0; i < LOGIN_THROTTLE.maxPerIp; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, () => login(h, `${randomSlug('spray')}@example.com`, 'Summer2026!!', ip)),
      );
      assert.deepEqual([...new Set(batch.map((r) => r.statusCode))], [401]);
    }
    const t = await seedTenant(h);
    const res = await login(h, t.email, t.password, ip);
    expectProblem(res, 429, 'rate-limited');
    assert.equal(Number(res.headers['retry-after']), LOGIN_THROTTLE.windowMs / 1000 - 1);
    assert.equal((await login(h, t.email, t.password, freshIp())).statusCode, 200);
    clock.t += LOGIN_THROTTLE.windowMs;
    assert.equal((await login(h, t.email, t.password, ip)).statusCode, 200, 'the next window is open again');
  });

  it(`one account guessed from many IPs stops at ${LOGIN_THROTTLE.maxPerAccount} attempts per window`, async () => {
    clock.t = Math.ceil(clock.t / LOGIN_THROTTLE.windowMs) * LOGIN_THROTTLE.windowMs + 1_000;
    const t = await seedTenant(h);
    for (let i = 0; i < LOGIN_THROTTLE.maxPerAccount; i += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, () => login(h, t.email, 'botnet guess 1', freshIp())));
      assert.deepEqual([...new Set(batch.map((r) => r.statusCode))], [401]);
    }
    expectProblem(await login(h, t.email, t.password, freshIp()), 429, 'rate-limited');
    clock.t += LOGIN_THROTTLE.windowMs;
    assert.equal((await login(h, t.email, t.password, freshIp())).statusCode, 200);
  });

  it('a wrong current password on password change counts like a failed login', async () => {
    const t = await seedTenant(h);
    const m = await seedMember(h, t, { workspace: 'editor' });
    const ip = freshIp();
    const change = (current: string) =>
      call(h, {
        method: 'POST',
        url: '/auth/password',
        remoteAddress: ip,
        headers: m.headers,
        body: { current_password: current, new_password: 'a brand new passphrase' },
      });
    const all = await Promise.all(Array.from({ length: 12 }, () => change('not my password')));
    assert.equal(all.filter((r) => r.statusCode === 422).length, LOGIN_THROTTLE.pairFree);
    assert.equal(all.filter((r) => r.statusCode === 429).length, 12 - LOGIN_THROTTLE.pairFree);
    assert.equal((await change(m.password)).statusCode, 429, 'locked even with the right one');
  });

  it('forged X-Forwarded-For does not move the client IP when no proxy is trusted', async () => {
    const t = await seedTenant(h);
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      await login(h, t.email, 'wrong wrong wrong', ip, { 'x-forwarded-for': `198.51.100.${i}` });
    expectProblem(await login(h, t.email, t.password, ip, { 'x-forwarded-for': '198.51.100.99' }), 429, 'rate-limited');
  });

  it('behind a trusted proxy (address list or hop count) the client IP is the one the proxy saw', async () => {
    for (const trust of ['127.0.0.1', '1']) {
      const hp = await createHarness(dialect, { TRUST_PROXY: trust }, { clock });
      try {
        const t = await seedTenant(hp);
        const client = `203.0.113.${n++ % 250}`;
        // The client forged a left-hand entry; the proxy appended the address it saw.
        for (let i = 0; i < 5; i++)
          await login(hp, t.email, 'wrong wrong wrong', '127.0.0.1', {
            'x-forwarded-for': `192.0.2.${i}, ${client}`,
          });
        expectProblem(
          await login(hp, t.email, t.password, '127.0.0.1', { 'x-forwarded-for': `192.0.2.200, ${client}` }),
          429,
          'rate-limited',
        );
        // Another client behind the same proxy is its own pair.
        assert.equal(
          (await login(hp, t.email, t.password, '127.0.0.1', { 'x-forwarded-for': '203.0.113.251' })).statusCode,
          200,
        );
        if (trust === '127.0.0.1') {
          // A peer that is not the proxy cannot claim the locked client's address to frame it, nor escape its own lock.
          const direct = freshIp();
          for (let i = 0; i < 5; i++)
            await login(hp, t.email, 'wrong wrong wrong', direct, { 'x-forwarded-for': `198.51.100.${i}` });
          expectProblem(
            await login(hp, t.email, t.password, direct, { 'x-forwarded-for': '198.51.100.77' }),
            429,
            'rate-limited',
          );
        }
      } finally {
        await hp.close();
      }
    }
  });
});

describe('TRUST_PROXY', () => {
  const cfg = (v: string) => loadConfig({ TRUST_PROXY: v } as NodeJS.ProcessEnv).trustProxy;
  it('takes a hop count or a list of addresses/CIDRs', () => {
    assert.equal(cfg(''), false);
    assert.equal(cfg('false'), false);
    assert.equal(cfg('2'), 2);
    assert.deepEqual(cfg('10.0.0.0/8, 192.168.1.5,::1,fd00::/8,loopback'), [
      '10.0.0.0/8',
      '192.168.1.5',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });
  it('refuses "true" and anything that is not an address, explaining the forms', () => {
    assert.throws(
      () => cfg('true'),
      /TRUST_PROXY=true would trust an X-Forwarded-For header sent by anyone.*hop count.*CIDRs/s,
    );
    assert.throws(() => cfg('10.0.0.0/33'), /invalid entries: 10\.0\.0\.0\/33/);
    assert.throws(() => cfg('proxy.internal'), /invalid entries: proxy\.internal/);
    assert.throws(() => cfg('*'), /invalid entries/);
  });
});
