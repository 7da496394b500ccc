import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  createHarness,
  expectProblem,
  randomSlug,
  seedMember,
  seedTenant,
  type Harness,
  type Tenant,
} from '../support/harness.js';
import { forEachDialect } from '../support/suite.js';
import { PERMISSIONS, type Permission } from '../../src/http/permissions.js';
import { createApiKey } from '../../src/features/api-keys/api-keys.service.js';
import { ROLES, type Role } from '../../src/lib/roles.js';
import { withRegisteredRoutes, type RegisteredRoute } from '../security/every-route.fixtures.js';
import { asKey, asMember, req, type Caller } from '../support/callers.js';

/**
 * Walks the WHOLE permission table (permissions are data, so one test can check them all): for every
 * action, every role and API keys, a real request through HTTP is allowed or 403 exactly as the
 * table says. Accounts actions have hand-written probes that must succeed (2xx) when allowed;
 * actions of other features are probed generically on every route that declares them (allowed:
 * anything but 403; denied: 403 forbidden), so a new route is covered the day it is registered.
 */

// Every route with its declared permission, collected without touching the features list.
let routes: RegisteredRoute[] = [];

type Probe = {
  /** builds the tenant and whatever the request needs; the caller holds `role` */
  setup?: (h: Harness, t: Tenant) => Promise<Record<string, string>>;
  request: (
    vars: Record<string, string>,
    t: Tenant,
  ) => { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; body?: unknown };
  plan?: 'free' | 'pro' | 'business';
  ok: number;
};

const ACCOUNT_PROBES: Partial<Record<Permission, Probe>> = {
  'organizations.read': { request: () => ({ method: 'GET', url: '/v1/organizations' }), ok: 200 },
  'organizations.create': {
    request: () => ({ method: 'POST', url: '/v1/organizations', body: { name: 'New', slug: randomSlug('perm') } }),
    ok: 201,
  },
  'organizations.update': {
    request: (_, t) => ({ method: 'PATCH', url: `/v1/organizations/${t.organizationId}`, body: { name: 'Renamed' } }),
    ok: 200,
  },
  'organizations.delete': {
    request: (_, t) => ({ method: 'DELETE', url: `/v1/organizations/${t.organizationId}` }),
    ok: 200,
  },
  'members.read': { request: () => ({ method: 'GET', url: '/v1/members' }), ok: 200 },
  'members.manage': {
    request: () => ({ method: 'POST', url: '/v1/members', body: { email: `${randomSlug('perm')}@example.com` } }),
    ok: 201,
  },
  'workspaces.read': { request: () => ({ method: 'GET', url: '/v1/workspaces' }), ok: 200 },
  'workspaces.create': {
    plan: 'pro',
    request: () => ({ method: 'POST', url: '/v1/workspaces', body: { name: 'W', slug: randomSlug('perm') } }),
    ok: 201,
  },
  'workspaces.update': {
    request: (_, t) => ({ method: 'PATCH', url: `/v1/workspaces/${t.workspaceId}`, body: { name: 'W2' } }),
    ok: 200,
  },
  'workspaces.archive': {
    plan: 'pro',
    request: (v) => ({ method: 'DELETE', url: `/v1/workspaces/${v.second}` }),
    ok: 200,
  },
  'api_keys.manage': { request: () => ({ method: 'POST', url: '/v1/api-keys', body: { name: 'perm' } }), ok: 201 },
  'audit.read': { request: () => ({ method: 'GET', url: '/v1/audit-logs' }), ok: 200 },
};

const FAKE_IDS: Record<string, string> = { id: 'qr_01JD3Y2K8Q9XW4T5N6M7P8R9S0' };

/**
 * Who calls: a session user holding a role, or an API key whose creator holds that role today
 * (docs/decisions.md D4: a key's rights are its own row intersected with its creator's current row).
 */
type Who = { role: Role; keyCreator?: Exclude<Role, 'api_key'> };
const HUMAN_ROLES = ROLES.filter((r): r is Exclude<Role, 'api_key'> => r !== 'api_key');
const CALLERS: Who[] = [
  ...HUMAN_ROLES.map((role) => ({ role })),
  ...HUMAN_ROLES.map((keyCreator) => ({ role: 'api_key' as const, keyCreator })),
];
const labelOf = (w: Who) => (w.keyCreator ? `api_key made by ${w.keyCreator}` : w.role);
const allowedFor = (allowed: readonly Role[], w: Who) =>
  allowed.includes(w.role) && (!w.keyCreator || allowed.includes(w.keyCreator));

/** A key of the tenant's default workspace created by a user who now holds `creator` there. */
async function keyMadeBy(h: Harness, t: Tenant, creator: Exclude<Role, 'api_key'>, second: string): Promise<Tenant> {
  if (creator === 'org_admin') return t;
  const m = await seedMember(h, t, { workspace: creator });
  if (second)
    await h.db
      .insertInto('workspace_members')
      .values({ workspace_id: second, user_id: m.userId, role: creator, created_at: new Date().toISOString() })
      .execute();
  const { secret } = await createApiKey(
    h.db,
    h.config.apiKeyPrefix,
    { organizationId: t.organizationId, workspaceId: t.workspaceId, name: 'by member', createdBy: m.userId },
    new Date(),
  );
  return { ...t, apiKey: secret, auth: { authorization: `Bearer ${secret}` } };
}

