// The console's mail test (docs/decisions.md D77): `qrs mail test` for an operator without a shell.
import type { FastifyBaseLogger } from 'fastify';
import { Type, type Static } from 'typebox';
import type { ServiceDeps } from '../../platform/deps.js';
import { Nullable } from '../../http/nullable.js';
import { LOCALES, sendTestMail, type Locale } from '../../platform/mail/index.js';
import type { Operator } from './operator.gate.js';
import { recordOperatorAction } from './operator.service.js';

export const MailTestBody = Type.Object(
  {
    to: Type.String({
      format: 'email',
      maxLength: 320,
      description: 'Where the test message goes.',
      examples: ['ops@example.com'],
    }),
    locale: Type.Optional(Type.Enum([...LOCALES], { description: 'The language of the message; `en` by default.' })),
  },
  { additionalProperties: false },
);
export type MailTestBody = Static<typeof MailTestBody>;

export const MailTestResult = Type.Object(
  {
    sent_to: Type.String(),
    transport: Type.Enum(['smtp', 'outbox'], {
      description: '`smtp` with SMTP_URL set; else `outbox`, the directory a development server writes mail to.',
    }),
    delivered: Type.Boolean({ description: 'The transport accepted the message.' }),
    message_id: Nullable(Type.String({ description: "The message's id, as the transport gave it." })),
    error: Nullable(
      Type.String({
        description: "The transport's refusal or connection error, as it said it, when not delivered.",
        examples: ['connect ECONNREFUSED 127.0.0.1:2525'],
      }),
    ),
  },
  { title: 'OperatorMailTest' },
);

/**
 * POST /v1/operator/mail-test: sends now, past the queue, and answers 200 either way, with the
 * transport's own words when it refused: the operator came to read them. Recorded, since it mails
 * an address outside the server.
 */
export async function mailTest(deps: ServiceDeps, who: Operator, body: MailTestBody, log: FastifyBaseLogger) {
  const locale: Locale = body.locale ?? 'en';
  const transport = deps.config.mail.smtpUrl ? ('smtp' as const) : ('outbox' as const);
  let result: Static<typeof MailTestResult>;
  try {
    const sent = await sendTestMail(deps.config, body.to, locale, log);
    result = { sent_to: body.to, transport, delivered: true, message_id: sent.message_id, error: null };
  } catch (err) {
    result = { sent_to: body.to, transport, delivered: false, message_id: null, error: (err as Error).message };
  }
  await recordOperatorAction(deps.db, who, deps.clock.now(), {
    action: 'mail.tested',
    targetType: 'mail',
    targetId: body.to,
    details: { delivered: result.delivered, transport },
  });
  return result;
}
