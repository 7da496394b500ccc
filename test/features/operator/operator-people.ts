import { randomSlug, type Harness } from '../../support/harness.js';
import { sessionOf } from '../../support/suite.js';
import { bootstrap } from '../../../src/cli/commands.js';

/** A user with an organization of their own and a session; `twoFactor` turns TOTP sign-in on. */
export async function person(h: Harness, opts: { email?: string; twoFactor?: boolean } = {}) {
  const email = opts.email ?? `${randomSlug('u')}@example.com`;
  const made = await bootstrap(h.db, h.config, {
    email,
    password: 'correct horse battery',
    orgName: 'Operator Org',
    orgSlug: randomSlug('org'),
    plan: 'free',
  });
  if (opts.twoFactor)
    await h.db
      .updateTable('users')
      .set({ totp_enabled_at: new Date().toISOString() })
      .where('id', '=', made.user_id)
      .execute();
  const tenant = {
    userId: made.user_id,
    email,
    password: 'correct horse battery',
    organizationId: made.organization_id,
    workspaceId: made.workspace_id,
    apiKey: made.api_key,
    auth: { authorization: `Bearer ${made.api_key}` },
  };
  return { tenant, headers: (await sessionOf(h, tenant)).headers };
}

/** The instance audit log's entries about one target, newest first. */
export const instanceLog = (h: Harness, targetId: string) =>
  h.db.selectFrom('operator_audit').selectAll().where('target_id', '=', targetId).orderBy('id', 'desc').execute();
