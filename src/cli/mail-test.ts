import { newId } from '../lib/ids.js';
import type { Config } from '../platform/config.js';
import { TEMPLATES, createMailer, type Locale } from '../features/mail/index.js';

/**
 * `qrs mail test --to …`: sends at once through the configured transport (not the queue), so the
 * operator sees the SMTP server's answer or its error right there.
 */
export async function sendTestMail(config: Config, to: string, locale: Locale) {
  const log = { info: (obj: object, msg: string) => process.stderr.write(`${msg} ${JSON.stringify(obj)}\n`) };
  const mailer = createMailer(config, log);
  try {
    const rendered = TEMPLATES.mailTest.render({ base_url: config.baseUrl }, locale);
    const messageId = await mailer.send({ to, ...rendered, headers: {} }, newId('msg'));
    return { sent_to: to, message_id: messageId, transport: config.mail.smtpUrl ? 'smtp' : 'outbox' };
  } finally {
    mailer.close();
  }
}
