// Signing in through an organization's identity provider (docs/decisions.md D80): the start sends
// the browser to the provider with state, nonce and a PKCE challenge kept here; the callback takes
// them back once, lets openid-client check the ID token, then finds, links or creates the user and
// starts a session as a password sign-in does. qrs's own two-factor code is not asked: the provider
// authenticates.
import type { ServiceDeps } from '../../platform/deps.js';
import type { DB } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { seal, unseal } from '../../lib/sealed.js';
import { randomBase62, sha256Hex } from '../../lib/tokens.js';
import { parseJson } from '../../db/column-values.js';
import { recordAudit, userActor } from '../audit/index.js';
import { findActiveOrganization, organizationIdOf } from '../organizations/index.js';
import { findDefaultWorkspaceId } from '../workspaces/index.js';
import { findMembershipRow, insertMembership, setWorkspaceRole } from '../members/index.js';
import { findWorkspace } from '../workspaces/index.js';
import { createUser, findUserByEmail, findUserById, startSession } from '../accounts/index.js';
import { findConnection, findIdentity, insertLogin, linkIdentity, takeLogin } from './sso.repo.js';
import { ssoNotConfigured } from './sso.service.js';
import { redirectUri, type SsoRoleMapping } from './sso.schemas.js';
import { claimValues, mapRoles } from './sso.roles.js';
import { authorizationUrl, exchangeCode, randomSecrets, ssoFailed, type ConfigurationOf } from './sso.provider.js';
import type { SsoConnectionsTable } from './sso.table.js';
import type { Selectable } from 'kysely';

/** A sign-in has ten minutes to come back from the provider. */
export const SSO_LOGIN_TTL_MS = 600_000;

function providerOf(ctx: ServiceDeps & { configurationOf: ConfigurationOf }, row: Selectable<SsoConnectionsTable>) {
  return ctx
    .configurationOf(ctx, {
      issuer: row.issuer,
      clientId: row.client_id,
      clientSecret: unseal(ctx.config.secretsKey, row.client_secret_sealed),
    })
    .catch((err: unknown) => {
      throw ssoFailed(
        `the identity provider cannot be reached (${err instanceof Error ? err.message : 'no answer'})`,
        'provider',
      );
    });
}

/** GET /auth/sso/start: the provider's authorization URL, and the state the browser's cookie keeps. */
export async function startSignIn(ctx: ServiceDeps & { configurationOf: ConfigurationOf }, organization: string) {
  const orgId = await organizationIdOf(ctx.db, organization);
  const row = orgId ? await findConnection(ctx.db, orgId) : undefined;
  if (!row) throw ssoNotConfigured();
  const config = await providerOf(ctx, row);
  const secrets = randomSecrets();
  const now = ctx.clock.now();
  await insertLogin(
    ctx.db,
    {
      state_hash: sha256Hex(secrets.state),
      organization_id: row.organization_id,
      code_verifier_sealed: seal(ctx.config.secretsKey, secrets.codeVerifier),
      nonce: secrets.nonce,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SSO_LOGIN_TTL_MS).toISOString(),
    },
    now.toISOString(),
  );
  const url = await authorizationUrl(config, { redirectUri: redirectUri(ctx.config.baseUrl), ...secrets });
  return { url, state: secrets.state };
}

interface Callback {
  query: { state: string; error?: string; error_description?: string };
  /** the state the start left in this browser's cookie */
  cookieState: string | undefined;
  /** the callback URL as the provider sent the browser to it */
  url: URL;
  requestId: string;
}

