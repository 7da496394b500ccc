import { sql } from 'kysely';
import type { DB } from '../../db/database.js';

/** The user being erased, as read before anything changed. */
export interface ErasedUser {
  userId: string;
  email: string;
  name: string | null;
  /** what the e-mail column holds afterwards: unique, not an address anyone owns */
  placeholder: string;
  /** the organizations the user belonged to (their audit logs are scrubbed) */
  organizationIds: string[];
  at: string;
}

/** What a comment's author_id reads after its author was erased. */
export const ERASED_AUTHOR = 'erased';
const ERASED_TEXT = '[erased]';

type Step = (trx: DB, u: ErasedUser) => Promise<unknown>;

/** A value as it appears inside stored JSON text. */
const inJson = (s: string) => JSON.stringify(s).slice(1, -1);

/** Replaces `needle` in a text column where it occurs; `replace` is the same function on both databases. */
function scrub(
  trx: DB,
  table: 'audit_logs' | 'idempotency_keys' | 'jobs',
  column: 'changes' | 'body' | 'payload',
  needle: string,
) {
  return sql`update ${sql.table(table)} set ${sql.ref(column)} = replace(${sql.ref(column)}, ${needle}, ${ERASED_TEXT})
    where replace(${sql.ref(column)}, ${needle}, '') <> ${sql.ref(column)}`.execute(trx);
}

/**
 * Every place that holds a user's personal data, and what erasure does to it (docs/privacy.md).
 * A new table with personal data adds one line here; the test that searches every text column
 * (test/features/privacy/erasure.test.ts) fails until it does.
 */
export const ERASURE_STEPS: Step[] = [
  (trx, u) => trx.deleteFrom('sessions').where('user_id', '=', u.userId).execute(),
  (trx, u) =>
    trx
      .updateTable('api_keys')
      .set({ revoked_at: u.at })
      .where('created_by', '=', u.userId)
      .where('revoked_at', 'is', null)
      .execute(),
  (trx, u) => trx.deleteFrom('workspace_members').where('user_id', '=', u.userId).execute(),
  (trx, u) => trx.deleteFrom('memberships').where('user_id', '=', u.userId).execute(),
  // Comments keep their text; the author is no longer anyone.
  (trx, u) =>
    trx
      .updateTable('code_comments')
      .set({ author_id: ERASED_AUTHOR })
      .where('author_type', '=', 'user')
      .where('author_id', '=', u.userId)
      .execute(),
  (trx, u) => trx.updateTable('invitations').set({ email: u.placeholder }).where('email', '=', u.email).execute(),
  (trx, u) =>
    trx.updateTable('organizations').set({ billing_email: null }).where('billing_email', '=', u.email).execute(),
  // Login throttling keys name the address (users/login-throttle.ts).
  (trx, u) =>
    trx
      .deleteFrom('login_throttle')
      .where((eb) =>
        eb.or([
          eb(sql`substr(key, 1, ${`pair:${u.email}|`.length})`, '=', `pair:${u.email}|`),
          eb(sql`substr(key, 1, ${`acct:${u.email}:`.length})`, '=', `acct:${u.email}:`),
        ]),
      )
      .execute(),
  // Stored answers (kept 24 h for Idempotency-Key replays) may quote the address or the name.
  (trx, u) => scrub(trx, 'idempotency_keys', 'body', inJson(u.email)),
  async (trx, u) => (u.name ? scrub(trx, 'idempotency_keys', 'body', inJson(u.name)) : null),
  // Job payloads (a password reset names the address; events carry what was typed), finished or
  // not, and the bodies in the webhook log of the user's organizations: the address and name
  // inside them become [erased] (docs/privacy.md).
  (trx, u) => scrub(trx, 'jobs', 'payload', inJson(u.email)),
  async (trx, u) => (u.name ? scrub(trx, 'jobs', 'payload', inJson(u.name)) : null),
  async (trx, u) => {
    if (!u.organizationIds.length) return;
    for (const needle of [u.email, u.name].filter((s): s is string => !!s)) {
      await sql`update webhook_deliveries set payload = replace(payload, ${inJson(needle)}, ${ERASED_TEXT})
        where webhook_id in (select id from webhook_endpoints where organization_id in (${sql.join(u.organizationIds)}))
          and replace(payload, ${inJson(needle)}, '') <> payload`.execute(trx);
    }
  },
  // Audit entries stay (what happened is kept); an address or name inside their changes goes.
  async (trx, u) => {
    for (const orgId of u.organizationIds) {
      for (const needle of [u.email, u.name].filter((s): s is string => !!s)) {
        await sql`update audit_logs set changes = replace(changes, ${inJson(needle)}, ${ERASED_TEXT})
          where organization_id = ${orgId} and replace(changes, ${inJson(needle)}, '') <> changes`.execute(trx);
      }
    }
  },
  // Export files hold the person's data: the user's own exports, and whole-organization exports of
  // the organizations they were in, expire now; the export sweep deletes the files (docs/privacy.md).
  (trx, u) =>
    trx
      .updateTable('privacy_exports')
      .set({ expires_at: u.at })
      .where('status', '!=', 'expired')
      .where((eb) =>
        eb.or([
          eb('user_id', '=', u.userId),
          ...(u.organizationIds.length
            ? [eb.and([eb('scope', '=', 'organization'), eb('organization_id', 'in', u.organizationIds)])]
            : []),
        ]),
      )
      .execute(),
  // Queued and sent mail to the person, and their e-mailed tokens and 2FA recovery codes, go whole.
  (trx, u) => trx.deleteFrom('mail_messages').where('to_address', '=', u.email).execute(),
  (trx, u) => trx.deleteFrom('user_tokens').where('user_id', '=', u.userId).execute(),
  (trx, u) => trx.deleteFrom('recovery_codes').where('user_id', '=', u.userId).execute(),
  // Which notices the person dismissed says when they were signed in: it goes too.
  (trx, u) => trx.deleteFrom('announcement_dismissals').where('actor_id', '=', u.userId).execute(),
  // Their notifications and notification settings (docs/decisions.md D64).
  (trx, u) => trx.deleteFrom('notifications').where('user_id', '=', u.userId).execute(),
  (trx, u) => trx.deleteFrom('notification_preferences').where('user_id', '=', u.userId).execute(),
  (trx, u) =>
    trx
      .updateTable('users')
      .set({
        email: u.placeholder,
        name: null,
        password_hash: '',
        totp_secret_sealed: null,
        totp_enabled_at: null,
        erased_at: u.at,
        updated_at: u.at,
      })
      .where('id', '=', u.userId)
      .execute(),
];