/** A tenant plus a caller holding `role`; a second workspace in which the member holds the same role. */
async function callerWith(h: Harness, who: Who, plan: 'free' | 'pro' | 'business') {
  const role = who.role;
  const t = await seedTenant(h, plan);
  let second = '';
  if (plan !== 'free') {
    const { createWorkspace } = await import('../../src/features/workspaces/workspaces.service.js');
    const p = {
      kind: 'api_key',
      actorType: 'api',
      actorId: 'key_setup',
      userId: t.userId,
      organizationId: t.organizationId,
      workspaceId: t.workspaceId,
      plan,
      orgRole: null,
      role: 'api_key',
      requestId: 'req_setup',
    } as const;
    second = (await createWorkspace(h.app.deps, p, { name: 'Second', slug: randomSlug('second') })).id;
  }
  let caller: Caller;
  if (role === 'api_key') caller = asKey(await keyMadeBy(h, t, who.keyCreator ?? 'org_admin', second));
  else {
    const m = await seedMember(h, t, role === 'org_admin' ? { org: 'org_admin' } : { workspace: role });
    if (second && role !== 'org_admin')
      await h.db
        .insertInto('workspace_members')
        .values({ workspace_id: second, user_id: m.userId, role, created_at: new Date().toISOString() })
        .execute();
    caller = asMember(m);
  }
  return { t, caller, vars: { second } };
}

forEachDialect('permission table walk', (dialect) => {
  let h: Harness;
  before(async () => {
    ({ built: h, routes } = await withRegisteredRoutes(() => createHarness(dialect)));
  });
  after(async () => {
    await h.close();
  });

  it('the table has the expected shape: known roles, org_admin everywhere, API keys never admin', () => {
    const adminOnly: Permission[] = [
      'organizations.delete',
      'members.read',
      'members.manage',
      'workspaces.archive',
      'api_keys.manage',
    ];
    for (const [perm, roles] of Object.entries(PERMISSIONS) as Array<[Permission, readonly Role[]]>) {
      assert.ok(
        roles.every((r) => ROLES.includes(r)),
        `${perm}: unknown role`,
      );
      assert.ok(roles.includes('org_admin'), `${perm}: org_admin may do everything (D4)`);
      assert.equal(new Set(roles).size, roles.length, `${perm}: duplicate role`);
      if (adminOnly.includes(perm))
        assert.ok(!roles.includes('api_key'), `${perm}: an API key never carries an admin role (D4)`);
    }
    // docs/decisions.md D4: a key may do what an editor may, plus create workspaces, PATCH its organization and its own workspace.
    for (const [perm, roles] of Object.entries(PERMISSIONS) as Array<[Permission, readonly Role[]]>) {
      const extra = ['workspaces.create', 'organizations.update', 'workspaces.update', 'webhooks.manage'].includes(
        perm,
      );
      if (roles.includes('api_key') && !extra)
        assert.ok(roles.includes('editor'), `${perm}: api_key allowed but editor not`);
    }
  });

  it('every authenticated /v1 route declares a permission from the table', () => {
    const missing = routes.filter((r) => r.url.startsWith('/v1/') && r.auth !== false && !r.permission);
    assert.deepEqual(missing, []);
    for (const r of routes)
      if (r.permission) assert.ok(r.permission in PERMISSIONS, `${r.method} ${r.url}: ${r.permission}`);
  });

  for (const perm of Object.keys(PERMISSIONS) as Permission[]) {
    const allowed = PERMISSIONS[perm] as readonly Role[];
    const probe = ACCOUNT_PROBES[perm];
    it(`${perm}: allowed for [${allowed.join(', ')}] (keys only as far as their creator), 403 for the rest`, async (ctx) => {
      if (probe) {
        for (const who of CALLERS) {
          const { t, caller, vars } = await callerWith(h, who, probe.plan ?? 'free');
          const r = probe.request(vars, t);
          const res = await req(h, caller, r.method, r.url, r.body);
          if (allowedFor(allowed, who))
            assert.equal(res.statusCode, probe.ok, `${perm} as ${labelOf(who)}: ${res.body}`);
          else assert.equal(expectProblem(res, 403, 'forbidden').status, 403, `${perm} as ${labelOf(who)}`);
        }
        return;
      }
      const mine = routes.filter((r) => r.permission === perm && !r.url.includes('*'));
      if (mine.length === 0) {
        ctx.diagnostic(`${perm}: no route registered yet; only the table shape is checked`);
        return;
      }
      for (const route of mine) {
        const url = route.url.replace(
          /:([a-z_]+)/gi,
          (_, name: string) => FAKE_IDS[name] ?? 'x_01JD3Y2K8Q9XW4T5N6M7P8R9S0',
        );
        const body = ['POST', 'PATCH', 'PUT'].includes(route.method) ? {} : undefined;
        for (const who of CALLERS) {
          const { caller } = await callerWith(h, who, 'free');
          const res = await req(h, caller, route.method as 'GET', url, body);
          const label = `${route.method} ${route.url} as ${labelOf(who)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (allowedFor(allowed, who)) assert.notEqual(res.statusCode, 403, label);
          else assert.ok(res.statusCode === 403 && String(res.json?.type).endsWith('/forbidden'), label);
        }
      }
    });
  }
});
