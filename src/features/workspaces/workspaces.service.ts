import type { Updateable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { ServiceDeps } from '../../platform/deps.js';
import type { DnsResolver } from '../../platform/dns/resolvers.js';
import type { Principal } from '../../http/principal.js';
import type { PlanName } from '../../platform/plans.js';
import { lockRow } from '../../db/row-lock.js';
import { AppError, conflict, forbidden, invalidField } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import { auditActor, recordAudit } from '../audit/index.js';
import { settingsText, taken, uniqueAs } from '../../http/fields.js';
import {
  countActiveWorkspaces,
  customDomainExists,
  verifiedDomainOwner,
  findWorkspace,
  insertWorkspace,
  updateWorkspace,
  workspaceSlugExists,
  workspacesQuery,
} from './workspaces.repo.js';
import { activeOrganizationPlan } from './organization-plan.js';
import {
  CHALLENGE_PREFIX,
  newDomainToken,
  isReservedHost,
  normalizeHostName,
  serviceHost,
  toWorkspace,
  verificationValue,
  workspaceRow,
} from './workspaces.fns.js';
import { canonicalTimeZone } from '../../lib/time-zone.js';
import { normalizeRequestHost } from '../../lib/host.js';
import {
  canSeeWorkspace,
  organizationNotFound,
  workspaceNotFound,
  mayConfigureWorkspace,
} from './workspaces.access.js';
import type { CreateWorkspaceBody, UpdateWorkspaceBody, WorkspaceListQuery } from './workspaces.schemas.js';
import type { WorkspacesTable } from './workspaces.table.js';

export async function listWorkspaces(ctx: ServiceDeps, p: Principal, q: WorkspaceListQuery) {
  const scope =
    p.orgRole === 'org_admin' || (p.kind === 'api_key' && p.creatorRole === 'org_admin')
      ? {}
      : p.kind === 'api_key'
        ? { workspaceId: p.workspaceId }
        : { memberUserId: p.userId! };
  const page = await paginate(workspacesQuery(ctx.db, p.organizationId, q.status ?? 'active', scope), q, 'ws');
  return { ...page, items: page.items.map(toWorkspace) };
}

/** The workspace if the caller may see it, else 404 (another tenant's id looks the same). */
async function visibleWorkspace(db: DB, p: Principal, id: string) {
  const row = await findWorkspace(db, p.organizationId, id);
  if (!row || !(await canSeeWorkspace(db, p, id))) throw workspaceNotFound();
  return row;
}

export async function getWorkspace(ctx: ServiceDeps, p: Principal, id: string) {
  return toWorkspace(await visibleWorkspace(ctx.db, p, id));
}

/**
 * Plan limit (docs/decisions.md D5): the organization row is locked first, so two concurrent creates at limit-1
 * serialise and exactly one passes the count. Archived workspaces do not count.
 */
export async function createWorkspace(ctx: ServiceDeps, p: Principal, body: CreateWorkspaceBody) {
  const at = ctx.clock.now();
  const timezone = body.timezone === undefined ? undefined : timeZoneOf(body.timezone);
  return ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'organizations', p.organizationId);
    const plan = (await activeOrganizationPlan(trx, p.organizationId)) as PlanName | undefined;
    if (plan === undefined) throw organizationNotFound();
    const limit = ctx.config.plans[plan]?.maxWorkspaces ?? null;
    if (limit !== null && (await countActiveWorkspaces(trx, p.organizationId)) >= limit) {
      throw new AppError(
        'plan-limit-exceeded',
        `The ${plan} plan allows ${limit} active workspace${limit === 1 ? '' : 's'}. Archive one or upgrade the plan.`,
        { plan, limit },
      );
    }
    if (await workspaceSlugExists(trx, p.organizationId, body.slug)) throw taken('/slug');
    const row = workspaceRow(p.organizationId, { ...body, timezone }, false, at);
    await uniqueAs('/slug', () => insertWorkspace(trx, row));
    const ws = toWorkspace(row);
    await recordAudit(trx, auditActor(p, row.id), {
      action: 'workspaces.created',
      resourceType: 'workspaces',
      resourceId: row.id,
      after: ws,
      at,
    });
    return ws;
  });
}

