import type { App } from '../../http/types.js';
import { featurePlugin } from '../../http/plugin.js';
import { unseal } from '../../lib/sealed.js';
import { PermanentJobError, type Job } from '../jobs/index.js';
import { createMailer, type OutgoingMail } from './mailer.js';
import { MAIL_JOB } from './mail.service.js';

/** 10 s, 1 min, 5 min, 30 min, 2 h, 6 h: a mail server down for most of a day loses nothing. */
const RETRIES = [10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];

/**
 * Delivers queued mail: the `mail.send` job kind on the shared queue. The claim (SKIP LOCKED on
 * PostgreSQL) gives a message to one instance at a time; once the server accepted it, the row is
 * marked sent and its content erased.
 */
async function mailRuntime(app: App) {
  const { db, config, clock } = app.deps;
  const mailer = createMailer(config, app.log);
  app.jobs.register<{ message_id: string }>(
    MAIL_JOB,
    async (job: Job<{ message_id: string }>) => {
      const row = await db
        .selectFrom('mail_messages')
        .select(['id', 'sealed', 'sent_at'])
        .where('id', '=', job.payload.message_id)
        .executeTakeFirst();
      if (!row?.sealed) {
        if (row?.sent_at) return;
        throw new PermanentJobError(`mail message ${job.payload.message_id} is gone`);
      }
      const mail = JSON.parse(unseal(config.secretsKey, row.sealed)) as OutgoingMail;
      const messageId = await mailer.send(mail, row.id);
      await db
        .updateTable('mail_messages')
        .set({ sent_at: clock.now().toISOString(), sealed: null, message_id: messageId })
        .where('id', '=', row.id)
        .execute();
    },
    { retryDelaysMs: RETRIES, timeoutMs: 60_000 },
  );
  app.addHook('onClose', async () => mailer.close());
}

export default featurePlugin('mail-runtime', ['jobs'], mailRuntime);
