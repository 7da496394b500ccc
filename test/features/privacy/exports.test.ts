import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { call, expectProblem, seedMember, seedTenant, type Member } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { asKey, asMember, assertErrorAt, req } from '../../support/callers.js';
import { createCode, scan } from '../../support/codes.js';
import { headersOf } from '../../support/callers.js';
import { sweepExports } from '../../../src/features/privacy/exports.service.js';
import { TestClock } from '../../support/clock.js';
import { newId } from '../../../src/lib/ids.js';

forEachDialect('privacy exports', (dialect) => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'qrs-exports-'));
  });
  const { h } = useHarness(dialect, () => ({
    env: { PRIVACY_EXPORT_DIR: dir, PRIVACY_EXPORT_SWEEP_MS: '0' },
    tenant: false,
  }));
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  async function ready(m: Member, id: string) {
    for (let i = 0; i < 200; i++) {
      const res = await req(h, asMember(m), 'GET', `/v1/privacy/exports/${id}`);
      assert.equal(res.statusCode, 200, res.body);
      if (res.json.data.status === 'ready') return res.json.data;
      assert.notEqual(res.json.data.status, 'failed');
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('export not ready in time');
  }

  async function download(m: Member, id: string) {
    const res = await call(h, {
      method: 'GET',
      url: `/v1/privacy/exports/${id}/download`,
      headers: headersOf(asMember(m)),
    });
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    assert.equal(res.headers['content-type'], 'application/zip');
    assert.match(
      String(res.headers['content-disposition']),
      /attachment; filename="qrs-(user|organization)-export-exp_/,
    );
    const files = unzipSync(new Uint8Array(res.rawPayload));
    return Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strFromU8(v)]));
  }

  it('a user exports their own data: profile, memberships, sessions, keys, comments, their audit entries', async () => {
    const t = await seedTenant(h);
    const me = await seedMember(h, t, { workspace: 'ws_admin' });
    const code = await createCode(h, t, { type: 'url', url: 'https://example.com/x' });
    assert.equal(
      (await req(h, asMember(me), 'POST', `/v1/codes/${code.id}/comments`, { body: '=SUM(A1), "quoted"' })).statusCode,
      201,
    );
    const key = await req(h, asMember(me), 'POST', '/v1/api-keys', { name: 'mine' });
    assert.equal(key.statusCode, 201, key.body);
    const res = await req(h, asMember(me), 'POST', '/v1/privacy/exports', {});
    assert.equal(res.statusCode, 202, res.body);
    assert.match(res.json.data.id, /^exp_[0-9A-HJKMNP-TV-Z]{26}$/);
    assert.equal(res.json.data.scope, 'user');
    assert.equal(res.json.data.download_url, null);
    const done = await ready(me, res.json.data.id);
    assert.equal(done.download_url, `/v1/privacy/exports/${done.id}/download`);
    assert.ok(done.size_bytes > 0);
    assert.equal(Date.parse(done.expires_at) - Date.parse(done.completed_at), 7 * 86_400_000);
    const files = await download(me, done.id);
    assert.deepEqual(Object.keys(files).sort(), [
      'README.txt',
      'api_keys.csv',
      'audit_log.csv',
      'comments.csv',
      'memberships.json',
      'profile.json',
      'sessions.csv',
    ]);
    assert.equal(JSON.parse(files['profile.json']).email, me.email);
    assert.ok(!files['profile.json'].includes('password'));
    assert.equal(JSON.parse(files['memberships.json']).organizations[0].organization_id, t.organizationId);
    assert.match(files['comments.csv'], /"'=SUM\(A1\), ""quoted"""/);
    assert.match(files['audit_log.csv'], /api_keys\.created/);
    assert.equal(files['sessions.csv'].split('\r\n')[0], 'id,created_at,expires_at');
    assert.ok(files['api_keys.csv'].includes(key.json.data.id));
    assert.ok(!files['api_keys.csv'].includes(key.json.data.api_key), 'never the secret');
  });

  it('an org_admin exports the organization: codes, members, audit, rollups and raw scans', async () => {
    const t = await seedTenant(h);
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const code = await createCode(h, t, { type: 'url', url: 'https://example.com/o', dynamic: true });
    for (let i = 0; i < 3; i++) await scan(h, code.short_code, {}, { ip: `203.0.113.${i + 1}` });
    await h.app.scans.flush();
    const res = await req(h, asMember(admin), 'POST', '/v1/privacy/exports', { scope: 'organization' });
    assert.equal(res.statusCode, 202, res.body);
    const files = await download(admin, (await ready(admin, res.json.data.id)).id);
    assert.deepEqual(Object.keys(files).sort(), [
      'README.txt',
      'audit_log.csv',
      'codes.json',
      'comments.csv',
      'members.csv',
      'organization.json',
      'passports.json',
      'scan_rollups.csv',
      'scans.csv',
      'workspaces.json',
    ]);
    assert.deepEqual(
      JSON.parse(files['codes.json']).map((c: any) => c.id),
      [code.id],
    );
    assert.equal(JSON.parse(files['organization.json']).id, t.organizationId);
    assert.ok(files['members.csv'].includes(admin.email));
    const scans = files['scans.csv'].trim().split('\r\n');
    assert.equal(scans.length, 4);
    assert.ok(scans.slice(1).every((l) => l.split(',')[1] === code.id));
    assert.ok(!/203\.0\.113/.test(files['scans.csv']), 'no IP address is stored, so none is exported');
    assert.match(files['scan_rollups.csv'], new RegExp(`${code.id},d,\\d{4}-\\d{2}-\\d{2},total,,3,`));
    // Three scans make a sparse month: it keeps totals only, its breakdowns are in scans.csv (D42).
    assert.doesNotMatch(files['scan_rollups.csv'], new RegExp(`${code.id},d,\\d{4}-\\d{2}-\\d{2},device,`));
    assert.match(files['scan_rollups.csv'], new RegExp(`${code.id},m,\\d{4}-\\d{2},total,,3,`));
    assert.doesNotMatch(files['scan_rollups.csv'], new RegExp(`${code.id},m,\\d{4}-\\d{2},device,`));
    assert.match(files['README.txt'], /daily-salted hash/);
  });

  it('bad input, wrong callers and other people get 422, 403 and 404; nothing is created', async () => {
    const t = await seedTenant(h);
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const viewer = await seedMember(h, t, { workspace: 'viewer' });
    const count = async () =>
      (await h.db.selectFrom('privacy_exports').select('id').where('organization_id', '=', t.organizationId).execute())
        .length;
    assertErrorAt(
      expectProblem(
        await req(h, asMember(admin), 'POST', '/v1/privacy/exports', { scope: 'all' }),
        422,
        'validation-error',
      ),
      '/scope',
    );
    assertErrorAt(
      expectProblem(
        await req(h, asMember(admin), 'POST', '/v1/privacy/exports', { format: 'xml' }),
        422,
        'validation-error',
      ),
      '/format',
      'unknown_field',
    );
    expectProblem(
      await req(h, asMember(viewer), 'POST', '/v1/privacy/exports', { scope: 'organization' }),
      403,
      'forbidden',
    );
    expectProblem(await req(h, asKey(t), 'POST', '/v1/privacy/exports', {}), 403, 'forbidden');
    assert.equal(await count(), 0);

    const mine = (await req(h, asMember(admin), 'POST', '/v1/privacy/exports', { scope: 'organization' })).json.data;
    await ready(admin, mine.id);
    const stranger = await seedTenant(h);
    const strangerAdmin = await seedMember(h, stranger, { org: 'org_admin' });
    for (const who of [strangerAdmin, viewer]) {
      expectProblem(await req(h, asMember(who), 'GET', `/v1/privacy/exports/${mine.id}`), 404, 'not-found');
      expectProblem(await req(h, asMember(who), 'GET', `/v1/privacy/exports/${mine.id}/download`), 404, 'not-found');
    }
    expectProblem(await req(h, asKey(t), 'GET', `/v1/privacy/exports/${mine.id}`), 403, 'forbidden');
    assertErrorAt(
      expectProblem(
        await req(h, asMember(admin), 'GET', `/v1/privacy/exports/${'x'.repeat(80)}`),
        422,
        'validation-error',
      ),
      '/params/id',
    );
    expectProblem(
      await req(h, asMember(admin), 'GET', '/v1/privacy/exports/exp_01JD3Y2K8Q9XW4T5N6M7P8R9S0'),
      404,
      'not-found',
    );
  });

  it('409 until ready; after 7 days the file is deleted and the download is 410', async () => {
    const t = await seedTenant(h);
    const me = await seedMember(h, t, { workspace: 'editor' });
    const now = new Date();
    // A pending export no worker has taken yet.
    const pendingId = 'exp_01JD3Y2K8Q9XW4T5N6M7P8R9S1';
    await h.db
      .insertInto('privacy_exports')
      .values({
        id: pendingId,
        organization_id: t.organizationId,
        user_id: me.userId,
        scope: 'user',
        status: 'pending',
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
      })
      .execute();
    expectProblem(await req(h, asMember(me), 'GET', `/v1/privacy/exports/${pendingId}/download`), 409, 'conflict');
    await h.db.deleteFrom('privacy_exports').where('id', '=', pendingId).execute();

    const made = (await req(h, asMember(me), 'POST', '/v1/privacy/exports', {})).json.data;
    const done = await ready(me, made.id);
    const file = join(dir, `${done.id}.zip`);
    assert.ok(existsSync(file));
    const later = new TestClock(Date.parse(done.expires_at) + 1_000);
    await sweepExports({ db: h.db, config: h.config, clock: later }, (err) => {
      throw err;
    });
    assert.ok(!existsSync(file));
    assert.equal((await req(h, asMember(me), 'GET', `/v1/privacy/exports/${done.id}`)).json.data.status, 'expired');
    expectProblem(await req(h, asMember(me), 'GET', `/v1/privacy/exports/${done.id}/download`), 410, 'gone');
  });

  it('one export waits per person and scope; asking again answers that one and queues nothing', async () => {
    const t = await seedTenant(h);
    const me = await seedMember(h, t, { org: 'org_admin' });
    const rows = () =>
      h.db.selectFrom('privacy_exports').select(['id', 'scope']).where('user_id', '=', me.userId).execute();
    const now = Date.now();
    const seed = async (id: string, ageMs: number) =>
      h.db
        .insertInto('privacy_exports')
        .values({
          id,
          organization_id: t.organizationId,
          user_id: me.userId,
          scope: 'user',
          // `running`: being written by a worker (of another instance); this process's sweep leaves it alone
          status: 'running',
          created_at: new Date(now - ageMs).toISOString(),
          expires_at: new Date(now + 7 * 86_400_000).toISOString(),
        })
        .execute();
    const running = newId('exp');
    await seed(running, 60_000);
    // The attack: a request loop.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => req(h, asMember(me), 'POST', '/v1/privacy/exports', { scope: 'user' })),
    );
    for (const a of answers) {
      assert.equal(a.statusCode, 202, a.body);
      assert.equal(a.json.data.id, running);
      assert.equal(a.json.data.status, 'running');
    }
    assert.deepEqual(await rows(), [{ id: running, scope: 'user' }]);
    // Someone else's export never answers for mine, even in the same organization.
    const colleague = await seedMember(h, t, { workspace: 'viewer' });
    const theirs = await req(h, asMember(colleague), 'POST', '/v1/privacy/exports', {});
    assert.equal(theirs.statusCode, 202, theirs.body);
    assert.notEqual(theirs.json.data.id, running);
    await ready(colleague, theirs.json.data.id);
    // The organization's export is another scope: it gets its own.
    const org = await req(h, asMember(me), 'POST', '/v1/privacy/exports', { scope: 'organization' });
    assert.equal(org.statusCode, 202, org.body);
    assert.notEqual(org.json.data.id, running);
    await ready(me, org.json.data.id);
    // A `running` export requested over a day ago was left by a process that died: it holds nothing.
    await h.db.deleteFrom('privacy_exports').where('id', '=', running).execute();
    await seed(running, 25 * 3_600_000);
    const fresh = await req(h, asMember(me), 'POST', '/v1/privacy/exports', {});
    assert.equal(fresh.statusCode, 202, fresh.body);
    assert.notEqual(fresh.json.data.id, running);
    await ready(me, fresh.json.data.id);
    // Once it is ready, a new request makes a new export.
    const again = await req(h, asMember(me), 'POST', '/v1/privacy/exports', {});
    assert.notEqual(again.json.data.id, fresh.json.data.id);
    await ready(me, again.json.data.id);
    assert.equal((await rows()).length, 4);
  });
});
