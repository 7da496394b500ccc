import type { ServiceDeps } from '../../platform/deps.js';
import { AppError, badRequest, invalid, invalidField, unauthenticated } from '../../http/errors.js';
import type { DB } from '../../db/database.js';
import { checkCsrf } from '../../http/csrf.js';
import { taken, uniqueAs } from '../../http/fields.js';
import {
  createOrganizationWithDefaults,
  findActiveOrganization,
  organizationRequiresTwoFactor,
  organizationsOfUser,
  slugExists,
  toOrganization,
} from '../organizations/index.js';
import { findWorkspace, toWorkspace, workspacesOfUser } from '../workspaces/index.js';
import type { SignupInvitations } from './signup-invitations.js';
import type { SignInPolicy } from './sign-in-policy.js';
import { randomHex } from '../../lib/tokens.js';
import { createUser } from './users.service.js';
import { findUserByEmail, findUserById, normalizeEmail, updatePasswordHash } from './users.repo.js';
import { deleteOtherSessions, deleteSession } from './sessions.repo.js';
import { liveSession, sessionScope, startSession } from './sessions.service.js';
import { hashPassword, verifyPassword } from './password.js';
import { assertPasswordAllowed } from './password-rules.js';
import { admitLogin, forgiveLogin } from './login-throttle.js';
import { sendVerification } from './verification-link.js';
import { secondFactorMatches } from './two-factor.js';
import { queuePasswordChangedNotice } from './password-reset.service.js';
import { secondFactorWithinBudget } from './second-factor-throttle.js';
import { toUser, type ChangePasswordBody, type LoginBody, type SignupBody } from './auth.schemas.js';

/** "ACME GmbH & Co." → "acme-gmbh-co"; a random tail when that is too short or taken. */
function slugFrom(name: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50);
  return base.length >= 2 ? base : 'org';
}

/** The first of en/de that Accept-Language names; English otherwise. */
export function localeFromHeader(header: unknown): 'en' | 'de' {
  const first = String(header ?? '')
    .split(',')
    .map((part) => part.trim().slice(0, 2).toLowerCase())
    .find((tag) => tag === 'en' || tag === 'de');
  return first === 'de' ? 'de' : 'en';
}

/** POST /auth/signup: names the body's problems that no schema can (org_name needs the absence of a token). */
function checkSignupBody(body: SignupBody) {
  if (body.invitation_token === undefined) {
    if (body.org_name === undefined)
      throw badRequest('Required fields are missing.', [
        {
          pointer: '/org_name',
          detail: 'org_name is required, unless signing up from an invitation link (invitation_token)',
          code: 'required',
        },
      ]);
    return;
  }
  const extra = (['org_name', 'org_slug'] as const).filter((k) => body[k] !== undefined);
  if (extra.length)
    throw invalid(
      extra.map((k) => ({
        pointer: `/${k}`,
        detail: 'is not accepted with invitation_token: signing up from an invitation joins the inviting organization',
        code: 'exclusive',
      })),
    );
}

/** A new organization on the default plan, its default workspace, and the user as its org_admin. */
async function newOrganization(
  ctx: ServiceDeps,
  trx: DB,
  body: SignupBody,
  userId: string,
  requestId: string,
  at: Date,
) {
  const name = body.org_name!;
  let slug = body.org_slug;
  if (slug !== undefined) {
    if (await slugExists(trx, slug)) throw taken('/org_slug');
  } else {
    slug = slugFrom(name);
    if (await slugExists(trx, slug)) slug = `${slug}-${randomHex(3)}`;
  }
  return createOrganizationWithDefaults(
    trx,
    { name, slug, plan: ctx.config.defaultPlan },
    { userId, actorType: 'user', actorId: userId, requestId },
    at,
  ).catch((err: unknown) => {
    // The only unique field createOrganizationWithDefaults maps is the slug; name it as sent.
    if (err instanceof AppError && err.type === 'validation-error') throw taken('/org_slug');
    throw err;
  });
}

/**
 * Creates the user and starts a session. Without an invitation link it also creates an organization
 * (the user its org_admin); with one (docs/decisions.md D63) it creates none: the user joins the
 * inviting organization with the invited roles, in the same transaction, and the address counts as
 * verified, since the link was mailed to it.
 */
