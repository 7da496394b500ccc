// Fixtures of the shared security suite: the routes an app registers, one organization holding
// one of each resource, and a snapshot of everything that organization owns.
import dc from 'node:diagnostics_channel';
import assert from 'node:assert/strict';
import type { FastifyInstance, RouteOptions } from 'fastify';
import {
  call,
  randomSlug,
  seedMember,
  seedTenant,
  type Harness,
  type Member,
  type Tenant,
} from '../support/harness.js';
import { createCode } from '../support/codes.js';
import { createPassport, uniqueFixture } from '../support/passports.js';
import { createApiKey } from '../../src/features/api-keys/api-keys.service.js';
import { createKeyForWorkspace } from '../../src/cli/commands.js';
import type { Permission } from '../../src/http/permissions.js';

export interface RegisteredRoute {
  method: string;
  url: string;
  auth: boolean;
  permission?: Permission;
  hasBody: boolean;
  /** the route's own OpenAPI security requirement, e.g. [{ session: [] }] for dashboard-only routes */
  security?: unknown[];
}

/**
 * Builds an app and returns it with every route it registered. Fastify publishes each new instance
 * on the `fastify.initialization` diagnostics channel before any plugin loads (the hook APM tools
 * use), so an onRoute hook added there sees the routes of all features without touching the
 * features list.
 */
export async function withRegisteredRoutes<T>(
  build: () => Promise<T>,
): Promise<{ built: T; routes: RegisteredRoute[] }> {
  const routes: RegisteredRoute[] = [];
  let seen = false;
  const onInit = (message: unknown) => {
    if (seen) return; // only the first instance built while subscribed is ours
    seen = true;
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (r: RouteOptions) => {
      for (const method of [r.method].flat()) {
        if (method === 'HEAD') continue; // the automatic twin of a GET
        routes.push({
          method,
          url: r.url,
          auth: r.config?.auth !== false,
          permission: r.config?.permission,
          hasBody: !!r.schema?.body,
          security: (r.schema as { security?: unknown[] } | undefined)?.security,
        });
      }
    });
  };
  dc.subscribe('fastify.initialization', onInit);
  try {
    return { built: await build(), routes };
  } finally {
    dc.unsubscribe('fastify.initialization', onInit);
  }
}

export interface OrgFixture {
  owner: Tenant;
  admin: Member;
  viewer: Member;
  /** a key of the owner's workspace created by the viewer: its rights are the viewer's (D4) */
  viewerKey: { authorization: string };
  revokedKey: { authorization: string };
  /** `<collection>/:<param>` → a real id of the owner's organization */
  ids: Record<string, string>;
  gtin: string;
  serial: string;
}

async function created(h: Harness, res: Promise<{ statusCode: number; body: string; json: any }>): Promise<any> {
  const r = await res;
  assert.ok(r.statusCode >= 200 && r.statusCode < 300, `fixture setup failed: ${r.statusCode} ${r.body.slice(0, 300)}`);
  return r.json?.data;
}

