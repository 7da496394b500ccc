// Notifications (docs/decisions.md D64): who is told of what, in which language, on which channel,
// and the one-click unsubscribe of RFC 8058. People sign up through the API (their sessions follow
// the test clock) and are placed in the admin's organization the way an accepted invitation would.
import { it, before } from 'node:test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { call, expectProblem } from '../../support/harness.js';
import { forEachDialect } from '../../support/suite.js';
import { useMailHarness } from '../../support/mail.js';
import { signUp, verifyAddress, type SignedUp } from '../../support/accounts.js';
import { createCode, scan } from '../../support/codes.js';
import { mentionedIn } from '../../../src/features/notifications/notifications.fns.js';

type Role = 'ws_admin' | 'editor' | 'approver' | 'viewer';
interface Person extends SignedUp {
  name: string;
}
interface Notice {
  id: string;
  kind: string;
  organization_id: string;
  workspace_id: string | null;
  actor: { id: string; name: string } | null;
  data: Record<string, unknown>;
  link: string;
  read_at: string | null;
}

forEachDialect('notifications', (dialect) => {
  const { h, smtp } = useMailHarness(dialect, {
    PRIVACY_EXPORT_DIR: join(tmpdir(), `qrs-notifications-${process.pid}-${dialect.name}`),
    DEFAULT_PLAN: 'free',
    // two scans a month make the usage notices easy to reach; codes are not what this file counts
    PLANS_JSON: JSON.stringify({ free: { maxScansPerMonth: 2, maxDynamicCodes: 1000 } }),
  });
  let admin: Person, editor: Person, approver: Person, viewer: Person, outsider: Person;
  let orgId: string, wsId: string;

  async function person(name: string, locale: 'en' | 'de' = 'en'): Promise<Person> {
    const s = await signUp(h, { locale });
    await h.db.updateTable('users').set({ name }).where('id', '=', s.userId).execute();
    return { ...s, name };
  }
  async function enrol(p: Person, role: Role): Promise<Person> {
    const at = new Date().toISOString();
    await h.db
      .insertInto('memberships')
      .values({ organization_id: orgId, user_id: p.userId, role: 'member', created_at: at })
      .execute();
    await h.db
      .insertInto('workspace_members')
      .values({ workspace_id: wsId, user_id: p.userId, role, created_at: at })
      .execute();
    return { ...p, headers: { ...p.headers, 'x-organization-id': orgId } };
  }

  before(async () => {
    admin = await person('Ada Admin');
    await verifyAddress(h, smtp, admin);
    orgId = admin.organizationId;
    const me = await call(h, { url: '/auth/me', headers: admin.headers });
    wsId = me.json.data.current.workspace_id;
    await h.db.updateTable('workspaces').set({ approval_required: 1 }).where('id', '=', wsId).execute();
    editor = await enrol(await person('Eddie Editor'), 'editor');
    approver = await enrol(await person('Petra Prüfer', 'de'), 'approver');
    viewer = await enrol(await person('Vic Viewer'), 'viewer');
    outsider = await person('Olga Outsider');
  });

  const notices = async (p: SignedUp, query = ''): Promise<Notice[]> => {
    const res = await call(h, { url: `/v1/notifications?limit=100${query}`, headers: p.headers });
    assert.equal(res.statusCode, 200, res.body);
    return res.json.data;
  };
  const about = async (p: SignedUp, codeId: string) => (await notices(p)).filter((n) => n.data.code_id === codeId);
  const unread = async (p: SignedUp) =>
    (await call(h, { url: '/v1/notifications?unread=true&limit=1', headers: p.headers })).json.meta.pagination
      .total_count as number;
  /** Runs the queued mail and waits until it reached the server. */
  async function delivered(address: string, subject: string) {
    await h.app.jobs.runDue();
    await smtp.arrived(address, subject);
    return smtp.find(address, subject);
  }
  const mailsAbout = (address: string, text: string) => smtp.to(address).filter((m) => m.subject?.includes(text));
  // Long header lines arrive folded: unfold them before reading.
  const header = (mail: { headerLines: ReadonlyArray<{ key: string; line: string }> }, key: string) =>
    mail.headerLines.find((l) => l.key === key)?.line.replace(/\r\n\s+/g, ' ');
  const oneClick = (url: string, type = 'application/x-www-form-urlencoded', payload = 'List-Unsubscribe=One-Click') =>
    // raw inject: a form body, as a mail client posts it, which call() would send as JSON
    h.app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload });
  const setPrefs = (p: SignedUp, body: unknown) =>
    call(h, { method: 'PUT', url: '/v1/notifications/preferences', headers: p.headers, body });

  it('approval requested goes to the approvers and org admins, never the author or a viewer; review goes to the author', async () => {
    const title = `Spring sale ${Date.now()}`;
    const code = await createCode(h, editor, { type: 'url', url: 'https://spring.example.com/', title });
    assert.equal(code.status, 'pending_approval');
    for (const p of [admin, approver]) {
      const [n, ...more] = await about(p, code.id);
      assert.equal(more.length, 0);
      assert.equal(n!.kind, 'approval_requested');
      assert.deepEqual(n!.actor, { id: editor.userId, name: 'Eddie Editor' });
      assert.equal(n!.data.code_title, title);
      assert.equal(n!.link, `/codes/${code.id}`);
      assert.equal(n!.workspace_id, wsId);
      assert.equal(n!.read_at, null);
    }
    for (const p of [editor, viewer, outsider]) assert.deepEqual(await about(p, code.id), []);

    // Each in their own language, with a one-click unsubscribe.
    const en = await delivered(admin.email, `Approval requested: ${title}`);
    assert.match(en.text ?? '', /Eddie Editor asks you to approve the code/);
    assert.match(en.text ?? '', new RegExp(`http://qrs\\.test/codes/${code.id}`));
    const de = await delivered(approver.email, `Freigabe angefragt: ${title}`);
    assert.match(de.text ?? '', /Eddie Editor bittet Sie, den Code „/);
    assert.equal(header(de, 'list-unsubscribe-post'), 'List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    assert.match(String(header(de, 'list-unsubscribe')), /^List-Unsubscribe: <http:\/\/qrs\.test\/unsubscribe\?token=/);
    assert.equal(mailsAbout(editor.email, title).length, 0);
    assert.equal(mailsAbout(viewer.email, title).length, 0);

    // Rejected with a reason: the author hears it, the reviewer does not hear of their own doing.
    const rejected = await call(h, {
      method: 'POST',
      url: `/v1/codes/${code.id}/reject`,
      headers: approver.headers,
      body: { reason: 'The landing page is not live yet' },
    });
    assert.equal(rejected.statusCode, 200, rejected.body);
    const [r] = await about(editor, code.id);
    assert.equal(r!.kind, 'code_rejected');
    assert.equal(r!.data.reason, 'The landing page is not live yet');
    assert.deepEqual(r!.actor, { id: approver.userId, name: 'Petra Prüfer' });
    assert.equal((await about(approver, code.id)).length, 1);
    const mail = await delivered(editor.email, `Rejected: ${title}`);
    assert.match(mail.text ?? '', /Reason: The landing page is not live yet/);

    // A new destination puts it back in review: the approvers hear again; then approved.
    const patched = await call(h, {
      method: 'PATCH',
      url: `/v1/codes/${code.id}`,
      headers: editor.headers,
      body: { url: 'https://spring.example.com/live' },
    });
    assert.equal(patched.json.data.status, 'pending_approval');
    assert.equal((await about(admin, code.id)).filter((n) => n.kind === 'approval_requested').length, 2);
    const ok = await call(h, { method: 'POST', url: `/v1/codes/${code.id}/approve`, headers: admin.headers });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal((await about(editor, code.id))[0]!.kind, 'code_approved');
    await delivered(editor.email, `Approved: ${title}`);
    assert.equal((await about(approver, code.id)).filter((n) => n.kind !== 'approval_requested').length, 0);
  });

  it('a code made with an API key: its creator is the author and is not told of their own request', async () => {
    const key = await call(h, { method: 'POST', url: '/v1/api-keys', headers: admin.headers, body: { name: 'ci' } });
    assert.equal(key.statusCode, 201, key.body);
    const auth = { authorization: `Bearer ${key.json.data.api_key}` };
    const res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      headers: auth,
      body: { type: 'url', url: 'https://k.example.com/' },
    });
    assert.equal(res.json.data.status, 'pending_approval');
    assert.equal((await about(admin, res.json.data.id)).length, 0);
    assert.equal((await about(approver, res.json.data.id)).length, 1);
  });

  it('comments tell the author; @mentions by address or name tell members who can read the workspace, once', async () => {
    const title = `Menu ${Date.now()}`;
    const code = await createCode(h, editor, { type: 'url', url: 'https://menu.example.com/', title });
    const comment = (p: SignedUp, body: string) =>
      call(h, { method: 'POST', url: `/v1/codes/${code.id}/comments`, headers: p.headers, body: { body } });
    // The author is mentioned too: one notice (the mention), not two. The outsider is not a member.
    const c1 = await comment(
      approver,
      `Looks good @${editor.email}, but @petra prüferin is nobody and @ada admin should see it. cc @${outsider.email} @Petra Prüfer`,
    );
    assert.equal(c1.statusCode, 201, c1.body);
    const forEditor = await about(editor, code.id);
    assert.deepEqual(
      forEditor.map((n) => n.kind),
      ['mentioned'],
    );
    assert.equal(forEditor[0]!.data.comment_id, c1.json.data.id);
    assert.match(String(forEditor[0]!.data.excerpt), /^Looks good @/);
    assert.deepEqual(
      (await about(admin, code.id)).map((n) => n.kind),
      ['mentioned', 'approval_requested'],
    );
    // The commenter names themself: nothing. The outsider: nothing, whatever the address.
    assert.deepEqual(
      (await about(approver, code.id)).map((n) => n.kind),
      ['approval_requested'],
    );
    assert.deepEqual(await about(outsider, code.id), []);
    await delivered(editor.email, `Petra Prüfer mentioned you on ${title}`);

    const c2 = await comment(admin, 'Approved after the fix.');
    assert.equal(c2.statusCode, 201);
    const [n] = await about(editor, code.id);
    assert.equal(n!.kind, 'code_commented');
    assert.equal(n!.data.excerpt, 'Approved after the fix.');
    const mail = await delivered(editor.email, `New comment on ${title}`);
    assert.match(mail.text ?? '', /Ada Admin commented on your code/);
    // The author commenting on their own code tells nobody of a comment.
    const before = (await about(admin, code.id)).length;
    await comment(editor, 'Thanks!');
    assert.equal((await about(admin, code.id)).length, before);
  });

  it('list, unread count, mark one and all read; another person gets 404 and sees nothing', async () => {
    const code = await createCode(h, editor, { type: 'url', url: 'https://count.example.com/' });
    const mine = await about(approver, code.id);
    assert.equal(mine.length, 1);
    const count = await unread(approver);
    assert.ok(count >= 1);
    const one = await call(h, {
      method: 'POST',
      url: `/v1/notifications/${mine[0]!.id}/read`,
      headers: approver.headers,
    });
    assert.equal(one.statusCode, 200, one.body);
    assert.ok(one.json.data.read_at);
    assert.equal(await unread(approver), count - 1);
    const again = await call(h, {
      method: 'POST',
      url: `/v1/notifications/${mine[0]!.id}/read`,
      headers: approver.headers,
    });
    assert.equal(again.json.data.read_at, one.json.data.read_at);
    const got = await call(h, { url: `/v1/notifications/${mine[0]!.id}`, headers: approver.headers });
    assert.equal(got.json.data.id, mine[0]!.id);

    // Someone else's notification does not exist for you, whoever you are.
    for (const p of [editor, outsider, admin]) {
      expectProblem(await call(h, { url: `/v1/notifications/${mine[0]!.id}`, headers: p.headers }), 404, 'not-found');
      expectProblem(
        await call(h, { method: 'POST', url: `/v1/notifications/${mine[0]!.id}/read`, headers: p.headers }),
        404,
        'not-found',
      );
    }
    assert.deepEqual(await notices(outsider), []);
    expectProblem(await call(h, { url: '/v1/notifications/ntf_nope', headers: approver.headers }), 404, 'not-found');

    const all = await call(h, { method: 'POST', url: '/v1/notifications/read-all', headers: approver.headers });
    assert.equal(all.statusCode, 200, all.body);
    assert.equal(all.json.data.marked, count - 1);
    assert.equal(await unread(approver), 0);
    assert.ok((await notices(approver)).every((n) => n.read_at));

    // Bad input is a problem document.
    expectProblem(
      await call(h, { url: '/v1/notifications?limit=0', headers: approver.headers }),
      422,
      'validation-error',
    );
    expectProblem(
      await call(h, { url: '/v1/notifications?unread=maybe', headers: approver.headers }),
      422,
      'validation-error',
    );
    expectProblem(
      await call(h, { url: '/v1/notifications?cursor=qr_x', headers: approver.headers }),
      422,
      'validation-error',
    );
    expectProblem(await call(h, { url: '/v1/notifications' }), 401, 'authentication');
  });

  it('API keys are not a person: 403 on every notification route', async () => {
    const key = await call(h, { method: 'POST', url: '/v1/api-keys', headers: admin.headers, body: { name: 'k' } });
    assert.equal(key.statusCode, 201, key.body);
    const headers = { authorization: `Bearer ${key.json.data.api_key}` };
    for (const [method, url] of [
      ['GET', '/v1/notifications'],
      ['POST', '/v1/notifications/read-all'],
      ['GET', '/v1/notifications/preferences'],
    ] as const)
      expectProblem(await call(h, { method, url, headers }), 403, 'forbidden');
  });

  it('preferences: everything on by default; off in-app stores no notice, off by mail sends none; bad input changes nothing', async () => {
    const p = await enrol(await person('Pia Prefs'), 'approver');
    const got = await call(h, { url: '/v1/notifications/preferences', headers: p.headers });
    assert.equal(got.statusCode, 200);
    assert.equal(Object.keys(got.json.data).length, 10);
    assert.ok(Object.values(got.json.data).every((c) => JSON.stringify(c) === '{"in_app":true,"email":true}'));

    for (const [body, status, type] of [
      [{ approval_requested: { in_app: true } }, 400, 'bad-request'],
      [{ approval_requested: { in_app: 'no', email: true } }, 422, 'validation-error'],
      [{ coffee_ready: { in_app: true, email: true } }, 422, 'validation-error'],
      [{ approval_requested: { in_app: true, email: true, sms: true } }, 422, 'validation-error'],
    ] as const) {
      const res = await setPrefs(p, body);
      const problem = expectProblem(res, status, type);
      assert.ok(problem.errors?.length, res.body);
    }
    assert.deepEqual(
      (await call(h, { url: '/v1/notifications/preferences', headers: p.headers })).json.data,
      got.json.data,
    );

    const set = await setPrefs(p, { approval_requested: { in_app: false, email: true } });
    assert.equal(set.statusCode, 200, set.body);
    assert.deepEqual(set.json.data.approval_requested, { in_app: false, email: true });
    assert.deepEqual(set.json.data.mentioned, { in_app: true, email: true });
    const title = `Prefs A ${Date.now()}`;
    const a = await createCode(h, editor, { type: 'url', url: 'https://prefs.example.com/a', title });
    assert.deepEqual(await about(p, a.id), []);
    await delivered(p.email, `Approval requested: ${title}`);

    await setPrefs(p, { approval_requested: { in_app: true, email: false } });
    const title2 = `Prefs B ${Date.now()}`;
    const b = await createCode(h, editor, { type: 'url', url: 'https://prefs.example.com/b', title: title2 });
    assert.equal((await about(p, b.id)).length, 1);
    await delivered(admin.email, `Approval requested: ${title2}`); // the others' mail went out
    assert.equal(mailsAbout(p.email, title2).length, 0);
  });

  it('one-click unsubscribe (RFC 8058): the mail client POSTs without a session; that kind of mail stops, in-app stays', async () => {
    const p = await enrol(await person('Udo Unsub', 'de'), 'approver');
    const title = `Unsub ${Date.now()}`;
    await createCode(h, editor, { type: 'url', url: 'https://unsub.example.com/', title });
    const mail = await delivered(p.email, `Freigabe angefragt: ${title}`);
    const target = new URL(String(header(mail, 'list-unsubscribe')).match(/<([^>]+)>/)![1]!);
    const path = `${target.pathname}${target.search}`;
    assert.equal(target.pathname, '/unsubscribe');
    assert.match(mail.text ?? '', new RegExp(target.search.replace(/[?.]/g, '\\$&')));

    // Opening the link asks, in the person's language, and changes nothing.
    const page = await call(h, { url: path, headers: { accept: 'text/html' } });
    assert.equal(page.statusCode, 200);
    assert.match(page.headers['content-type'] as string, /^text\/html/);
    assert.match(page.body, /<html lang="de">/);
    assert.match(page.body, /Diese E-Mails abbestellen\?/);
    assert.match(page.body, /Codes, die auf Ihre Freigabe warten/);
    const prefs = async () => (await call(h, { url: '/v1/notifications/preferences', headers: p.headers })).json.data;
    assert.deepEqual((await prefs()).approval_requested, { in_app: true, email: true });

    // A forged or altered token: 404, nothing changes.
    const forged = path.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'));
    for (const url of [forged, `/unsubscribe?token=${p.userId}.approval_requested.00`, '/unsubscribe?token=x'])
      assert.equal((await oneClick(url)).statusCode, 404);
    assert.equal((await oneClick('/unsubscribe')).statusCode, 400);
    assert.deepEqual((await prefs()).approval_requested, { in_app: true, email: true });

    // The one click, exactly as RFC 8058 has the mail client send it: no cookie, no CSRF token.
    const res = await oneClick(path);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(res.body, /Sie haben diese E-Mails abbestellt/);
    assert.deepEqual((await prefs()).approval_requested, { in_app: true, email: false });
    assert.deepEqual((await prefs()).mentioned, { in_app: true, email: true });
    // Again, and as multipart: the same answer, nothing more changes.
    const twice = await oneClick(
      path,
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    );
    assert.equal(twice.statusCode, 200);

    const title2 = `Unsub 2 ${Date.now()}`;
    const next = await createCode(h, editor, { type: 'url', url: 'https://unsub.example.com/2', title: title2 });
    await delivered(admin.email, `Approval requested: ${title2}`);
    assert.equal(mailsAbout(p.email, title2).length, 0);
    assert.equal((await about(p, next.id)).length, 1);
  });

  it('an accepted invitation tells the inviter, not the new member', async () => {
    const inviter = await verifyAddress(h, smtp, await person('Ines Inviter'));
    const invitee = await verifyAddress(h, smtp, await person('Nils Neu', 'de'));
    const inv = await call(h, {
      method: 'POST',
      url: '/v1/members',
      headers: inviter.headers,
      body: { email: invitee.email },
    });
    assert.equal(inv.statusCode, 201, inv.body);
    const token = new URL(inv.json.data.invitation_url).searchParams.get('token');
    const accepted = await call(h, {
      method: 'POST',
      url: '/auth/invitations/accept',
      headers: invitee.headers,
      body: { token },
    });
    assert.equal(accepted.statusCode, 200, accepted.body);
    const [n, ...more] = (await notices(inviter)).filter((x) => x.kind === 'invitation_accepted');
    assert.equal(more.length, 0);
    assert.deepEqual(n!.actor, { id: invitee.userId, name: 'Nils Neu' });
    assert.equal(n!.organization_id, inviter.organizationId);
    assert.equal(n!.data.organization_name, 'Signed Up');
    assert.equal(n!.link, '/settings/members');
    await delivered(inviter.email, 'Nils Neu joined Signed Up');
    const own = { ...invitee, headers: { ...invitee.headers, 'x-organization-id': invitee.organizationId } };
    assert.equal((await notices(own)).filter((x) => x.kind === 'invitation_accepted').length, 0);
  });

  it('a finished data export tells the person who asked for it, in their language', async () => {
    const asked = await call(h, { method: 'POST', url: '/v1/privacy/exports', headers: approver.headers, body: {} });
    assert.equal(asked.statusCode, 202, asked.body);
    const id = asked.json.data.id;
    const until = Date.now() + 10_000;
    let status = asked.json.data.status;
    while (status !== 'ready' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await call(h, { url: `/v1/privacy/exports/${id}`, headers: approver.headers })).json.data.status;
    }
    assert.equal(status, 'ready');
    const [n] = (await notices(approver)).filter((x) => x.kind === 'export_ready');
    assert.equal(n!.data.export_id, id);
    assert.equal(n!.link, '/privacy');
    assert.equal(n!.actor, null);
    const mail = await delivered(approver.email, 'Ihr Datenexport ist fertig');
    assert.match(mail.text ?? '', /http:\/\/qrs\.test\/privacy/);
    assert.equal((await notices(admin)).filter((x) => x.kind === 'export_ready').length, 0);
  });

  it('a usage threshold tells the org admins (as their preferences say), not the members', async () => {
    await setPrefs(admin, { usage_threshold: { in_app: true, email: false } });
    const code = await createCode(h, admin, { type: 'url', url: 'https://usage.example.com/' });
    for (let i = 0; i < 2; i++) assert.equal((await scan(h, code.short_code)).statusCode, 302);
    await h.app.scans.flush();
    await h.app.jobs.runDue();
    const usage = (await notices(admin)).filter((x) => x.kind === 'usage_threshold');
    assert.deepEqual(
      usage.map((n) => n.data.threshold),
      [100],
    );
    assert.equal(usage[0]!.data.meter, 'scans');
    assert.equal(usage[0]!.workspace_id, null);
    for (const p of [editor, approver, viewer])
      assert.equal((await notices(p)).filter((x) => x.kind === 'usage_threshold').length, 0);
    assert.equal(mailsAbout(admin.email, '% of scans this month used').length, 0);
  });
});

it("a mention is @ and a member's address or whole name, in any case, not running on into more letters", () => {
  const members = [
    { id: 'a', email: 'ann@example.com', name: 'Ann Lee' },
    { id: 'b', email: 'bo@example.com', name: 'Bo' },
    { id: 'c', email: 'cy@example.com', name: null },
  ];
  const who = (body: string) => mentionedIn(body, members).map((m) => m.id);
  assert.deepEqual(who('hi @ann lee, see this'), ['a']);
  assert.deepEqual(who('@ANN@EXAMPLE.COM please'), ['a']);
  assert.deepEqual(who('@ann leeward and @bob'), []);
  assert.deepEqual(who('ping @Bo. and @cy@example.com'), ['b', 'c']);
  assert.deepEqual(who('mail bo@example.com without an at sign before it'), []);
  assert.deepEqual(who('@cy@example.com.au is another address'), ['c']);
});
