import type { Config } from '../platform/config.js';
import type { PlanName } from '../platform/plans.js';
import type { DB } from '../db/database.js';
import { createUser } from '../features/accounts/users.service.js';
import {
  createOrganizationWithDefaults,
  organizationIdOf,
  setPlan,
} from '../features/organizations/organizations.service.js';
import { createApiKey } from '../features/api-keys/api-keys.service.js';
import { systemActor, recordAudit } from '../features/audit/audit.service.js';
import { OperatorError } from '../features/gs1-prefixes/index.js';
import { verifyPrefixByCli } from '../features/operator/index.js';
import { systemClock } from '../lib/clock.js';
import { PREFIX_MAX, PREFIX_MIN } from '../features/gs1-prefixes/gs1-prefixes.fns.js';

export interface BootstrapInput {
  email: string;
  password: string;
  orgName: string;
  orgSlug: string;
  plan: PlanName;
}

/** docs/decisions.md D4 first start: user (org_admin), organization, default workspace, one API key. */
export async function bootstrap(db: DB, config: Config, input: BootstrapInput) {
  return db.transaction().execute(async (trx) => {
    const now = new Date();
    // The operator typed the address at the console: nothing to prove by e-mail.
    const user = await createUser(
      trx,
      { email: input.email, password: input.password, verified: true },
      now,
      config.passwordCost,
    );
    const { org, workspace } = await createOrganizationWithDefaults(
      trx,
      { name: input.orgName, slug: input.orgSlug, plan: input.plan },
      systemActor({ userId: user.id }),
      now,
    );
    const { row, secret } = await createApiKey(
      trx,
      config.apiKeyPrefix,
      { organizationId: org.id, workspaceId: workspace.id, name: 'Bootstrap key', createdBy: user.id },
      now,
    );
    await recordAudit(trx, systemActor({ organizationId: org.id, workspaceId: workspace.id }), {
      action: 'api_keys.created',
      resourceType: 'api_keys',
      resourceId: row.id,
      after: row,
      at: now,
    });
    return { user_id: user.id, organization_id: org.id, workspace_id: workspace.id, api_key: secret };
  });
}

export async function createKeyForWorkspace(db: DB, config: Config, workspaceId: string, name: string) {
  return db.transaction().execute(async (trx) => {
    const ws = await trx
      .selectFrom('workspaces')
      .select(['id', 'organization_id'])
      .where('id', '=', workspaceId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (!ws) throw new Error(`workspace ${workspaceId} not found`);
    // docs/decisions.md D4: a CLI-made key acts for the bootstrap user, the organization's first org_admin.
    const admin = await trx
      .selectFrom('memberships')
      .select('user_id')
      .where('organization_id', '=', ws.organization_id)
      .where('role', '=', 'org_admin')
      .orderBy('created_at', 'asc')
      .orderBy('user_id', 'asc')
      .executeTakeFirst();
    if (!admin) throw new Error(`organization ${ws.organization_id} has no org_admin for the key to act for`);
    const now = new Date();
    const { row, secret } = await createApiKey(
      trx,
      config.apiKeyPrefix,
      { organizationId: ws.organization_id, workspaceId: ws.id, name, createdBy: admin.user_id },
      now,
    );
    await recordAudit(trx, systemActor({ organizationId: ws.organization_id, workspaceId: ws.id }), {
      action: 'api_keys.created',
      resourceType: 'api_keys',
      resourceId: row.id,
      after: row,
      at: now,
    });
    return { id: row.id, api_key: secret };
  });
}

/**
 * Operator verification of a GS1 company prefix (`gs1-prefix verify`): the one command a
 * single-company deployment runs to publish passports for its own GTINs. The console's approval
 * by the same rules: audited as a system action in the organization's log and as the CLI's in the
 * instance log (docs/decisions/0075-gs1-prefix-verification.md).
 */
export async function verifyGs1Prefix(db: DB, config: Config, organizationId: string, prefix: string) {
  if (!new RegExp(`^[0-9]{${PREFIX_MIN},${PREFIX_MAX}}$`).test(prefix))
    throw new OperatorError(`--prefix must be ${PREFIX_MIN} to ${PREFIX_MAX} digits`);
  return verifyPrefixByCli({ db, config, clock: systemClock }, { organizationId, prefix });
}

/**
 * `org set-plan`: how an operator moves an existing organization to another plan (a self-hosted
 * server's first sign-up, a customer paid by invoice). Audited as a system action; running it
 * twice changes nothing the second time.
 */
export async function setOrganizationPlan(db: DB, org: string, plan: PlanName) {
  return db.transaction().execute(async (trx) => {
    const id = await organizationIdOf(trx, org);
    if (!id) throw new Error(`organization ${org} not found (give its id org_… or its slug)`);
    const { before, after } = await setPlan(trx, id, plan, systemActor(), new Date());
    return { organization_id: id, plan: after.plan, previous_plan: before.plan, changed: before.plan !== after.plan };
  });
}