/** An organization (pro plan) holding one of each resource the /v1 routes address by id. */
export async function seedOrganization(h: Harness): Promise<OrgFixture> {
  const owner = await seedTenant(h, 'pro');
  const admin = await seedMember(h, owner, { org: 'org_admin' });
  const viewer = await seedMember(h, owner, { workspace: 'viewer' });
  const editor = await seedMember(h, owner, { workspace: 'editor' });
  const asOwner = (method: 'POST' | 'DELETE', url: string, body?: unknown) =>
    call(h, { method, url, body, tenant: owner });
  const asAdmin = (method: 'POST' | 'DELETE', url: string, body?: unknown) =>
    call(h, { method, url, body, headers: admin.headers });

  const code = await createCode(h, owner, { type: 'url', url: 'https://owner.example.com/landing' });
  const comment = await created(h, asOwner('POST', `/v1/codes/${code.id}/comments`, { body: 'owner comment' }));
  const workspace = await created(h, asOwner('POST', '/v1/workspaces', { name: 'Second', slug: randomSlug('ws') }));
  const passport = await createPassport(h, owner, uniqueFixture('ev', 'SEC'));
  const grant = await created(
    h,
    asOwner('POST', `/v1/dpp/${passport.id}/access-grants`, {
      level: 'authority',
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    }),
  );
  const invitation = await created(h, asAdmin('POST', '/v1/members', { email: `${randomSlug('inv')}@example.com` }));
  const prefix = await created(
    h,
    asAdmin('POST', '/v1/gs1-prefixes', {
      prefix: `9${Math.floor(Math.random() * 1e8)
        .toString()
        .padStart(8, '0')}`,
    }),
  );
  await createKeyForWorkspace(h.db, h.config, owner.workspaceId, 'target');
  const keyRow = await h.db
    .selectFrom('api_keys')
    .select('id')
    .where('organization_id', '=', owner.organizationId)
    .where('name', '=', 'target')
    .executeTakeFirstOrThrow();
  const audit = await h.db
    .selectFrom('audit_logs')
    .select('id')
    .where('organization_id', '=', owner.organizationId)
    .executeTakeFirstOrThrow();

  const revoked = await createKeyForWorkspace(h.db, h.config, owner.workspaceId, 'revoked');
  const revokedRow = await h.db
    .selectFrom('api_keys')
    .select('id')
    .where('organization_id', '=', owner.organizationId)
    .where('name', '=', 'revoked')
    .executeTakeFirstOrThrow();
  await created(h, asAdmin('DELETE', `/v1/api-keys/${revokedRow.id}`));
  const { secret } = await createApiKey(
    h.db,
    h.config.apiKeyPrefix,
    {
      organizationId: owner.organizationId,
      workspaceId: owner.workspaceId,
      name: 'by viewer',
      createdBy: viewer.userId,
    },
    new Date(),
  );

  return {
    owner,
    admin,
    viewer,
    viewerKey: { authorization: `Bearer ${secret}` },
    revokedKey: { authorization: `Bearer ${revoked.api_key}` },
    ids: {
      'organizations/:id': owner.organizationId,
      'codes/:id': code.id,
      'comments/:comment_id': comment.id,
      'workspaces/:id': workspace.id,
      'api-keys/:id': keyRow.id,
      'audit-logs/:id': audit.id,
      'members/:user_id': editor.userId,
      'invitations/:id': invitation.id,
      'dpp/:id': passport.id,
      'access-grants/:grant_id': grant.id,
      'gs1-prefixes/:id': prefix.id,
    },
    gtin: passport.gtin,
    serial: passport.serial,
  };
}

const BY_ORGANIZATION = [
  'organizations',
  'memberships',
  'workspaces',
  'api_keys',
  'audit_logs',
  'invitations',
  'gs1_prefixes',
  'dpp_passports',
  'dpp_access_grants',
] as const;
const BY_WORKSPACE = ['workspace_members', 'codes', 'code_comments'] as const;

export type Snapshot = Record<string, string[]>;

/**
 * Every row the organization owns, per table. api_keys.last_used_at is left out: a successful
 * request with one of the organization's keys may stamp it, and that is no change.
 */
export async function snapshotOf(h: Harness, organizationId: string): Promise<Snapshot> {
  const db = h.db as any;
  const workspaceIds = (
    await h.db.selectFrom('workspaces').select('id').where('organization_id', '=', organizationId).execute()
  ).map((w) => w.id);
  const out: Snapshot = {};
  for (const table of BY_ORGANIZATION) {
    const rows: Array<Record<string, unknown>> = await db
      .selectFrom(table)
      .selectAll()
      .where(table === 'organizations' ? 'id' : 'organization_id', '=', organizationId)
      .execute();
    out[table] = rows.map(({ last_used_at: _ignored, ...row }) => JSON.stringify(row)).sort();
  }
  for (const table of BY_WORKSPACE) {
    const rows: Array<Record<string, unknown>> = await db
      .selectFrom(table)
      .selectAll()
      .where('workspace_id', 'in', workspaceIds)
      .execute();
    out[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return out;
}

/** The rows that appeared or vanished between two snapshots, per table; empty when nothing changed. */
export function changesBetween(before: Snapshot, after: Snapshot): Record<string, { gone: string[]; added: string[] }> {
  const out: Record<string, { gone: string[]; added: string[] }> = {};
  for (const table of Object.keys(before)) {
    const gone = before[table].filter((row) => !after[table].includes(row));
    const added = after[table].filter((row) => !before[table].includes(row));
    if (gone.length || added.length) out[table] = { gone, added };
  }
  return out;
}
