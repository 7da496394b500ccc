// MAIL-1, replayed (docs/decisions.md D56, D57): an unverified sign-up named its
// organization "URGENT: account suspended, sign in at https://evil.test/login" and mailed 20
// strangers from our sender. Now: no invitation without a proved address, at most
// INVITATIONS_PER_DAY invitation mails an organization a day, and the name is never a link.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem } from '../../support/harness.js';
import { forEachDialect } from '../../support/suite.js';
import { useMailHarness } from '../../support/mail.js';
import { verifyAddress, type SignedUp } from '../../support/accounts.js';

const PHISH = 'URGENT: account suspended, sign in at https://evil.test/login';
const CAP = 3;

forEachDialect('invitation abuse', (dialect) => {
  const { h, smtp, clock } = useMailHarness(dialect, { INVITATIONS_PER_DAY: String(CAP) });

  const invite = (admin: SignedUp, email: string) =>
    call(h, { method: 'POST', url: '/v1/members', headers: admin.headers, body: { email } });
  const stranger = (i: number | string) => `stranger-${i}-${Math.random().toString(36).slice(2)}@victims.example`;
  const rows = async (orgId: string) =>
    (await h.db.selectFrom('invitations').selectAll().where('organization_id', '=', orgId).execute()).length;
  async function phisher(verified: boolean) {
    const res = await call(h, {
      method: 'POST',
      url: '/auth/signup',
      body: { email: stranger('phisher'), password: 'correct horse battery', org_name: PHISH },
    });
    assert.equal(res.statusCode, 201, res.body);
    const raw = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('qrs_session='));
    const u: SignedUp = {
      email: res.json.data.user.email,
      password: 'correct horse battery',
      userId: res.json.data.user.id,
      organizationId: res.json.data.organization.id,
      headers: { cookie: String(raw).split(';')[0], 'x-csrf-token': res.json.data.csrf_token },
    };
    return verified ? verifyAddress(h, smtp, u) : u;
  }

  it('the attack: an unverified account invites 20 strangers: every one 403 email-unverified, nothing recorded, no mail', async () => {
    const u = await phisher(false);
    const targets = Array.from({ length: 20 }, (_, i) => stranger(i));
    for (const target of targets) {
      const p = expectProblem(await invite(u, target), 403, 'email-unverified');
      assert.equal(p.resend, '/auth/verify-email/resend');
    }
    assert.equal(await rows(u.organizationId), 0);
    await h.app.jobs.runDue();
    for (const target of targets) assert.equal(smtp.to(target).length, 0, target);
  });

  it('a verified organization sends INVITATIONS_PER_DAY mails a day (refreshes count); the next is 429 and changes nothing', async () => {
    const u = await phisher(true);
    const first = stranger('a');
    assert.equal((await invite(u, first)).statusCode, 201);
    assert.equal((await invite(u, first)).statusCode, 201, 'a refresh mails again, and counts');
    assert.equal((await invite(u, stranger('b'))).statusCode, 201);
    const late = stranger('c');
    const refused = await invite(u, late);
    const p = expectProblem(refused, 429, 'rate-limited');
    assert.match(p.detail, /INVITATIONS_PER_DAY/);
    assert.equal(p.limit, CAP);
    const wait = Number(refused.headers['retry-after']);
    assert.ok(wait > 0 && wait <= 86_400, String(wait));
    assert.equal(await rows(u.organizationId), 2);
    // Another organization's day is its own.
    const other = await phisher(true);
    assert.equal((await invite(other, stranger('d'))).statusCode, 201);
    await h.app.jobs.runDue();
    assert.equal(smtp.to(late).length, 0);
    assert.equal(smtp.to(first).length, 2);
    // A day after the first mail, the organization may send again.
    clock.advance(wait * 1000);
    assert.equal((await invite(u, late)).statusCode, 201);
  });

  it("the organization's name reaches the invitee as plain text: no link to evil.test in subject, text or HTML", async () => {
    const u = await phisher(true);
    const target = stranger('link');
    assert.equal((await invite(u, target)).statusCode, 201);
    await h.app.jobs.runDue();
    await smtp.arrived(
      target,
      'Invitation to URGENT: account suspended, sign in at https[:]//evil[.]test/login on qrs',
    );
    const [mail] = smtp.to(target);
    assert.ok(mail, 'the invitation arrived');
    const everything = `${mail.subject}\n${mail.text}\n${mail.html}`;
    assert.doesNotMatch(everything, /evil\.test/);
    assert.doesNotMatch(everything, /https?:\/\/evil/);
    assert.match(String(mail.text), /https\[:\]\/\/evil\[\.\]test\/login/);
    // The one link is ours.
    const links = String(mail.text).match(/https?:\/\/\S+/g) ?? [];
    assert.ok(links.length > 0 && links.every((l) => l.startsWith('http://qrs.test/')), links.join(' '));
  });
});
