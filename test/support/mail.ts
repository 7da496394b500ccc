import { before, after } from 'node:test';
import type { Dialect, Harness } from './harness.js';
import { useHarness } from './suite.js';
import { TestClock } from './clock.js';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * A real SMTP server on loopback (smtp-server, from the Nodemailer project) that parses what it
 * receives with mailparser. stop() and start() keep the port, to play a mail server outage.
 */
export class TestSmtp {
  received: ParsedMail[] = [];
  port = 0;
  private server: SMTPServer | null = null;

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The messages to one address so far. */
  to(address: string): ParsedMail[] {
    return this.received.filter((m) => [m.to].flat().some((t) => t?.text.includes(address)));
  }

  /** Whether a message with this subject reached the address (messages sent together arrive in any order). */
  got(address: string, subject: string): boolean {
    return this.to(address).some((m) => m.subject === subject);
  }

  /**
   * Waits until a message with this subject reached the address: the SMTP server parses what it
   * accepted after the sender's send() has returned, so a check right after runDue() can race it.
   */
  async arrived(address: string, subject: string, ms = 5_000): Promise<void> {
    const until = Date.now() + ms;
    while (!this.got(address, subject) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  }

  /** The newest message to the address with this subject. */
  find(address: string, subject: string) {
    const mail = this.to(address)
      .reverse()
      .find((m) => m.subject === subject);
    if (!mail)
      throw new Error(
        `no "${subject}" to ${address}; got: ${this.to(address)
          .map((m) => m.subject)
          .join(', ')}`,
      );
    return mail;
  }

  /** The link containing `path` in the newest message to `address` that has one. */
  link(address: string, path: string): URL {
    for (const mail of this.to(address).reverse()) {
      const url = (mail.text ?? '').match(/https?:\/\/\S+/g)?.find((u) => u.includes(path));
      if (url) return new URL(url);
    }
    throw new Error(`no ${path} link to ${address}; received: ${this.received.map((m) => m.subject).join(', ')}`);
  }
}

/**
 * A suite's app with a real SMTP server on loopback, mail jobs run only when the test asks
 * (`h.app.jobs.runDue()`), and a fixed clock ten years ahead (see TestClock.farFuture). `env` adds to
 * or overrides the app's environment.
 */
export function useMailHarness(
  dialect: Dialect,
  env: Record<string, string> = {},
): { h: Harness; smtp: TestSmtp; clock: TestClock } {
  const smtp = new TestSmtp();
  const clock = TestClock.farFuture();
  before(() => smtp.start());
  const { h } = useHarness(dialect, () => ({
    env: { SMTP_URL: smtp.url, JOBS_POLL_INTERVAL_MS: '0', ...env },
    clock,
    tenant: false,
  }));
  after(() => smtp.stop());
  return { h, smtp, clock };
}
