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
import { createCode, scan } from '../support/codes.js';
import { createPassport, fixture, uniqueFixture } from '../support/passports.js';
import { createApiKey } from '../../src/features/api-keys/api-keys.service.js';
import { createKeyForWorkspace } from '../../src/cli/commands.js';
import { publishAnnouncement } from '../../src/features/announcements/index.js';
import { seal } from '../../src/lib/sealed.js';
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

  const folder = await created(
    h,
    call(h, { method: 'POST', url: '/v1/folders', tenant: owner, body: { name: 'Owner folder' } }),
  );
  const code = await createCode(h, owner, {
    type: 'url',
    url: 'https://owner.example.com/landing',
    folder_id: folder.id,
  });
  const comment = await created(h, asOwner('POST', `/v1/codes/${code.id}/comments`, { body: 'owner comment' }));
  // A conversion and GA4 settings (docs/decisions.md D81): another tenant's calls must leave them be.
  const tracked = await createCode(h, owner, {
    type: 'url',
    url: 'https://owner.example.com/buy',
    append_click_id: true,
  });
  const clickId = /qrs_cid=(\w+)/.exec(String((await scan(h, tracked.short_code)).headers.location))![1];
  await created(
    h,
    asOwner('POST', '/v1/conversions', { click_id: clickId, event: 'sale', amount: 100, currency: 'EUR' }),
  );
  assert.equal(
    (
      await call(h, {
        method: 'PUT',
        url: '/v1/ga4',
        tenant: owner,
        body: { measurement_id: 'G-OWNER123', api_secret: 'owner-secret' },
      })
    ).statusCode,
    200,
  );
  // A renamed code keeps its former short code as an alias (the alias routes address it).
  await created(
    h,
    call(h, {
      method: 'PATCH',
      url: `/v1/codes/${code.id}`,
      tenant: owner,
      body: { short_code: randomSlug('vanity') },
    }),
  );
  const workspace = await created(h, asOwner('POST', '/v1/workspaces', { name: 'Second', slug: randomSlug('ws') }));
  const passport = await createPassport(h, owner, uniqueFixture('ev', 'SEC'));
  const grant = await created(
    h,
    asOwner('POST', `/v1/dpp/${passport.id}/access-grants`, {
      level: 'authority',
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    }),
  );
  const model = await created(
    h,
    call(h, {
      method: 'POST',
      url: '/v1/dpp-models',
      tenant: owner,
      body: {
        gtin: passport.gtin,
        category: 'ev',
        data: {
          generalProductInformation: {
            batteryModel: 'M',
            manufacturerInformation: fixture('ev').data.generalProductInformation!.manufacturerInformation,
          },
        },
      },
    }),
  );
  const credential = await created(
    h,
    asAdmin('POST', '/v1/dpp-credentials', {
      level: 'authority',
      holder: 'Authority',
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
  // Disabled, so no delivery ever dials its (public, unresolved) address; the test event fails at once.
  const webhook = await created(
    h,
    asOwner('POST', '/v1/webhooks', { url: 'https://192.0.2.80/hook', event_types: ['*'], enabled: false }),
  );
  const delivery = await created(h, asOwner('POST', `/v1/webhooks/${webhook.id}/test`));
  await h.app.jobs.runDue();
  const privacyExport = await created(h, asAdmin('POST', '/v1/privacy/exports', { scope: 'organization' }));
  // An operator's notice for this organization only: other organizations must not see or dismiss it.
  const announcement = await publishAnnouncement(
    { db: h.db, config: h.config, clock: h.app.deps.clock },
    { title: 'For the owner', body: 'Only this organization sees it.', organization: owner.organizationId },
  );
  const logo = await created(
    h,
    asOwner('POST', '/v1/logos', {
      content_type: 'image/svg+xml',
      data: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>',
      ).toString('base64'),
    }),
  );
  const brandKit = await created(h, asOwner('POST', '/v1/brand-kits', { name: 'Owner brand' }));
  const file = await created(
    h,
    asOwner('POST', '/v1/files', {
      name: 'owner.pdf',
      content_type: 'application/pdf',
      data: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'),
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

  // Single sign-on, written straight: setting it up through the API reads a provider's discovery document.
  await h.db
    .insertInto('sso_connections')
    .values({
      organization_id: owner.organizationId,
      issuer: 'https://idp.example',
      client_id: 'owner-client',
      client_secret_sealed: seal(h.config.secretsKey, 'owner-secret'),
      role_claim: 'groups',
      role_mappings: '[]',
      default_role: 'viewer',
      required: 0,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .execute();

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
      'aliases/:short_code': code.short_code,
      'comments/:comment_id': comment.id,
      'workspaces/:id': workspace.id,
      'api-keys/:id': keyRow.id,
      'audit-logs/:id': audit.id,
      'members/:user_id': editor.userId,
      'invitations/:id': invitation.id,
      'dpp/:id': passport.id,
      'access-grants/:grant_id': grant.id,
      'gs1-prefixes/:id': prefix.id,
      'webhooks/:id': webhook.id,
      'deliveries/:delivery_id': delivery.id,
      'exports/:id': privacyExport.id,
      'dpp-models/:id': model.id,
      'dpp-credentials/:id': credential.id,
      'announcements/:id': announcement.id,
      'logos/:id': logo.id,
      'brand-kits/:id': brandKit.id,
      'files/:id': file.id,
      'folders/:id': folder.id,
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
  'dpp_models',
  'dpp_credentials',
  'announcements',
  'sso_connections',
  'sso_identities',
] as const;
const BY_WORKSPACE = [
  'workspace_members',
  'codes',
  'code_comments',
  'code_aliases',
  'webhook_endpoints',
  'webhook_deliveries',
  'dpp_readings',
  'logos',
  'brand_kits',
  'files',
  'folders',
  'conversions',
  'ga4_settings',
] as const;

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

/**
 * The route's path with every parameter replaced by the owner's id for `<collection>/:<param>`;
 * `complete` is false when some parameter has no fixture (it gets a well-formed id of nothing).
 */
export function fill(url: string, ids: Record<string, string>): { url: string; complete: boolean } {
  const segments = url.split('/');
  let complete = !url.includes('*');
  const filled = segments.map((segment, i) =>
    segment.replace(/:([A-Za-z_]+)/g, (param) => {
      const id = ids[`${segments[i - 1]}/${param}`];
      if (!id) complete = false;
      return id ?? 'x_01JD3Y2K8Q9XW4T5N6M7P8R9S0';
    }),
  );
  return { url: filled.join('/'), complete };
}