function timeZoneOf(name: string): string {
  const zone = canonicalTimeZone(name);
  if (zone === null)
    throw invalidField('/timezone', 'must be an IANA time zone name such as Europe/Berlin or UTC', 'timezone');
  return zone;
}

async function adminWorkspace(trx: DB, p: Principal, id: string) {
  await lockRow(trx, 'workspaces', id);
  const row = await visibleWorkspace(trx, p, id);
  if (!(await mayConfigureWorkspace(trx, p, id)))
    throw forbidden('Changing a workspace needs org_admin or ws_admin of that workspace.');
  return row;
}

export async function patchWorkspace(ctx: ServiceDeps, p: Principal, id: string, body: UpdateWorkspaceBody) {
  const at = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const before = await adminWorkspace(trx, p, id);
    if (before.status !== 'active') throw conflict('An archived workspace cannot be changed.');
    const patch: Updateable<WorkspacesTable> = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.description !== undefined) patch.description = body.description;
    if (body.default_locale !== undefined) patch.default_locale = body.default_locale;
    if (body.approval_required !== undefined) patch.approval_required = body.approval_required ? 1 : 0;
    if (body.primary_color !== undefined) patch.primary_color = body.primary_color;
    if (body.settings !== undefined) patch.settings = settingsText(body.settings);
    if (body.timezone !== undefined) patch.timezone = timeZoneOf(body.timezone);
    if (body.scan_retention_days !== undefined) patch.scan_retention_days = body.scan_retention_days;
    if (body.slug !== undefined && body.slug !== before.slug) {
      if (await workspaceSlugExists(trx, p.organizationId, body.slug, id)) throw taken('/slug');
      patch.slug = body.slug;
    }
    if (body.custom_domain !== undefined) {
      const host = body.custom_domain === null ? null : normalizeHostName(body.custom_domain);
      if (body.custom_domain !== null && host === null) {
        throw invalidField(
          '/custom_domain',
          'must be a host name such as qr.example.com (no scheme, port, path or IP address)',
          'hostname',
        );
      }
      if (host !== null && isReservedHost(host, serviceHost(ctx.config))) {
        throw invalidField(
          '/custom_domain',
          "is the service's own host (BASE_URL) or one of its subdomains, which every workspace shares",
          'reserved',
        );
      }
      if (host !== null && (await customDomainExists(trx, host, id))) throw taken('/custom_domain');
      if (host !== before.custom_domain) {
        // A new domain starts unverified with its own token; clearing it drops both.
        patch.custom_domain = host;
        patch.custom_domain_token = host === null ? null : newDomainToken();
        patch.custom_domain_verified_at = null;
      }
    }
    const after = { ...before, ...patch };
    const changed = Object.keys(patch).some(
      (k) => (before as Record<string, unknown>)[k] !== (after as Record<string, unknown>)[k],
    );
    if (!changed) return toWorkspace(before);
    after.updated_at = patch.updated_at = at.toISOString();
    await uniqueAs(body.custom_domain ? '/custom_domain' : '/slug', () => updateWorkspace(trx, id, patch));
    await recordAudit(trx, auditActor(p, id), {
      action: 'workspaces.updated',
      resourceType: 'workspaces',
      resourceId: id,
      before: toWorkspace(before),
      after: toWorkspace(after),
      at,
    });
    return toWorkspace(after);
  });
}

/**
 * Archive (docs/decisions.md D5). The entry is written to the caller's current workspace: the archived one can
 * no longer be selected, so an entry there could never be read.
 */
