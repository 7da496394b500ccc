// An organization's OpenID Connect provider, read, set and removed by its org_admin
// (docs/decisions.md D80). The client secret is sealed at rest and never returned.
import type { ServiceDeps } from '../../platform/deps.js';
import type { Principal } from '../../http/principal.js';
import { badRequest, invalid, notFound, type FieldError } from '../../http/errors.js';
import { seal, unseal } from '../../lib/sealed.js';
import { auditActor, recordAudit } from '../audit/index.js';
import { getOrganization, organizationNotFound } from '../organizations/index.js';
import { findWorkspace } from '../workspaces/index.js';
import { deleteConnection, findConnection, hasIdentity, saveConnection } from './sso.repo.js';
import { toSsoConnection, type SsoConnection, type SsoConnectionPut } from './sso.schemas.js';
import { issuerRefusal, type ConfigurationOf } from './sso.provider.js';

export const ssoNotConfigured = () => notFound('Single sign-on for this organization');

/** The caller's own organization; another's id is a 404, as for PATCH /v1/organizations/{id}. */
async function ownOrganization(ctx: ServiceDeps, p: Principal, id: string) {
  if (id !== p.organizationId) throw organizationNotFound();
  return getOrganization(ctx.db, id);
}

/** What the audit log keeps of a connection: everything but the secret. */
const audited = (c: SsoConnection | null) =>
  c && {
    issuer: c.issuer,
    client_id: c.client_id,
    role_claim: c.role_claim,
    role_mappings: c.role_mappings,
    default_role: c.default_role,
    required: c.required,
  };

export async function getSso(ctx: ServiceDeps, p: Principal, id: string): Promise<SsoConnection> {
  const org = await ownOrganization(ctx, p, id);
  const row = await findConnection(ctx.db, org.id);
  if (!row) throw ssoNotConfigured();
  return toSsoConnection(row, ctx.config.baseUrl, org.slug);
}

/** Every problem of the body a schema cannot see, with pointers; nothing is fetched while one remains. */
async function checkPut(
  ctx: ServiceDeps<'hostResolver'>,
  p: Principal,
  body: SsoConnectionPut,
  existing: { required: number } | undefined,
) {
  if (!existing && body.client_secret === undefined)
    throw badRequest('Required fields are missing.', [
      { pointer: '/client_secret', detail: 'is required when single sign-on is first set up', code: 'required' },
    ]);
  const errors: FieldError[] = [];
  const refusal = await issuerRefusal(ctx, body.issuer);
  if (refusal) errors.push({ pointer: '/issuer', detail: refusal, code: 'issuer_refused' });
  for (const [i, m] of (body.role_mappings ?? []).entries()) {
    if (!m.workspace_id) continue;
    if (m.role === 'org_admin')
      errors.push({
        pointer: `/role_mappings/${i}/workspace_id`,
        detail: 'org_admin acts in every workspace',
        code: 'exclusive',
      });
    const ws = await findWorkspace(ctx.db, p.organizationId, m.workspace_id);
    if (!ws || ws.status !== 'active')
      errors.push({
        pointer: `/role_mappings/${i}/workspace_id`,
        detail: 'no such workspace',
        code: 'unknown_workspace',
      });
  }
  // Requiring it must not lock the organization out: its admin proves the connection works first.
  const turningOn = body.required === true && Number(existing?.required ?? 0) !== 1;
  if (turningOn && !(p.userId && (await hasIdentity(ctx.db, p.organizationId, p.userId))))
    errors.push({
      pointer: '/required',
      detail: 'sign in through the identity provider once before requiring it',
      code: 'sso_not_proven',
    });
  if (errors.length) throw invalid(errors);
}

/**
 * PUT /v1/organizations/{id}/sso: sets up or replaces the connection. The issuer's discovery
 * document is read first (a typo is a 422 now, not a failed sign-in later); then the row and its
 * audit entry are written in one transaction.
 */
export async function putSso(
  ctx: ServiceDeps<'hostResolver'> & { configurationOf: ConfigurationOf },
  p: Principal,
  id: string,
  body: SsoConnectionPut,
): Promise<SsoConnection> {
  const org = await ownOrganization(ctx, p, id);
  const existing = await findConnection(ctx.db, org.id);
  await checkPut(ctx, p, body, existing);
  // Kept as written: the discovery document's issuer must equal it exactly.
  const issuer = body.issuer;
  const secret = body.client_secret ?? unseal(ctx.config.secretsKey, existing!.client_secret_sealed);
  try {
    await ctx.configurationOf(ctx, { issuer, clientId: body.client_id, clientSecret: secret });
  } catch (err) {
    throw invalid([
      {
        pointer: '/issuer',
        detail: `its OpenID configuration cannot be read: ${err instanceof Error ? err.message : 'no answer'}`,
        code: 'issuer_unreachable',
      },
    ]);
  }
  const at = ctx.clock.now().toISOString();
  const row = {
    organization_id: org.id,
    issuer,
    client_id: body.client_id,
    client_secret_sealed: body.client_secret
      ? seal(ctx.config.secretsKey, body.client_secret)
      : existing!.client_secret_sealed,
    role_claim: body.role_claim === undefined ? (existing?.role_claim ?? null) : body.role_claim,
    role_mappings: JSON.stringify(
      (body.role_mappings ?? []).map((m) => ({ value: m.value, role: m.role, workspace_id: m.workspace_id ?? null })),
    ),
    default_role: body.default_role === undefined ? 'viewer' : body.default_role,
    required: body.required === undefined ? Number(existing?.required ?? 0) : body.required ? 1 : 0,
    created_at: existing?.created_at ?? at,
    updated_at: at,
  } as const;
  return ctx.db.transaction().execute(async (trx) => {
    await saveConnection(trx, row, existing !== undefined);
    const before = existing ? toSsoConnection(existing, ctx.config.baseUrl, org.slug) : null;
    const after = toSsoConnection(row, ctx.config.baseUrl, org.slug);
    await recordAudit(trx, auditActor(p), {
      action: 'organizations.sso_updated',
      resourceType: 'organizations',
      resourceId: org.id,
      before: audited(before),
      after: { ...audited(after), ...(body.client_secret ? { client_secret_changed_at: at } : {}) },
      at: new Date(at),
    });
    return after;
  });
}

/** DELETE /v1/organizations/{id}/sso: members sign in with passwords again (they reset one first). */
export async function deleteSso(ctx: ServiceDeps, p: Principal, id: string): Promise<SsoConnection> {
  const org = await ownOrganization(ctx, p, id);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await findConnection(trx, org.id);
    if (!row) throw ssoNotConfigured();
    const gone = toSsoConnection(row, ctx.config.baseUrl, org.slug);
    await deleteConnection(trx, org.id);
    await recordAudit(trx, auditActor(p), {
      action: 'organizations.sso_deleted',
      resourceType: 'organizations',
      resourceId: org.id,
      before: audited(gone),
      after: null,
      at: ctx.clock.now(),
    });
    return gone;
  });
}
