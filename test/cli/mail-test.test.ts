import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestSmtp } from '../support/mail.js';

describe('qrs mail test', () => {
  const smtp = new TestSmtp();
  let dir: string;
  before(async () => {
    await smtp.start();
    dir = mkdtempSync(join(tmpdir(), 'qrs-cli-mail-'));
  });
  after(async () => {
    await smtp.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  // spawnSync would block the SMTP server in this process; run the CLI asynchronously.
  function cli(
    env: NodeJS.ProcessEnv,
    args: string[],
  ): Promise<{ status: number | null; stdout: string; stderr: string }> {
    return import('node:child_process').then(
      ({ spawn }) =>
        new Promise((resolve) => {
          const child = spawn('npm', ['run', '--silent', 'cli', '--', ...args], { env: { ...process.env, ...env } });
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (d) => (stdout += d));
          child.stderr.on('data', (d) => (stderr += d));
          child.on('close', (status) => resolve({ status, stdout, stderr }));
        }),
    );
  }

  it('sends a German test message to the SMTP server and prints its Message-ID', async () => {
    const env = {
      DATABASE_URL: `sqlite:${join(dir, 'q.sqlite')}`,
      SMTP_URL: smtp.url,
      SECRETS_KEY_FILE: join(dir, 'secret.key'),
      BASE_URL: 'http://qrs.test',
    };
    const res = await cli(env, ['mail', 'test', '--to', 'ops@example.com', '--locale', 'de']);
    assert.equal(res.status, 0, res.stderr);
    const out = JSON.parse(res.stdout);
    assert.equal(out.sent_to, 'ops@example.com');
    assert.equal(out.transport, 'smtp');
    const [mail] = smtp.to('ops@example.com');
    assert.equal(mail.subject, 'qrs: Testnachricht');
    assert.equal(mail.messageId, out.message_id);
  });

  it('without --to: exit 2 and the usage', () => {
    const res = spawnSync('npm', ['run', '--silent', 'cli', '--', 'mail', 'test'], {
      env: {
        ...process.env,
        DATABASE_URL: `sqlite:${join(dir, 'q.sqlite')}`,
        SECRETS_KEY_FILE: join(dir, 'secret.key'),
      },
      encoding: 'utf8',
    });
    assert.equal(res.status, 2);
    assert.match(res.stderr, /mail test needs --to ADDRESS/);
  });
});
