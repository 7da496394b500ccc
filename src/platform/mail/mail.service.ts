import type { DB } from '../../db/database.js';
import type { ServiceDeps } from '../deps.js';
import { newId } from '../../lib/ids.js';
import { seal } from '../../lib/sealed.js';
import { enqueueJob } from '../jobs/index.js';
import type { Locale, Template } from './templates/index.js';
import type { OutgoingMail } from './mailer.js';

export const MAIL_JOB = 'mail.send';

/**
 * Queues one message inside the caller's transaction (docs/decisions.md D14): the message row and
 * its `mail.send` job commit or roll back with the change that causes them. The rendered message
 * is sealed, since it may hold a single-use link.
 */
export async function queueMail<P>(
  trx: DB,
  deps: ServiceDeps,
  mail: {
    to: string;
    locale: Locale;
    template: Template<P>;
    params: P;
    /** a one-click unsubscribe address (RFC 8058): the mail client POSTs to it */
    unsubscribeUrl?: string;
  },
): Promise<string> {
  const now = deps.clock.now();
  const rendered = mail.template.render(mail.params, mail.locale);
  const headers: Record<string, string> = {};
  // Security mail (links, notices) must always arrive; anything else can be turned away.
  if (mail.unsubscribeUrl) {
    headers['List-Unsubscribe'] = `<${mail.unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  } else if (!mail.template.security) {
    headers['List-Unsubscribe'] = `<${deps.config.baseUrl}/account#notifications>`;
  }
  const outgoing: OutgoingMail = { to: mail.to, ...rendered, headers };
  const id = newId('msg');
  await trx
    .insertInto('mail_messages')
    .values({
      id,
      to_address: mail.to,
      template: mail.template.name,
      sealed: seal(deps.config.secretsKey, JSON.stringify(outgoing)),
      created_at: now.toISOString(),
      sent_at: null,
      message_id: null,
    })
    .execute();
  await enqueueJob(trx, { kind: MAIL_JOB, payload: { message_id: id } }, now);
  return id;
}
