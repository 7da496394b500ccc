import { newId } from '../../lib/ids.js';
import type { Config } from '../config.js';
import { createMailer, type MailLog } from './mailer.js';
import { TEMPLATES, type Locale } from './templates/index.js';

/**
 * A test message sent at once through the configured transport (not the queue), so the operator
 * sees the SMTP server's answer or its error right there: `qrs mail test` and the console's
 * POST /v1/operator/mail-test.
 */
export async function sendTestMail(config: Pick<Config, 'mail' | 'baseUrl'>, to: string, locale: Locale, log: MailLog) {
  const mailer = createMailer(config, log);
  try {
    const rendered = TEMPLATES.mailTest.render({ base_url: config.baseUrl }, locale);
    const messageId = await mailer.send({ to, ...rendered, headers: {} }, newId('msg'));
    return {
      sent_to: to,
      message_id: messageId,
      transport: config.mail.smtpUrl ? ('smtp' as const) : ('outbox' as const),
    };
  } finally {
    mailer.close();
  }
}
