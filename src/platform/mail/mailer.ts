import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export interface Mailer {
  /** resolves with the Message-ID once the server (or the outbox directory) has the message */
  send(mail: OutgoingMail, id: string): Promise<string>;
  close(): void;
}

export interface MailLog {
  info(obj: object, msg: string): void;
}

const links = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

/**
 * SMTP_URL set: nodemailer's SMTP transport (STARTTLS when offered, smtps:// for implicit TLS).
 * Not set: the message is written to MAIL_OUTBOX_DIR/<id>.eml and one log line names its subject
 * and links, so a first run without a mail server can still follow a verification link.
 */
export function createMailer(config: Pick<Config, 'mail'>, log: MailLog): Mailer {
  const { smtpUrl, from, outboxDir } = config.mail;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl, { from });
    // Short timeouts: a dead server fails the try, and the job queue retries later.
    Object.assign(transport.options, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    return {
      async send(mail) {
        const info = await transport.sendMail({ ...mail, from });
        return String(info.messageId);
      },
      close: () => transport.close(),
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail, id) {
      const info = await stream.sendMail({ ...mail, from });
      await mkdir(outboxDir, { recursive: true });
      const file = join(outboxDir, `${id}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info(
        { to: mail.to, subject: mail.subject, links: links(mail.text), file },
        'e-mail kept in the local outbox',
      );
      return String(info.messageId);
    },
    close: () => {},
  };
}
