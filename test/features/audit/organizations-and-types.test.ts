import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedMember, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { asKey, asMember, assertErrorAt, auditOf, req } from '../../support/callers.js';
import { createPassport, uniqueFixture } from '../../support/passports.js';
import { AUDIT_RESOURCE_TYPES } from '../../../src/features/audit/audit.schemas.js';

/** Organization changes are audited, and every type an entry is written with can be filtered by. */
forEachDialect('audit: organizations and resource types', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  /** The id of the tenant's bootstrap key, as its creation entry names it. */
  async function keyIdOf(t: Tenant) {
    const rows = await auditOf(h, t.workspaceId);
    return rows.find((r) => r.action === 'api_keys.created')!.resource_id;
  }

  it('PATCH writes organizations.updated with the caller as actor and the changed fields; a PATCH that changes nothing writes none', async () => {
    const t = await seedTenant(h);
    const res = await req(h, asKey(t), 'PATCH', `/v1/organizations/${t.organizationId}`, {
      name: 'Renamed Org',
      settings: { tz: 'UTC' },
    });
    assert.equal(res.statusCode, 200, res.body);
    const list = await req(h, asKey(t), 'GET', '/v1/audit-logs?resource_type=organizations');
    assert.equal(list.statusCode, 200, list.body);
    assert.equal(list.json.data.length, 1);
    const e = list.json.data[0];
    assert.equal(e.action, 'organizations.updated');
    assert.equal(e.resource_id, t.organizationId);
    assert.equal(e.workspace_id, t.workspaceId);
    assert.equal(e.actor_type, 'api');
    assert.equal(e.actor_id, await keyIdOf(t));
    assert.equal(e.request_id, res.headers['x-request-id']);
    assert.deepEqual(e.changes, {
      name: { old: 'Test Org', new: 'Renamed Org' },
      settings: { old: {}, new: { tz: 'UTC' } },
    });

    const admin = await seedMember(h, t, { org: 'org_admin' });
    assert.equal(
      (await req(h, asMember(admin), 'PATCH', `/v1/organizations/${t.organizationId}`, { name: 'Renamed Org' }))
        .statusCode,
      200,
    );
    assert.equal((await req(h, asKey(t), 'GET', '/v1/audit-logs?resource_type=organizations')).json.data.length, 1);
    assert.equal(
      (
        await req(h, asMember(admin), 'PATCH', `/v1/organizations/${t.organizationId}`, {
          billing_email: 'billing@example.com',
        })
      ).statusCode,
      200,
    );
    const byUser = (await req(h, asKey(t), 'GET', '/v1/audit-logs?resource_type=organizations')).json.data[0];
    assert.equal(byUser.actor_type, 'user');
    assert.equal(byUser.actor_id, admin.userId);
    assert.deepEqual(byUser.changes, { billing_email: { old: null, new: 'billing@example.com' } });
  });

  it('a failed PATCH writes no entry', async () => {
    const t = await seedTenant(h);
    const other = await seedTenant(h);
    const taken = await req(h, asKey(other), 'GET', '/v1/organizations');
    expectProblem(
      await req(h, asKey(t), 'PATCH', `/v1/organizations/${t.organizationId}`, {
        name: 'X',
        slug: taken.json.data.slug,
      }),
      422,
      'validation-error',
    );
    assert.equal((await auditOf(h, t.workspaceId)).filter((r) => r.resource_type === 'organizations').length, 0);
  });

  it('DELETE writes organizations.deleted with the org_admin as actor, in the same transaction as the soft delete', async () => {
    const t = await seedTenant(h);
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const res = await req(h, asMember(admin), 'DELETE', `/v1/organizations/${t.organizationId}`);
    assert.equal(res.statusCode, 200, res.body);
    // The organization's keys and sessions are dead now, so the entry is read from the table.
    const [entry] = (await auditOf(h, t.workspaceId)).filter((r) => r.resource_type === 'organizations');
    assert.ok(entry, 'no organizations entry');
    assert.equal(entry.action, 'organizations.deleted');
    assert.equal(entry.resource_id, t.organizationId);
    assert.equal(entry.actor_type, 'user');
    assert.equal(entry.actor_id, admin.userId);
    const changes = JSON.parse(entry.changes);
    assert.deepEqual(Object.keys(changes), ['deleted_at']);
    assert.equal(changes.deleted_at.old, null);
    assert.match(changes.deleted_at.new, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('filters by every written type, rejects an unknown one, and shows another organization nothing', async () => {
    const t = await seedTenant(h);
    const admin = asMember(await seedMember(h, t, { org: 'org_admin' }));
    const key = asKey(t);
    const code = (await req(h, key, 'POST', '/v1/codes', { type: 'url', url: 'https://audit.example.com' })).json.data;
    const written: Record<string, string> = {
      codes: code.id,
      api_keys: (await req(h, admin, 'POST', '/v1/api-keys', { name: 'audit' })).json.data.id,
      workspaces: t.workspaceId,
      organizations: t.organizationId,
      comments: (await req(h, key, 'POST', `/v1/codes/${code.id}/comments`, { body: 'audited' })).json.data.id,
      dpp: (await createPassport(h, t, uniqueFixture('ev'))).id,
      gs1_prefixes: (
        await req(h, admin, 'POST', '/v1/gs1-prefixes', {
          prefix: `7${Math.floor(Math.random() * 1e8)
            .toString()
            .padStart(8, '0')}`,
        })
      ).json.data.id,
      logos: (
        await req(h, key, 'POST', '/v1/logos', {
          content_type: 'image/svg+xml',
          data: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>',
          ).toString('base64'),
        })
      ).json.data.id,
      brand_kits: (await req(h, key, 'POST', '/v1/brand-kits', { name: 'audited' })).json.data.id,
      files: (
        await req(h, key, 'POST', '/v1/files', {
          name: 'audited.pdf',
          content_type: 'application/pdf',
          data: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'),
        })
      ).json.data.id,
      folders: (await req(h, key, 'POST', '/v1/folders', { name: 'audited' })).json.data.id,
    };
    assert.equal(
      (await req(h, key, 'PATCH', `/v1/workspaces/${t.workspaceId}`, { description: 'audited' })).statusCode,
      200,
    );
    assert.equal(
      (await req(h, key, 'PATCH', `/v1/organizations/${t.organizationId}`, { name: 'Audited' })).statusCode,
      200,
    );
    assert.deepEqual([...Object.keys(written), 'webhooks'].sort(), [...AUDIT_RESOURCE_TYPES].sort());

    const stranger = await seedTenant(h);
    for (const type of AUDIT_RESOURCE_TYPES) {
      const res = await req(h, key, 'GET', `/v1/audit-logs?resource_type=${type}&limit=100`);
      assert.equal(res.statusCode, 200, `${type}: ${res.body}`);
      const entries = res.json.data as Array<{ resource_type: string; resource_id: string }>;
      assert.ok(
        entries.every((e) => e.resource_type === type),
        type,
      );
      assert.equal(res.json.meta.pagination.total_count, entries.length, type);
      // webhooks: the interface lists the type; nothing writes it yet, so the filter finds nothing.
      if (type === 'webhooks') assert.equal(entries.length, 0);
      else
        assert.ok(
          entries.some((e) => e.resource_id === written[type]),
          `${type}: ${written[type]} not among ${JSON.stringify(entries)}`,
        );

      const theirs = await req(h, asKey(stranger), 'GET', `/v1/audit-logs?resource_type=${type}`);
      assert.equal(theirs.statusCode, 200);
      assert.ok(
        theirs.json.data.every((e: { resource_id: string }) => !Object.values(written).includes(e.resource_id)),
        `${type} leaked`,
      );
      if (type !== 'workspaces' && type !== 'api_keys') assert.equal(theirs.json.meta.pagination.total_count, 0, type);
    }

    const bad = expectProblem(
      await req(h, key, 'GET', '/v1/audit-logs?resource_type=passports'),
      422,
      'validation-error',
    );
    assertErrorAt(bad, '/query/resource_type', 'enum');
  });

  it("another organization's key cannot read an entry by id", async () => {
    const t = await seedTenant(h);
    await req(h, asKey(t), 'PATCH', `/v1/organizations/${t.organizationId}`, { name: 'Mine' });
    const [entry] = (await req(h, asKey(t), 'GET', '/v1/audit-logs?resource_type=organizations')).json.data;
    const stranger = await seedTenant(h);
    expectProblem(await call(h, { url: `/v1/audit-logs/${entry.id}`, tenant: stranger }), 404, 'not-found');
  });
});