/** GET /auth/sso/callback: a session for the provider's user, or a 401 `sso-failed` and nothing written. */
export async function finishSignIn(ctx: ServiceDeps & { configurationOf: ConfigurationOf }, cb: Callback) {
  const { query } = cb;
  if (query.error) throw ssoFailed(`the identity provider answered ${query.error}`, 'provider');
  // The state must come back to the browser that started: a link to someone else's callback signs nobody in.
  if (!cb.cookieState || query.state !== cb.cookieState)
    throw ssoFailed('the sign-in came back to a browser that did not start it', 'state');
  const login = await takeLogin(ctx.db, sha256Hex(query.state));
  const now = ctx.clock.now();
  if (!login || login.expires_at <= now.toISOString()) throw ssoFailed('the sign-in expired; start again', 'expired');
  const row = await findConnection(ctx.db, login.organization_id);
  if (!row) throw ssoFailed('this organization no longer uses single sign-on', 'provider');
  const config = await providerOf(ctx, row);
  const claims = await exchangeCode(config, cb.url, {
    state: query.state,
    nonce: login.nonce,
    codeVerifier: unseal(ctx.config.secretsKey, login.code_verifier_sealed),
  });
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email.includes('@')) throw ssoFailed('the ID token names no e-mail address (the `email` scope)', 'claims');
  return ctx.db.transaction().execute(async (trx) => {
    const user = await userOf(ctx, trx, row, { sub: claims.sub, email, claims });
    await joinOrganization(ctx, trx, row, user.id, claims, cb.requestId, now);
    if (user.disabled_at)
      throw new AppError(
        'suspended',
        'This account is disabled by the operator of this server; contact their support.',
      );
    const org = await findActiveOrganization(trx, row.organization_id);
    if (!org) throw ssoFailed('the organization no longer exists', 'provider');
    if (org.suspended_at)
      throw new AppError(
        'suspended',
        'Your organization is suspended by the operator of this server; contact their support.',
      );
    const session = await startSession(trx, user.id, now);
    return { session, organizationId: org.id };
  });
}

/**
 * The provider's account is the user it signed in as before; else the user with its address, linked
 * only when the provider says it verified the address (someone who registers that address at a
 * careless provider must not take over an account); else a new user.
 */
async function userOf(
  ctx: ServiceDeps & { configurationOf: ConfigurationOf },
  trx: DB,
  row: Selectable<SsoConnectionsTable>,
  who: { sub: string; email: string; claims: Record<string, unknown> },
) {
  const verified = who.claims.email_verified === true;
  const linked = await findIdentity(trx, row.organization_id, row.issuer, who.sub);
  let user = linked ? await findUserById(trx, linked.user_id) : undefined;
  if (user?.erased_at) user = undefined;
  if (!user) {
    user = await findUserByEmail(trx, who.email);
    if (user && !verified)
      throw ssoFailed(
        'an account uses this address, and the identity provider does not say it verified the address',
        'email_unverified',
      );
    if (!user) {
      const name = typeof who.claims.name === 'string' ? who.claims.name.slice(0, 255) : null;
      const locale = String(who.claims.locale ?? '').startsWith('de') ? 'de' : 'en';
      // A password nobody knows: the account signs in through the provider (or resets one by e-mail).
      await createUser(
        trx,
        { email: who.email, password: randomBase62(40), name, locale, verified },
        ctx.clock.now(),
        ctx.config.passwordCost,
      );
      user = (await findUserByEmail(trx, who.email))!;
    }
    await linkIdentity(trx, {
      organization_id: row.organization_id,
      issuer: row.issuer,
      subject: who.sub,
      user_id: user.id,
      created_at: ctx.clock.now().toISOString(),
    });
  }
  return user;
}

/**
 * A first sign-in makes the user a member with the roles the claim maps to; a member keeps the roles
 * the organization gave it (PATCH /v1/members changes them), whatever the claim says later.
 */
async function joinOrganization(
  ctx: ServiceDeps & { configurationOf: ConfigurationOf },
  trx: DB,
  row: Selectable<SsoConnectionsTable>,
  userId: string,
  claims: Record<string, unknown>,
  requestId: string,
  now: Date,
) {
  const orgId = row.organization_id;
  if (await findMembershipRow(trx, orgId, userId)) return;
  const mappings = parseJson<SsoRoleMapping[]>(row.role_mappings, []);
  const defaultWorkspace = await findDefaultWorkspaceId(trx, orgId);
  const roles = mapRoles(claimValues(claims, row.role_claim), mappings, row.default_role, defaultWorkspace);
  if (!roles) throw ssoFailed('the identity provider gives this account no role in the organization', 'no_role');
  const at = now.toISOString();
  await insertMembership(trx, orgId, userId, roles.org, at);
  if (roles.org === 'org_admin') return;
  for (const [workspaceId, role] of roles.workspaces) {
    const ws = await findWorkspace(trx, orgId, workspaceId);
    if (!ws || ws.status !== 'active') continue;
    await setWorkspaceRole(trx, workspaceId, userId, role, at);
    const field = `member:${userId}`;
    await recordAudit(trx, userActor(userId, requestId, { organizationId: orgId, workspaceId }), {
      action: 'workspaces.member_added',
      resourceType: 'workspaces',
      resourceId: workspaceId,
      before: { [field]: null },
      after: { [field]: role },
      at: now,
    });
  }
}
