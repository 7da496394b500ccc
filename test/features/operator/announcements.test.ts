import { before, after, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, randomSlug, seedTenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { TestClock } from '../../support/clock.js';
import { TestSmtp } from '../../support/mail.js';
import { announceCommand } from '../../../src/cli/announce.js';
import { instanceLog, person } from './operator-people.js';

const OPERATOR = `${randomSlug('ops-ann')}@example.com`;
const HOUR = 3_600_000;

forEachDialect("the operator's announcements", (dialect) => {
  const smtp = new TestSmtp();
  // Live, so seeded sessions and keys stay valid; the scheduling test moves it forward.
  const clock = TestClock.live();
  before(() => smtp.start());
  const { h, t } = useHarness(dialect, () => ({
    env: { OPERATOR_EMAILS: OPERATOR, SMTP_URL: smtp.url, JOBS_POLL_INTERVAL_MS: '0' },
    clock,
  }));
  after(() => smtp.stop());

  let op: Awaited<ReturnType<typeof person>>;
  const operator = async () => (op ??= await person(h, { email: OPERATOR, twoFactor: true }));
  const asOperator = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    call(h, { method, url, body, headers: (await operator()).headers });
  const visible = async () => (await call(h, { url: '/v1/announcements', tenant: t })).json.data.map((a: any) => a.id);
  const draft = async (extra: Record<string, unknown> = {}) => {
    const res = await asOperator('POST', '/v1/operator/announcements', {
      title: 'Maintenance on Sunday',
      body: 'The API is read-only from 02:00 to 02:30 UTC.',
      title_de: 'Wartung am Sonntag',
      body_de: 'Die API ist von 02:00 bis 02:30 UTC nur lesbar.',
      severity: 'warning',
      link: 'https://example.com/CHANGELOG.md',
      ...extra,
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json.data;
  };

  it('a draft is not shown to members; published, it is; withdrawn, it is gone; each step is in the audit log', async () => {
    const a = await draft();
    assert.equal(a.status, 'draft');
    assert.equal(a.published_at, null);
    assert.ok(!(await visible()).includes(a.id), 'a draft is nobody’s to see');
    const listed = await asOperator('GET', '/v1/operator/announcements?limit=100');
    assert.equal(listed.statusCode, 200, listed.body);
    assert.equal(listed.json.data.find((x: any) => x.id === a.id).status, 'draft');

    const edited = await asOperator('PATCH', `/v1/operator/announcements/${a.id}`, { title: 'Maintenance: Sunday' });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal(edited.json.data.title, 'Maintenance: Sunday');

    const published = await asOperator('POST', `/v1/operator/announcements/${a.id}/publish`);
    assert.equal(published.statusCode, 200, published.body);
    assert.equal(published.json.data.status, 'live');
    assert.ok((await visible()).includes(a.id), 'published: members see it');
    const shown = (await call(h, { url: '/v1/announcements', tenant: t })).json.data.find((x: any) => x.id === a.id);
    assert.deepEqual(shown.translations.de, {
      title: 'Wartung am Sonntag',
      body: 'Die API ist von 02:00 bis 02:30 UTC nur lesbar.',
    });

    expectProblem(await asOperator('POST', `/v1/operator/announcements/${a.id}/publish`), 409, 'conflict');
    expectProblem(await asOperator('PATCH', `/v1/operator/announcements/${a.id}`, { title: 'x' }), 409, 'conflict');

    const withdrawn = await asOperator('POST', `/v1/operator/announcements/${a.id}/withdraw`);
    assert.equal(withdrawn.statusCode, 200, withdrawn.body);
    assert.equal(withdrawn.json.data.status, 'withdrawn');
    assert.ok(!(await visible()).includes(a.id), 'withdrawn: gone');
    assert.equal((await asOperator('POST', `/v1/operator/announcements/${a.id}/withdraw`)).statusCode, 200);

    const log = await instanceLog(h, a.id);
    assert.deepEqual(
      log.map((e) => e.action),
      ['announcement.withdrawn', 'announcement.published', 'announcement.updated', 'announcement.created'],
    );
    assert.ok(log.every((e) => e.operator_id === op.tenant.userId && e.target_type === 'announcement'));
    const updated = log.find((e) => e.action === 'announcement.updated')!;
    assert.deepEqual(
      [JSON.parse(updated.before!), JSON.parse(updated.after!)],
      [{ title: 'Maintenance on Sunday' }, { title: 'Maintenance: Sunday' }],
    );
    assert.deepEqual(JSON.parse(log[0].after!), { status: 'withdrawn' });
  });

  it('a scheduled one shows from its start; its mail to recent API users goes out through the jobs then', async () => {
    const apiUser = await seedTenant(h);
    const idle = await seedTenant(h);
    await h.db.updateTable('users').set({ locale: 'de' }).where('id', '=', apiUser.userId).execute();
    assert.equal((await call(h, { url: '/v1/organizations', tenant: apiUser })).statusCode, 200);
    await h.app.deps.lastUsed.flush();

    const starts = new Date(clock.now().getTime() + 2 * HOUR).toISOString();
    const res = await asOperator('POST', '/v1/operator/announcements', {
      title: 'Field renamed',
      body: 'old_field becomes new_field.',
      title_de: 'Feld umbenannt',
      body_de: 'old_field wird zu new_field.',
      severity: 'breaking',
      starts_at: starts,
      email_api_users: true,
      publish: true,
    });
    assert.equal(res.statusCode, 201, res.body);
    const a = res.json.data;
    assert.equal(a.status, 'scheduled');
    assert.equal(a.starts_at, starts);
    assert.ok(!(await visible()).includes(a.id), 'not before its start');
    await h.app.jobs.runDue();
    assert.equal(smtp.got(apiUser.email, 'qrs-Mitteilung: Feld umbenannt'), false, 'no mail before the start');

    clock.advance(2 * HOUR + 1_000);
    try {
      assert.ok((await visible()).includes(a.id), 'shown from its start');
      const listed = await asOperator('GET', '/v1/operator/announcements?limit=100');
      assert.equal(listed.json.data.find((x: any) => x.id === a.id).status, 'live');
      await h.app.jobs.runDue();
      await smtp.arrived(apiUser.email, 'qrs-Mitteilung: Feld umbenannt');
      const mail = smtp.find(apiUser.email, 'qrs-Mitteilung: Feld umbenannt');
      assert.match(mail.text ?? '', /old_field wird zu new_field/);
      assert.deepEqual(smtp.to(idle.email), [], 'an owner of an unused key gets nothing');
    } finally {
      clock.advance(-(2 * HOUR + 1_000));
    }
    const log = await instanceLog(h, a.id);
    assert.deepEqual(log.map((e) => e.action).sort(), ['announcement.created', 'announcement.published']);
    await asOperator('POST', `/v1/operator/announcements/${a.id}/withdraw`);
  });

  it('preview gives the banner and the mail in both languages', async () => {
    const a = await draft({ email_api_users: true });
    const res = await asOperator('GET', `/v1/operator/announcements/${a.id}/preview`);
    assert.equal(res.statusCode, 200, res.body);
    const p = res.json.data;
    assert.deepEqual(p.banner.en, {
      title: 'Maintenance on Sunday',
      body: 'The API is read-only from 02:00 to 02:30 UTC.',
      link: 'https://example.com/CHANGELOG.md',
    });
    assert.equal(p.banner.de.title, 'Wartung am Sonntag');
    assert.equal(p.mail.en.subject, 'qrs notice: Maintenance on Sunday');
    assert.equal(p.mail.de.subject, 'qrs-Mitteilung: Wartung am Sonntag');
    assert.match(p.mail.de.text, /nur lesbar/);
    assert.match(p.mail.en.text, /CHANGELOG/);
    assert.equal(p.email_api_users, true);
    const english = await draft({ title_de: null, body_de: null });
    const only = (await asOperator('GET', `/v1/operator/announcements/${english.id}/preview`)).json.data;
    assert.deepEqual([only.banner.de, only.mail.de], [null, null]);
  });

  it('bad input is a problem naming the field, and nothing is written', async () => {
    const count = async () => (await asOperator('GET', '/v1/operator/announcements?limit=100')).json.data.length;
    const n = await count();
    const cases: Array<[unknown, number, string]> = [
      [{ body: 'no title' }, 400, '/title'],
      [{ title: 'T', body: 'B', severity: 'loud' }, 422, '/severity'],
      [{ title: 'T', body: 'B', title_de: 'nur Titel' }, 422, '/title_de'],
      [{ title: 'T', body: 'B', link: 'ftp://example.com/' }, 422, '/link'],
      [{ title: 'T', body: 'B', starts_at: 'tomorrow' }, 422, '/starts_at'],
      [{ title: 'T', body: 'B', ends_at: '2001-01-01' }, 422, '/ends_at'],
    ];
    for (const [body, status, pointer] of cases) {
      const res = await asOperator('POST', '/v1/operator/announcements', body);
      const problem = expectProblem(res, status, status === 400 ? 'bad-request' : 'validation-error');
      assert.ok(
        problem.errors.some((e: any) => e.pointer === pointer),
        `${JSON.stringify(body)}: ${JSON.stringify(problem.errors)}`,
      );
    }
    assert.equal(await count(), n);
    expectProblem(
      await asOperator('POST', '/v1/operator/announcements/ann_01JD3Y2K8Q9XW4T5N6M7P8R9S0/publish'),
      404,
      'not-found',
    );
  });

  it('the CLI publishes through the same service: members see it, the console lists it live', async () => {
    const made = (await announceCommand(h.db, h.config, [
      'publish',
      '--title',
      'From the shell',
      '--body',
      'Published with qrs announce.',
    ])) as { id: string; status: string };
    assert.equal(made.status, 'live');
    assert.ok((await visible()).includes(made.id));
    await asOperator('POST', `/v1/operator/announcements/${made.id}/withdraw`);
    assert.ok(!(await visible()).includes(made.id));
  });

  it('API keys and sessions of non-operators get the 404 of an unknown route', async () => {
    const plain = await person(h, { twoFactor: true });
    for (const headers of [plain.headers, t.auth, {}]) {
      for (const [method, url] of [
        ['GET', '/v1/operator/announcements'],
        ['POST', '/v1/operator/announcements'],
        ['GET', '/v1/operator/announcements/ann_01JD3Y2K8Q9XW4T5N6M7P8R9S0/preview'],
      ] as const) {
        const res = await call(h, {
          method,
          url,
          headers,
          body: method === 'POST' ? { title: 'T', body: 'B' } : undefined,
        });
        expectProblem(res, 404, 'not-found');
      }
    }
  });
});
