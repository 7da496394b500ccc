// The security review's VAN-1 (docs/decisions.md D59): vanity codes were unique case-sensitively while reserved
// words were not, so another tenant took /r/Spring-Sale beside /r/spring-sale, and the reserved list
// missed the paths our own mails link to. A name is now taken ignoring case (codes and aliases alike,
// under concurrency too), generated codes keep both cases, and the reserved words are complete.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { call, expectProblem, seedTenant, randomSlug, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { withMigrationDatabase } from '../../support/migration-db.js';
import { createCode, scan } from '../../support/codes.js';
import { isReservedShortCode, VANITY_PATTERN } from '../../../src/features/codes/short-codes.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

forEachDialect('vanity codes ignoring case', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });
  const create = (t: Tenant, body: Record<string, unknown>) =>
    call(h, { method: 'POST', url: '/v1/codes', tenant: t, body });
  const codesOf = async (t: Tenant) =>
    (await h.db.selectFrom('codes').select('id').where('workspace_id', '=', t.workspaceId).execute()).length;
  const takenAt = (res: Awaited<ReturnType<typeof call>>, pointer = '/short_code') => {
    const p = expectProblem(res, 422, 'validation-error');
    assert.deepEqual(
      p.errors.map((e: { pointer: string; code: string }) => [e.pointer, e.code]),
      [[pointer, 'taken']],
    );
  };

  it('another tenant cannot take a vanity code in another case, by creating or renaming; nothing changes', async () => {
    const a = await seedTenant(h, 'pro');
    const b = await seedTenant(h, 'pro');
    const name = `Spring-Sale-${randomSlug('x')}`;
    const mine = await createCode(h, a, { type: 'url', url: 'https://a.example/', short_code: name.toLowerCase() });
    const before = await codesOf(b);
    for (const variant of [name, name.toUpperCase()])
      takenAt(await create(b, { type: 'url', url: 'https://evil.example/', short_code: variant }));
    assert.equal(await codesOf(b), before, 'nothing created');
    const theirs = await createCode(h, b, { type: 'url', url: 'https://b.example/' });
    const res = await call(h, {
      method: 'PATCH',
      url: `/v1/codes/${theirs.id}`,
      tenant: b,
      body: { short_code: name },
    });
    takenAt(res);
    const after = (await call(h, { url: `/v1/codes/${theirs.id}`, tenant: b })).json.data;
    assert.equal(after.short_code, theirs.short_code);
    assert.equal((await scan(h, mine.short_code)).headers.location, 'https://a.example/');
    assert.equal((await scan(h, name)).statusCode, 404, 'the other spelling answers nothing');
  });

  it('an alias holds its name in every case until deleted; a code may respell its own name', async () => {
    const a = await seedTenant(h, 'pro');
    const b = await seedTenant(h, 'pro');
    const old = `promo-${randomSlug('p')}`;
    const code = await createCode(h, a, { type: 'url', url: 'https://a.example/', short_code: old });
    const renamed = await call(h, {
      method: 'PATCH',
      url: `/v1/codes/${code.id}`,
      tenant: a,
      body: { short_code: `${old}-new` },
    });
    assert.equal(renamed.statusCode, 200, renamed.body);
    takenAt(await create(b, { type: 'url', url: 'https://evil.example/', short_code: old.toUpperCase() }));
    // Its own alias in another case: the same code, so allowed.
    const respelled = await call(h, {
      method: 'PATCH',
      url: `/v1/codes/${code.id}`,
      tenant: a,
      body: { short_code: old.toUpperCase() },
    });
    assert.equal(respelled.statusCode, 200, respelled.body);
    for (const alias of [old, `${old}-new`]) {
      const del = await call(h, { method: 'DELETE', url: `/v1/codes/${code.id}/aliases/${alias}`, tenant: a });
      assert.equal(del.statusCode, 200, del.body);
    }
    // Its current name still holds the key, so deleting the lower-case alias freed nothing.
    takenAt(await create(b, { type: 'url', url: 'https://evil.example/', short_code: old }));
    const moved = await call(h, {
      method: 'PATCH',
      url: `/v1/codes/${code.id}`,
      tenant: a,
      body: { short_code: `${old}-x` },
    });
    assert.equal(moved.statusCode, 200);
    await call(h, { method: 'DELETE', url: `/v1/codes/${code.id}/aliases/${old.toUpperCase()}`, tenant: a });
    const free = await create(b, { type: 'url', url: 'https://b.example/', short_code: old });
    assert.equal(free.statusCode, 201, 'a deleted alias frees the name, as before');
  });

  it('generated codes keep both cases; a vanity code may not be one of them in another case', async () => {
    const a = await seedTenant(h, 'pro');
    const b = await seedTenant(h, 'pro');
    const gen = await createCode(h, a, { type: 'url', url: 'https://gen.example/' });
    assert.match(gen.short_code, /^[A-Za-z0-9]{8}$/);
    const other =
      gen.short_code === gen.short_code.toLowerCase() ? gen.short_code.toUpperCase() : gen.short_code.toLowerCase();
    assert.equal((await scan(h, other)).statusCode, 404, 'a generated code is read exactly');
    takenAt(await create(b, { type: 'url', url: 'https://evil.example/', short_code: other }));
  });

  it('concurrent claims of one name in different cases: exactly one wins', async () => {
    const tenants = await Promise.all(Array.from({ length: 6 }, () => seedTenant(h, 'pro')));
    const base = `race-${randomSlug('r')}`;
    const spellings = [
      base,
      base.toUpperCase(),
      `R${base.slice(1)}`,
      `rA${base.slice(2)}`,
      base,
      `${base.slice(0, -1)}${base.slice(-1).toUpperCase()}`,
    ];
    const answers = await Promise.all(
      tenants.map((t, i) => create(t, { type: 'url', url: `https://t${i}.example/`, short_code: spellings[i] })),
    );
    assert.deepEqual(
      answers.map((r) => r.statusCode).sort(),
      [201, 422, 422, 422, 422, 422],
      answers.map((r) => r.body).join('\n'),
    );
    const rows = await h.db
      .selectFrom('codes')
      .select('short_code')
      .where(sql<string>`lower(short_code)`, '=', base)
      .execute();
    assert.equal(rows.length, 1);
  });

  it('reserved words are refused in any case, our mails’ and dashboard’s paths among them; nothing is created', async () => {
    const t = await seedTenant(h, 'pro');
    const before = await codesOf(t);
    for (const word of [
      'Reset-Password',
      'VERIFY-EMAIL',
      'Invitations',
      'confirm-email',
      'Forgot-Password',
      'ADMIN',
      'Login',
    ]) {
      const p = expectProblem(
        await create(t, { type: 'url', url: 'https://x.example/', short_code: word }),
        422,
        'validation-error',
      );
      assert.equal(p.errors[0].code, 'reserved', word);
      assert.equal(p.errors[0].pointer, '/short_code');
    }
    assert.equal(await codesOf(t), before);
  });
});