export async function signup(
  ctx: ServiceDeps & { invitations: SignupInvitations },
  body: SignupBody,
  requestId: string,
  acceptLanguage?: unknown,
) {
  checkSignupBody(body);
  const token = body.invitation_token;
  const at = ctx.clock.now();
  const result = await ctx.db.transaction().execute(async (trx) => {
    if (await findUserByEmail(trx, body.email))
      throw invalidField('/email', 'an account with this e-mail address exists; log in instead', 'taken');
    const invitation =
      token === undefined ? null : await ctx.invitations.check(trx, token, normalizeEmail(body.email), at);
    const user = await uniqueAs('/email', () =>
      createUser(
        trx,
        {
          email: body.email,
          password: body.password,
          name: body.name ?? null,
          locale: body.locale ?? localeFromHeader(acceptLanguage),
          verified: invitation !== null,
        },
        at,
        ctx.config.passwordCost,
      ),
    );
    let landing: { org: Parameters<typeof toOrganization>[0]; workspace: Parameters<typeof toWorkspace>[0] | null };
    if (invitation) {
      const joined = await ctx.invitations.accept(trx, ctx, invitation, user.id, requestId, at);
      const org = (await findActiveOrganization(trx, joined.organizationId))!;
      const workspace = joined.workspaceId ? await findWorkspace(trx, joined.organizationId, joined.workspaceId) : null;
      landing = { org, workspace: workspace ?? null };
    } else {
      landing = await newOrganization(ctx, trx, body, user.id, requestId, at);
      // The link is queued with the account: both commit, or neither (docs/decisions.md D14).
      await sendVerification(trx, ctx, user);
    }
    const session = await startSession(trx, user.id, at);
    return { user, ...landing, session };
  });
  return {
    session: result.session,
    data: {
      user: toUser(result.user),
      organization: toOrganization(result.org),
      workspace: result.workspace ? toWorkspace(result.workspace) : null,
      csrf_token: result.session.csrfToken,
      session_expires_at: result.session.expiresAt,
    },
  };
}

const tooManyAttempts = (wait: number) =>
  new AppError(
    'rate-limited',
    `Too many sign-in attempts for this account from this address. Try again in ${wait} s.`,
    {},
    { 'retry-after': String(wait) },
  );

let dummyHash: Promise<string> | null = null;
/** Unknown addresses still pay for one scrypt, so timing does not tell which accounts exist. */
function dummy(cost: number) {
  dummyHash ??= hashPassword(randomHex(16), cost);
  return dummyHash;
}

export async function login(ctx: ServiceDeps, body: LoginBody, ip: string, policy: SignInPolicy) {
  const now = ctx.clock.now();
  const email = normalizeEmail(body.email);
  // Counted before the password is checked, so parallel guesses cannot outrun the count.
  const wait = await admitLogin(ctx.db, email, ip, now);
  if (wait !== null) throw tooManyAttempts(wait);
  const user = await findUserByEmail(ctx.db, email);
  const ok = user
    ? await verifyPassword(body.password, user.password_hash)
    : (await verifyPassword(body.password, await dummy(ctx.config.passwordCost)), false);
  if (!user || !ok) throw unauthenticated('The e-mail address or password is wrong.');
  // Said only to whoever knows the password (docs/decisions.md D74).
  if (user.disabled_at)
    throw new AppError('suspended', 'This account is disabled by the operator of this server; contact their support.');
  // Also said only after the right password: an organization that requires single sign-on (docs/decisions.md D80).
  const refusal = await policy.passwordRefusal(ctx.db, user.id);
  if (refusal) throw refusal;
  // Two steps when 2FA is on: the password alone starts no session; a wrong code counts as a
  // failed login (it was admitted above), and against the account's own second-factor budget.
  if (user.totp_enabled_at) {
    if (body.code === undefined)
      throw new AppError('two-factor-required', 'Enter the code of your authenticator app (or a recovery code).');
    const code = body.code;
    const matched = await secondFactorWithinBudget(ctx, user, () =>
      secondFactorMatches(ctx.db, ctx.config.secretsKey, user, code, now),
    );
    if (!matched) throw unauthenticated('The two-factor code is wrong.');
  }
  await forgiveLogin(ctx.db, email, ip, now);
  const organizations = await organizationsOfUser(ctx.db, user.id);
  if (organizations.length === 0) throw unauthenticated('This account belongs to no active organization.');
  if (organizations.every((o) => o.suspended_at !== null))
    throw new AppError(
      'suspended',
      'Your organization is suspended by the operator of this server; contact their support.',
    );
  const session = await startSession(ctx.db, user.id, now);
  return {
    session,
    data: {
      user: toUser(user),
      organizations: organizations.map(({ created_at: _, suspended_at: __, ...o }) => o),
      csrf_token: session.csrfToken,
      session_expires_at: session.expiresAt,
    },
  };
}