export async function archiveWorkspace(ctx: ServiceDeps, p: Principal, id: string) {
  const at = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const before = await adminWorkspace(trx, p, id);
    if (before.is_default) throw new AppError('workspace-protected', 'The default workspace cannot be archived.');
    if (id === p.workspaceId)
      throw new AppError(
        'workspace-protected',
        'You cannot archive the workspace you are acting in; switch to another workspace first.',
      );
    if (before.status === 'archived') return toWorkspace(before);
    const patch = { status: 'archived' as const, archived_at: at.toISOString(), updated_at: at.toISOString() };
    await updateWorkspace(trx, id, patch);
    const after = { ...before, ...patch };
    await recordAudit(trx, auditActor(p), {
      action: 'workspaces.archived',
      resourceType: 'workspaces',
      resourceId: id,
      before: toWorkspace(before),
      after: toWorkspace(after),
      at,
    });
    return toWorkspace(after);
  });
}

/**
 * Proves control of the workspace's custom domain by its TXT record. The DNS lookup runs outside
 * the transaction (no lock is held while DNS answers); the write then checks that the domain and
 * token are still the ones looked up, and that no other workspace verified the domain meanwhile.
 */
export async function verifyCustomDomain(ctx: ServiceDeps & { dnsResolver: DnsResolver }, p: Principal, id: string) {
  const seen = await visibleWorkspace(ctx.db, p, id);
  if (!(await mayConfigureWorkspace(ctx.db, p, id)))
    throw forbidden('Verifying a custom domain needs org_admin or ws_admin of that workspace.');
  if (seen.status !== 'active') throw conflict('An archived workspace cannot be changed.');
  if (!seen.custom_domain || !seen.custom_domain_token) {
    throw invalidField('/custom_domain', 'is not set: PATCH the workspace with a custom_domain first', 'required');
  }
  if (seen.custom_domain_verified_at) return { workspace: toWorkspace(seen), changed: false };
  const name = CHALLENGE_PREFIX + seen.custom_domain;
  const expected = verificationValue(seen.custom_domain_token);
  if (await customDomainExists(ctx.db, seen.custom_domain, id)) throw taken('/custom_domain');
  const found = await txtRecords(ctx.dnsResolver, name);
  if (!found.includes(expected)) {
    throw invalidField(
      '/custom_domain',
      `has no TXT record ${name} with the value ${expected} (DNS changes can take a while to show)`,
      'dns_txt_missing',
    );
  }
  const at = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const before = await adminWorkspace(trx, p, id);
    if (before.custom_domain !== seen.custom_domain || before.custom_domain_token !== seen.custom_domain_token) {
      throw conflict('The custom domain changed during verification; verify again.');
    }
    if (before.custom_domain_verified_at) return { workspace: toWorkspace(before), changed: false };
    if (await customDomainExists(trx, before.custom_domain!, id)) throw taken('/custom_domain');
    const patch = { custom_domain_verified_at: at.toISOString(), updated_at: at.toISOString() };
    await uniqueAs('/custom_domain', () => updateWorkspace(trx, id, patch));
    const after = toWorkspace({ ...before, ...patch });
    await recordAudit(trx, auditActor(p, id), {
      action: 'workspaces.domain_verified',
      resourceType: 'workspaces',
      resourceId: id,
      before: toWorkspace(before),
      after,
      at,
    });
    return { workspace: after, changed: true };
  });
}

/** The TXT strings at `name` (a record's chunks joined); none when the name does not resolve. */
async function txtRecords(resolver: DnsResolver, name: string): Promise<string[]> {
  try {
    return (await resolver.resolveTxt(name)).map((chunks) => chunks.join('').trim());
  } catch {
    // NXDOMAIN, no data, a timeout: all mean the record cannot be seen now.
    return [];
  }
}

/** Whether a host may get a TLS certificate: BASE_URL's host or a verified custom domain. */
export async function isServedDomain(ctx: ServiceDeps, host: string): Promise<boolean> {
  const name = normalizeHostName(normalizeRequestHost(host));
  if (name === null) return false;
  if (name === serviceHost(ctx.config)) return true;
  return (await verifiedDomainOwner(ctx.db, name)) !== undefined;
}