function sources(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p, ext) : ext.test(p) ? [p] : [];
  });
}

it('every top-level path of the dashboard, our mails and the server is a reserved word', () => {
  const paths = new Set<string>();
  const router = ['routes.tsx', 'pages/operator/operator-routes.tsx']
    .map((f) => readFileSync(join(ROOT, 'web/src', f), 'utf8'))
    .join('\n');
  for (const m of router.matchAll(/path: '\/?([^'/:*]+)/g)) paths.add(m[1]);
  for (const file of sources(join(ROOT, 'src'), /\.ts$/)) {
    const s = readFileSync(file, 'utf8');
    for (const m of s.matchAll(/[bB]aseUrl\}\/([a-z0-9._-]+)/g)) paths.add(m[1]);
    for (const m of s.matchAll(/app\.(?:get|post|put|patch|delete|head|all)\(\s*'\/([^/':]+)/g)) paths.add(m[1]);
  }
  for (const must of ['reset-password', 'verify-email', 'invitations', 'login', 'codes', 'v1', 'auth'])
    assert.ok(paths.has(must), `the scan finds ${must}`);
  const vanity = new RegExp(VANITY_PATTERN);
  const missing = [...paths].filter(
    (p) => vanity.test(p) && !isReservedShortCode(p) && !isReservedShortCode(p.toUpperCase()),
  );
  assert.deepEqual(missing, []);
  for (const p of paths) if (vanity.test(p)) assert.ok(isReservedShortCode(p.toUpperCase()), p);
});

// Migration 0048: names that are already case-twins keep working; the oldest code holds the key.
forEachDialect('short code keys migration', (dialect) => {
  it('case-twins stored before keep their names, the oldest code holds the key, and the down migration runs', async () => {
    await withMigrationDatabase(dialect, async (db, migrator) => {
      assert.equal((await migrator.migrateTo('0044_top_codes_by_month')).error, undefined);
      const now = new Date().toISOString();
      await sql`insert into organizations (id, name, slug, billing_email, plan, settings, created_at, updated_at)
        values ('org_m', 'Mig', 'mig', null, 'pro', '{}', ${now}, ${now})`.execute(db);
      await sql`insert into workspaces (id, organization_id, name, slug, default_locale, approval_required, settings, is_default, status, created_at, updated_at)
        values ('ws_m', 'org_m', 'Default', 'default', 'de', 0, '{}', 1, 'active', ${now}, ${now})`.execute(db);
      for (const [id, short] of [
        ['qr_01', 'Spring-Sale'],
        ['qr_02', 'spring-sale'],
        ['qr_03', 'Other'],
      ])
        await sql`insert into codes (id, organization_id, workspace_id, type, dynamic, url, short_code, tags, status, scan_count, style, created_at, updated_at)
          values (${id}, 'org_m', 'ws_m', 'url', 1, 'https://m.example/', ${short}, '[]', 'active', 0, '{}', ${now}, ${now})`.execute(
          db,
        );
      await sql`insert into code_aliases (id, short_code, code_id, workspace_id, created_at)
        values ('qra_1', 'SPRING-SALE', 'qr_03', 'ws_m', ${now}), ('qra_2', 'old-name', 'qr_03', 'ws_m', ${now})`.execute(
        db,
      );
      const { error } = await migrator.migrateToLatest();
      assert.equal(error, undefined);
      const keys = await sql<{
        key: string;
        code_id: string;
      }>`select key, code_id from short_code_keys order by key`.execute(db);
      assert.deepEqual(keys.rows, [
        { key: 'old-name', code_id: 'qr_03' },
        { key: 'other', code_id: 'qr_03' },
        { key: 'spring-sale', code_id: 'qr_01' },
      ]);
      const names = await sql<{ short_code: string }>`select short_code from codes order by id`.execute(db);
      assert.deepEqual(
        names.rows.map((r) => r.short_code),
        ['Spring-Sale', 'spring-sale', 'Other'],
        'no name was changed',
      );
      assert.equal((await migrator.migrateTo('0044_top_codes_by_month')).error, undefined, 'the down migration runs');
    });
  });
});