/** The live session behind a cookie, or 401. */
export async function sessionOf(ctx: ServiceDeps, token: string | undefined) {
  if (!token) throw unauthenticated('No session; log in first.');
  const session = await liveSession(ctx.db, token, ctx.clock.now());
  if (!session) throw unauthenticated('The session has expired; log in again.');
  return session;
}

/**
 * Logout resolves the cookie itself rather than through the auth plugin, so that a user who holds
 * no role in the default workspace (where the plugin would answer 404) can still log out.
 * The CSRF token is still required: a cross-site page must not end someone's session.
 */
export async function logout(ctx: ServiceDeps, token: string | undefined, csrf: unknown) {
  const session = await sessionOf(ctx, token);
  checkCsrf(session.csrf_token, csrf);
  await deleteSession(ctx.db, session.id);
}

/**
 * Needs the current password (a stolen cookie alone cannot take over the account); wrong guesses
 * count towards login throttling. Every other session of the user ends; this one stays.
 */
export async function changePassword(
  ctx: ServiceDeps,
  token: string | undefined,
  csrf: unknown,
  body: ChangePasswordBody,
  ip: string,
) {
  const session = await sessionOf(ctx, token);
  checkCsrf(session.csrf_token, csrf);
  const user = await findUserById(ctx.db, session.user_id);
  if (!user) throw unauthenticated();
  // A refused new password is answered before anything is counted or changed.
  assertPasswordAllowed(body.new_password, '/new_password', user.email);
  const now = ctx.clock.now();
  const wait = await admitLogin(ctx.db, user.email, ip, now);
  if (wait !== null) throw tooManyAttempts(wait);
  if (!(await verifyPassword(body.current_password, user.password_hash)))
    throw invalidField('/current_password', 'is wrong', 'mismatch');
  await forgiveLogin(ctx.db, user.email, ip, now);
  const hash = await hashPassword(body.new_password, ctx.config.passwordCost);
  return ctx.db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, user.id, hash, now.toISOString());
    await queuePasswordChangedNotice(trx, ctx, user);
    return deleteOtherSessions(trx, user.id, session.id);
  });
}

/**
 * The dashboard's start-up call: who am I, where may I act, and which organization and workspace
 * the X-Organization-Id / X-Workspace-Id headers (or their defaults) select, read as the auth
 * hook reads them (sessionScope); what they name but the user may not act in is null, not a 404.
 */
export async function me(ctx: ServiceDeps, token: string | undefined, orgHeader: unknown, wsHeader: unknown) {
  const session = await sessionOf(ctx, token);
  const user = await findUserById(ctx.db, session.user_id);
  if (!user) throw unauthenticated();
  const organizations = (await organizationsOfUser(ctx.db, user.id)).map(
    ({ created_at: _, suspended_at: __, ...o }) => o,
  );
  const scope = await sessionScope(ctx.db, user.id, orgHeader, wsHeader);
  const workspaces = scope
    ? await workspacesOfUser(ctx.db, scope.organizationId, user.id, scope.orgRole === 'org_admin')
    : [];
  return {
    user: toUser(user),
    organizations,
    current: {
      organization_id: scope?.organizationId ?? null,
      workspace_id: scope?.workspace?.id ?? null,
      role: scope?.workspace?.role ?? null,
    },
    workspaces,
    two_factor_required: scope ? await organizationRequiresTwoFactor(ctx.db, scope.organizationId) : false,
    email_verification_required: ctx.config.emailVerification === 'required',
    csrf_token: session.csrf_token,
  };
}
