import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedMember, seedTenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { sessionHeaders } from '../../support/accounts.js';
import {
  AnnouncementInputError,
  publishAnnouncement,
  withdrawAnnouncement,
  type AnnouncementInput,
} from '../../../src/features/announcements/index.js';
import { unseal } from '../../../src/lib/sealed.js';
import { TestClock } from '../../support/clock.js';

const DAY = 86_400_000;

forEachDialect('announcements', (dialect) => {
  // The service's clock, moved forward by the expiry test; real time otherwise.
  const clock = TestClock.live();
  const publish = (input: AnnouncementInput & { email?: boolean }) =>
    publishAnnouncement({ db: h.db, config: h.config, clock }, { organization: t.organizationId, ...input });
  const ids = async (headers: Record<string, string>, query = '') =>
    (await call(h, { url: `/v1/announcements${query}`, headers })).json.data.map((a: { id: string }) => a.id);
  const count = async () =>
    Number(
      (
        await h.db
          .selectFrom('announcements')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const { h, t } = useHarness(dialect, { clock });

  it('published from the CLI function, listed for sessions and keys, in English and German', async () => {
    const a = await publish({
      title: 'Scheduled maintenance',
      body: 'The API is read-only on Sunday\nfrom 02:00 to 02:30 UTC.',
      titleDe: 'Geplante Wartung',
      bodyDe: 'Die API ist am Sonntag nur lesbar.',
      severity: 'warning',
      link: 'https://status.example.com/',
      endsAt: new Date(Date.now() + 7 * DAY).toISOString(),
    });
    assert.match(a.id, /^ann_[0-9A-Z]{26}$/);
    const member = await seedMember(h, t, { workspace: 'viewer' });
    const res = await call(h, { url: '/v1/announcements', headers: member.headers });
    assert.equal(res.statusCode, 200);
    const item = res.json.data.find((x: { id: string }) => x.id === a.id);
    assert.deepEqual(item, {
      id: a.id,
      severity: 'warning',
      title: 'Scheduled maintenance',
      body: 'The API is read-only on Sunday\nfrom 02:00 to 02:30 UTC.',
      translations: { de: { title: 'Geplante Wartung', body: 'Die API ist am Sonntag nur lesbar.' } },
      link: 'https://status.example.com/',
      starts_at: a.starts_at,
      ends_at: a.ends_at,
      created_at: a.created_at,
      dismissed_at: null,
    });
    assert.equal(typeof res.json.meta.pagination.total_count, 'number');
    assert.ok((await ids(t.auth)).includes(a.id), 'an API key lists it too');
    await withdrawAnnouncement({ db: h.db, config: h.config, clock }, a.id);
  });

  it('a dismissal holds for that user in every session, and for nobody else', async () => {
    const a = await publish({ title: 'New dashboard', body: 'Try it.' });
    const anna = await seedMember(h, t, { workspace: 'editor' });
    const ben = await seedMember(h, t, { workspace: 'editor' });
    const url = `/v1/announcements/${a.id}/dismiss`;
    const d = await call(h, { method: 'POST', url, headers: anna.headers });
    assert.equal(d.statusCode, 200, d.body);
    assert.equal(d.json.data.id, a.id);
    assert.ok(d.json.data.dismissed_at);
    assert.ok(!(await ids(anna.headers)).includes(a.id));
    // Another device: a fresh sign-in of the same user.
    const login = await call(h, {
      method: 'POST',
      url: '/auth/login',
      body: { email: anna.email, password: anna.password },
    });
    assert.equal(login.statusCode, 200, login.body);
    assert.ok(!(await ids(sessionHeaders(login))).includes(a.id), 'dismissed on every device');
    assert.ok((await ids(ben.headers)).includes(a.id), "anna's dismissal does not hide it for ben");
    assert.ok((await ids(t.auth)).includes(a.id), 'nor for an API key');
    // Asked for, the dismissed one comes back with its time; dismissing again keeps that time.
    const all = await call(h, { url: '/v1/announcements?include_dismissed=true', headers: anna.headers });
    assert.equal(all.json.data.find((x: { id: string }) => x.id === a.id).dismissed_at, d.json.data.dismissed_at);
    const again = await call(h, { method: 'POST', url, headers: anna.headers });
    assert.equal(again.statusCode, 200);
    assert.equal(again.json.data.dismissed_at, d.json.data.dismissed_at);
    // An API key dismisses for itself only.
    assert.equal((await call(h, { method: 'POST', url, tenant: t })).statusCode, 200);
    assert.ok(!(await ids(t.auth)).includes(a.id));
    assert.ok((await ids(ben.headers)).includes(a.id));
    await withdrawAnnouncement({ db: h.db, config: h.config, clock }, a.id);
  });

  it("unknown, malformed, withdrawn and other organizations' announcements are 404s and never listed", async () => {
    const other = await seedTenant(h);
    const mine = await publish({ title: 'Only for this organization', body: 'Hello.' });
    expectProblem(
      await call(h, { method: 'POST', url: '/v1/announcements/ann_01JD3Y2K8Q9XW4T5N6M7P8R9S0/dismiss', tenant: t }),
      404,
      'not-found',
    );
    expectProblem(
      await call(h, { method: 'POST', url: '/v1/announcements/nonsense/dismiss', tenant: t }),
      404,
      'not-found',
    );
    assert.ok(!(await ids(other.auth)).includes(mine.id));
    expectProblem(
      await call(h, { method: 'POST', url: `/v1/announcements/${mine.id}/dismiss`, tenant: other }),
      404,
      'not-found',
    );
    assert.ok((await ids(t.auth)).includes(mine.id), "the other organization's try changed nothing");
    const w = await withdrawAnnouncement({ db: h.db, config: h.config, clock }, mine.id);
    assert.equal(w.changed, true);
    assert.equal((await withdrawAnnouncement({ db: h.db, config: h.config, clock }, mine.id)).changed, false);
    assert.ok(!(await ids(t.auth)).includes(mine.id));
    expectProblem(
      await call(h, { method: 'POST', url: `/v1/announcements/${mine.id}/dismiss`, tenant: t }),
      404,
      'not-found',
    );
    const rows = await h.db
      .selectFrom('announcement_dismissals')
      .selectAll()
      .where('announcement_id', '=', mine.id)
      .execute();
    assert.deepEqual(rows, []);
  });

  it('shown from its start until its end, then gone', async () => {
    const later = await publish({
      title: 'Starts tomorrow',
      body: 'Not yet.',
      startsAt: new Date(Date.now() + DAY).toISOString(),
      endsAt: new Date(Date.now() + 3 * DAY).toISOString(),
    });
    const soon = await publish({
      title: 'Ends in an hour',
      body: 'Now.',
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    assert.deepEqual(
      (await ids(t.auth)).filter((id: string) => [later.id, soon.id].includes(id)),
      [soon.id],
    );
    clock.t = 2 * DAY;
    try {
      assert.deepEqual(
        (await ids(t.auth)).filter((id: string) => [later.id, soon.id].includes(id)),
        [later.id],
      );
      expectProblem(
        await call(h, { method: 'POST', url: `/v1/announcements/${soon.id}/dismiss`, tenant: t }),
        404,
        'not-found',
      );
      clock.t = 4 * DAY;
      assert.ok(!(await ids(t.auth)).includes(later.id));
    } finally {
      clock.t = 0;
    }
    await withdrawAnnouncement({ db: h.db, config: h.config, clock }, later.id);
    await withdrawAnnouncement({ db: h.db, config: h.config, clock }, soon.id);
  });

  it('bad input is refused with every problem named, and nothing is written', async () => {
    const before = await count();
    const bad: Array<[AnnouncementInput, RegExp]> = [
      [{ body: 'no title' }, /--title .*required/],
      [{ title: 'no body', body: '   ' }, /--body .*required/],
      [{ title: 'x'.repeat(201), body: 'b' }, /--title is longer than 200/],
      [{ title: 't', body: 'b', severity: 'urgent' }, /--severity must be one of info, warning, breaking/],
      [{ title: 't', body: 'b', link: 'javascript:alert(1)' }, /--link must be an http or https URL/],
      [{ title: 't', body: 'b', endsAt: 'next week' }, /--ends .*ISO 8601/],
      [{ title: 't', body: 'b', endsAt: '2001-01-01' }, /--ends .*after the start|already past/],
      [{ title: 't', body: 'b', titleDe: 'nur Titel' }, /both --title-de and --body-de/],
      [{ title: 't', body: 'b', organization: 'no-such-org-slug' }, /--org no-such-org-slug is no organization/],
    ];
    for (const [input, message] of bad) {
      await assert.rejects(publish(input), (err: unknown) => {
        assert.ok(err instanceof AnnouncementInputError, String(err));
        assert.match(err.message, message);
        return true;
      });
    }
    await assert.rejects(publish({ severity: 'nope', link: 'ftp://x' }), (err: AnnouncementInputError) => {
      assert.equal(err.problems.length, 4, 'every problem at once');
      return true;
    });
    await assert.rejects(
      withdrawAnnouncement({ db: h.db, config: h.config, clock }, 'ann_nope'),
      AnnouncementInputError,
    );
    assert.equal(await count(), before);
    // Bad queries of the list are problem documents.
    expectProblem(await call(h, { url: '/v1/announcements?limit=0', tenant: t }), 422, 'validation-error');
    expectProblem(await call(h, { url: '/v1/announcements?cursor=nope', tenant: t }), 422, 'validation-error');
    expectProblem(
      await call(h, { url: '/v1/announcements?include_dismissed=maybe', tenant: t }),
      422,
      'validation-error',
    );
    expectProblem(await call(h, { url: '/v1/announcements' }), 401, 'authentication');
  });

  it('pages newest first', async () => {
    const made = [];
    for (const n of [1, 2, 3]) made.push(await publish({ title: `Notice ${n}`, body: 'b' }));
    const first = await call(h, { url: '/v1/announcements?limit=2', tenant: t });
    assert.deepEqual(
      first.json.data.map((a: { id: string }) => a.id),
      [made[2].id, made[1].id],
    );
    assert.equal(first.json.meta.pagination.has_more, true);
    const next = await call(h, {
      url: `/v1/announcements?limit=2&cursor=${first.json.meta.pagination.next_cursor}`,
      tenant: t,
    });
    assert.equal(next.json.data[0].id, made[0].id);
    for (const a of made) await withdrawAnnouncement({ db: h.db, config: h.config, clock }, a.id);
  });

  it('with --email, queues one message per owner of a recently used API key, in their language', async () => {
    const used = await seedTenant(h);
    const idle = await seedTenant(h);
    await h.db.updateTable('users').set({ locale: 'de' }).where('id', '=', used.userId).execute();
    assert.equal((await call(h, { url: '/v1/organizations', tenant: used })).statusCode, 200);
    await h.app.deps.lastUsed.flush();
    const sent = async (userEmail: string) =>
      (await h.db.selectFrom('mail_messages').selectAll().where('to_address', '=', userEmail).execute()).map((m) => ({
        template: m.template,
        // sent already (the outbox) when the job runner was quicker than the test
        subject: m.sealed ? JSON.parse(unseal(h.config.secretsKey, m.sealed)).subject : null,
      }));
    const a = await publishAnnouncement(
      { db: h.db, config: h.config, clock },
      {
        title: 'Field renamed',
        body: 'old_field becomes new_field.',
        titleDe: 'Feld umbenannt',
        bodyDe: 'old_field wird zu new_field.',
        severity: 'breaking',
        organization: used.organizationId,
        endsAt: new Date(Date.now() + 90 * DAY).toISOString(),
        email: true,
      },
    );
    // The messages are queued by the announcement.mail job, not by publishing (docs/decisions.md D76).
    assert.equal(a.email_api_users, true);
    await h.app.jobs.runDue();
    const mails = await sent(used.email);
    assert.deepEqual(
      mails.map((m) => m.template),
      ['announcement'],
    );
    if (mails[0].subject !== null) assert.equal(mails[0].subject, 'qrs-Mitteilung: Feld umbenannt');
    assert.deepEqual(await sent(idle.email), []);
    await withdrawAnnouncement({ db: h.db, config: h.config, clock }, a.id);
  });
});
