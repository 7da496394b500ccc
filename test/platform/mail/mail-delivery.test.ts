import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, expectProblem } from '../../support/harness.js';
import { forEachDialect, sqlite, useHarness } from '../../support/suite.js';
import { useMailHarness } from '../../support/mail.js';
import { signUp } from '../../support/accounts.js';

forEachDialect('mail delivery over SMTP', (dialect) => {
  const { h, smtp, clock } = useMailHarness(dialect);

  it('sign-up while the mail server is down: the request succeeds, the message arrives once it is back, once', async () => {
    await smtp.stop();
    const user = await signUp(h);
    await h.app.jobs.runDue();
    assert.equal(smtp.to(user.email).length, 0);
    const [row] = await h.db.selectFrom('mail_messages').selectAll().where('to_address', '=', user.email).execute();
    assert.equal(row.sent_at, null);
    assert.equal(row.template, 'verify-email');
    await smtp.start();
    clock.advance(15_000);
    await h.app.jobs.runDue();
    clock.advance(24 * 3_600_000);
    await h.app.jobs.runDue();
    assert.equal(smtp.to(user.email).length, 1);
    const sent = await h.db.selectFrom('mail_messages').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    assert.ok(sent.sent_at);
    assert.equal(sent.sealed, null, 'the content is erased once sent');
  });

  it('every message has a text and an HTML part, no remote images; security mail has no List-Unsubscribe', async () => {
    const user = await signUp(h, { locale: 'de' });
    await h.app.jobs.runDue();
    const [mail] = smtp.to(user.email);
    assert.equal(mail.subject, 'Bitte bestätigen Sie Ihre E-Mail-Adresse');
    assert.match(mail.text ?? '', /\/verify-email\?token=[0-9A-Za-z]{43}/);
    assert.ok(mail.html && mail.html.includes('<a href="http://qrs.test/verify-email?token='));
    assert.doesNotMatch(String(mail.html), /<img|url\(/i);
    assert.ok(!mail.headerLines.some((l) => l.key === 'list-unsubscribe'));
    assert.match(String(mail.from?.text), /no-reply@qrs\.test/);
  });

  it('a rolled-back change queues nothing: a refused sign-up sends no mail', async () => {
    const user = await signUp(h);
    await h.app.jobs.runDue();
    const before = smtp.received.length;
    const res = await call(h, {
      method: 'POST',
      url: '/auth/signup',
      body: { email: user.email, password: 'another good password', org_name: 'Again' },
    });
    expectProblem(res, 422, 'validation-error');
    await h.app.jobs.runDue();
    assert.equal(smtp.received.length, before);
  });
});

describe('mail without SMTP_URL: the local outbox', () => {
  let dir: string;
  const lines: string[] = [];
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'qrs-outbox-'));
  });
  const { h } = useHarness(sqlite, () => ({
    env: { MAIL_OUTBOX_DIR: dir, JOBS_POLL_INTERVAL_MS: '0' },
    config: { logLevel: 'info' },
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    tenant: false,
  }));
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes one .eml per message and logs one line with its subject and links', async () => {
    assert.equal(h.config.emailVerification, 'off');
    const user = await signUp(h);
    await h.app.jobs.runDue();
    const files = await readdir(dir);
    assert.equal(files.length, 1);
    const eml = await readFile(join(dir, files[0]), 'utf8');
    assert.match(eml, new RegExp(`To: ${user.email}`));
    assert.match(eml, /Content-Type: multipart\/alternative/);
    const logged = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'e-mail kept in the local outbox');
    assert.equal(logged.length, 1);
    assert.equal(logged[0].subject, 'Please verify your e-mail address');
    assert.match(logged[0].links[0], /^http:\/\/qrs\.test\/verify-email\?token=/);
  });
});
