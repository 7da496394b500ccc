// The attack (docs/decisions.md D58): after an erasure, .eml files naming the address stayed in the local mail
// outbox (MAIL_OUTBOX_DIR), and what the person typed stayed in finished job payloads.
import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, randomSlug, seedMember, seedTenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { asMember, req } from '../../support/callers.js';

forEachDialect('erasure leaves nothing in the outbox or job payloads', (dialect) => {
  let outbox: string;
  before(() => {
    outbox = mkdtempSync(join(tmpdir(), 'qrs-outbox-'));
  });
  // No SMTP_URL: messages are written to the outbox; jobs run when the test says so.
  const { h } = useHarness(dialect, () => ({
    env: { MAIL_OUTBOX_DIR: outbox, JOBS_POLL_INTERVAL_MS: '0' },
    tenant: false,
  }));
  after(() => {
    rmSync(outbox, { recursive: true, force: true });
  });

  it('the outbox files of their mail go, other files lose their address and name, job payloads are scrubbed', async () => {
    const t = await seedTenant(h);
    const owner = await seedMember(h, t, { org: 'org_admin' });
    const victim = await seedMember(h, t, { workspace: 'editor' });
    const name = `Quentin Zappa ${randomSlug('n')}`;
    await h.db.updateTable('users').set({ name }).where('id', '=', victim.userId).execute();
    // What the person typed into a form (a password reset, in other letter case) and mail to them.
    const reset = await call(h, {
      method: 'POST',
      url: '/auth/password-reset',
      body: { email: victim.email.toUpperCase() },
      remoteAddress: '10.77.0.1',
    });
    assert.equal(reset.statusCode, 202, reset.body);
    const other = await seedTenant(h);
    const otherAdmin = await seedMember(h, other, { org: 'org_admin' });
    assert.equal((await req(h, asMember(otherAdmin), 'POST', '/v1/members', { email: victim.email })).statusCode, 201);
    await h.app.jobs.runDue();
    await h.app.jobs.runDue();
    const mine = (dir: string) =>
      readdirSync(dir).filter((f) => readFileSync(join(dir, f), 'utf8').includes(victim.email));
    assert.ok(mine(outbox).length >= 2, 'the reset link and the invitation are in the outbox');
    const jobs = () =>
      h.db
        .selectFrom('jobs')
        .select(['status', 'payload'])
        .where((eb) => eb.or([eb('payload', 'like', `%${victim.email}%`), eb('payload', 'like', `%${name}%`)]))
        .execute();
    assert.ok(
      (await jobs()).some((j) => j.status === 'done'),
      'a finished job payload names the address',
    );
    // A message to someone else that names them (as a notice about them would), and one that does not.
    const aside = join(outbox, 'msg_other.eml');
    writeFileSync(
      aside,
      `To: ${owner.email}\nSubject: About ${name}\n\n${name} <${victim.email}> changed something.\n`,
    );
    const unrelated = join(outbox, 'msg_unrelated.eml');
    writeFileSync(unrelated, `To: ${owner.email}\nSubject: Hello\n\nNothing about anyone.\n`);

    const res = await req(h, asMember(victim), 'DELETE', '/v1/users/me', { password: victim.password });
    assert.equal(res.statusCode, 200, res.body);

    assert.deepEqual(mine(outbox), [], 'no outbox file names the address');
    assert.ok(
      readdirSync(outbox).every((f) => !readFileSync(join(outbox, f), 'utf8').includes(name)),
      'nor the name',
    );
    assert.ok(existsSync(aside), "another person's message stays");
    assert.equal(
      readFileSync(aside, 'utf8'),
      `To: ${owner.email}\nSubject: About [erased]\n\n[erased] <[erased]> changed something.\n`,
    );
    assert.equal(readFileSync(unrelated, 'utf8'), `To: ${owner.email}\nSubject: Hello\n\nNothing about anyone.\n`);
    assert.deepEqual(await jobs(), [], 'no job payload, finished or not, names them');
  });
});
