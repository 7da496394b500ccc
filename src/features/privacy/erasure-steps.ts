import type { DB } from '../../db/database.js';
import { scrubIdempotentAnswers } from '../../db/idempotency-scrub.js';
import {
  anonymizeUser,
  deleteRecoveryCodesOf,
  deleteSessionsOfUser,
  deleteUserTokensOf,
  forgetLoginThrottleOf,
} from '../accounts/index.js';
import { deleteDismissalsOf } from '../announcements/index.js';
import { revokeKeysCreatedBy } from '../api-keys/index.js';
import { scrubAuditChanges } from '../audit/index.js';
import { disownComments } from '../comments/index.js';
import { readdressInvitations } from '../invitations/index.js';
import { deleteNotificationPreferencesOf, deleteNotificationsOf } from '../notifications/index.js';
import { deleteMembershipsOf, dropBillingEmail } from '../organizations/index.js';
import { scrubDeliveryPayloads } from '../webhooks/index.js';
import { deleteWorkspaceMembershipsOf } from '../workspaces/index.js';
import { deleteMailTo } from '../../platform/mail/index.js';
import { scrubJobPayloads } from '../../platform/jobs/index.js';
import { expireExportsOf } from './exports.repo.js';

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
/** What of the person stored text may quote. */
const needlesOf = (u: ErasedUser) => [u.email, u.name].filter((s): s is string => !!s);

/**
 * Every place that holds a user's personal data, and what erasure does to it (docs/privacy.md):
 * each owner's step, in order, inside erase()'s one transaction. A new table with personal data
 * adds its owner's step here; the test that searches every text column
 * (test/features/privacy/erasure.test.ts) fails until it does.
 */
export const ERASURE_STEPS: Step[] = [
  (trx, u) => deleteSessionsOfUser(trx, u.userId),
  (trx, u) => revokeKeysCreatedBy(trx, u.userId, u.at),
  (trx, u) => deleteWorkspaceMembershipsOf(trx, u.userId),
  (trx, u) => deleteMembershipsOf(trx, u.userId),
  // Comments keep their text; the author is no longer anyone.
  (trx, u) => disownComments(trx, u.userId, ERASED_AUTHOR),
  (trx, u) => readdressInvitations(trx, u.email, u.placeholder),
  (trx, u) => dropBillingEmail(trx, u.email),
  // Login throttling keys name the address (accounts/login-throttle.ts).
  (trx, u) => forgetLoginThrottleOf(trx, u.email),
  // Stored answers (kept 24 h for Idempotency-Key replays) may quote the address or the name.
  (trx, u) => scrubIdempotentAnswers(trx, inJson(u.email), ERASED_TEXT),
  async (trx, u) => (u.name ? scrubIdempotentAnswers(trx, inJson(u.name), ERASED_TEXT) : null),
  // Job payloads (a password reset names the address; events carry what was typed), finished or
  // not, and the bodies in the webhook log of the user's organizations: the address and name
  // inside them become [erased] (docs/privacy.md).
  (trx, u) => scrubJobPayloads(trx, inJson(u.email), ERASED_TEXT),
  async (trx, u) => (u.name ? scrubJobPayloads(trx, inJson(u.name), ERASED_TEXT) : null),
  async (trx, u) => {
    if (!u.organizationIds.length) return;
    for (const needle of needlesOf(u)) await scrubDeliveryPayloads(trx, u.organizationIds, inJson(needle), ERASED_TEXT);
  },
  // Audit entries stay (what happened is kept); an address or name inside their changes goes.
  async (trx, u) => {
    for (const orgId of u.organizationIds)
      for (const needle of needlesOf(u)) await scrubAuditChanges(trx, orgId, inJson(needle), ERASED_TEXT);
  },
  // Export files hold the person's data: the user's own exports, and whole-organization exports of
  // the organizations they were in, expire now; the export sweep deletes the files (docs/privacy.md).
  (trx, u) => expireExportsOf(trx, u.userId, u.organizationIds, u.at),
  // Queued and sent mail to the person, and their e-mailed tokens and 2FA recovery codes, go whole.
  (trx, u) => deleteMailTo(trx, u.email),
  (trx, u) => deleteUserTokensOf(trx, u.userId),
  (trx, u) => deleteRecoveryCodesOf(trx, u.userId),
  // Which notices the person dismissed says when they were signed in: it goes too.
  (trx, u) => deleteDismissalsOf(trx, u.userId),
  // Their notifications and notification settings (docs/decisions.md D64).
  (trx, u) => deleteNotificationsOf(trx, u.userId),
  (trx, u) => deleteNotificationPreferencesOf(trx, u.userId),
  (trx, u) => anonymizeUser(trx, u.userId, u.placeholder, u.at),
];
