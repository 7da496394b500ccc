import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, randomSlug, seedTenant, type Harness, type Tenant } from '../../support/harness.js';
import { forEachDialect, sessionOf } from '../../support/suite.js';
import { useMailHarness } from '../../support/mail.js';
import type { TestClock } from '../../support/clock.js';
import { auditOf } from '../../support/callers.js';
import { createPassport, publish, underPrefix, uniqueFixture } from '../../support/passports.js';
import { verifyGs1Prefix } from '../../../src/cli/commands.js';

/** GS1 prefix verification without a shell (docs/decisions/0075-gs1-prefix-verification.md). */
const OPERATOR = `${randomSlug('gs1-op')}@example.com`;
const PDF = Buffer.from('%PDF-1.4\n% licence of ACME\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
const randomPrefix = () =>
  `7${Math.floor(Math.random() * 1e8)
    .toString()
    .padStart(8, '0')}`;

/** A session for the user, valid at the harness's clock (ten years ahead for the mail harness). */
async function sessionAt(h: Harness, clock: TestClock, t: Tenant) {
  const { headers } = await sessionOf(h, t);
  const now = clock.now();
  await h.db
    .updateTable('sessions')
    .set({ created_at: now.toISOString(), expires_at: new Date(now.getTime() + 86_400_000).toISOString() })
    .where('user_id', '=', t.userId)
    .execute();
  return headers;
}

forEachDialect('GS1 prefix verification by the operator', (dialect) => {
  const { h, smtp, clock } = useMailHarness(dialect, { OPERATOR_EMAILS: OPERATOR });
  let op: Record<string, string>;

  async function operator() {
    if (op) return op;
    const t = await seedTenant(h);
    await h.db
      .updateTable('users')
      .set({ email: OPERATOR, totp_enabled_at: clock.now().toISOString() })
      .where('id', '=', t.userId)
      .execute();
    op = await sessionAt(h, clock, t);
    return op;
  }

  /** An organization with its org_admin signed in. */
  async function customer(): Promise<{ t: Tenant; admin: Record<string, string> }> {
    const t = await seedTenant(h);
    return { t, admin: { ...(await sessionAt(h, clock, t)), 'x-organization-id': t.organizationId } };
  }

  const claim = (admin: Record<string, string>, body: unknown) =>
    call(h, { method: 'POST', url: '/v1/gs1-prefixes', headers: admin, body });
  const queue = async (status = 'pending') => {
    const res = await call(h, {
      url: `/v1/operator/gs1-prefixes?status=${status}&limit=100`,
      headers: await operator(),
    });
    assert.equal(res.statusCode, 200, res.body);
    return res.json.data as any[];
  };
  const decide = async (id: string, what: 'approve' | 'reject', body?: unknown) =>
    call(h, {
      method: 'POST',
      url: `/v1/operator/gs1-prefixes/${id}/${what}`,
      headers: await operator(),
      ...(body ? { body } : {}),
    });
  const notices = async (headers: Record<string, string>) =>
    (await call(h, { url: '/v1/notifications?limit=100', headers })).json.data as any[];
  const instanceLog = (targetId: string) =>
    h.db.selectFrom('operator_audit').selectAll().where('target_id', '=', targetId).orderBy('id', 'asc').execute();

  it('a claim with a licence document or a GEPIR record is pending; the queue lists them oldest first with the organization and the evidence', async () => {
    const a = await customer();
    const b = await customer();
    const first = await claim(a.admin, {
      prefix: randomPrefix(),
      evidence: { file: { name: 'licence.pdf', content_type: 'application/pdf', data: PDF.toString('base64') } },
    });
    assert.equal(first.statusCode, 201, first.body);
    assert.equal(first.json.data.status, 'pending');
    assert.deepEqual(first.json.data.evidence, {
      file: { name: 'licence.pdf', content_type: 'application/pdf', size: PDF.length },
      gepir_url: null,
      gepir_text: null,
    });
    clock.advance(1000);
    const second = await claim(b.admin, {
      prefix: randomPrefix(),
      evidence: { gepir_url: 'https://gepir.gs1.org/x', gepir_text: 'ACME GmbH, 4260123' },
    });
    assert.equal(second.statusCode, 201, second.body);
    assert.equal(second.json.data.evidence.file, null);
    assert.equal((await auditOf(h, a.t.workspaceId))[0].action, 'gs1_prefixes.created');

    const pending = await queue();
    const ids = pending.map((c) => c.id);
    assert.ok(ids.indexOf(first.json.data.id) < ids.indexOf(second.json.data.id), 'oldest first');
    const item = pending.find((c) => c.id === second.json.data.id);
    assert.equal(item.organization_id, b.t.organizationId);
    assert.equal(item.organization_name.length > 0, true);
    assert.equal(item.evidence.gepir_text, 'ACME GmbH, 4260123');
    assert.ok(item.submitted_at);

    const doc = await call(h, {
      url: `/v1/operator/gs1-prefixes/${first.json.data.id}/evidence`,
      headers: await operator(),
    });
    assert.equal(doc.statusCode, 200);
    assert.equal(doc.headers['content-type'], 'application/pdf');
    assert.equal(doc.headers['x-content-type-options'], 'nosniff');
    assert.deepEqual(doc.rawPayload, PDF);
    expectProblem(
      await call(h, { url: `/v1/operator/gs1-prefixes/${second.json.data.id}/evidence`, headers: await operator() }),
      404,
      'not-found',
    );
    // A PNG is a licence document too.
    const png = await claim(a.admin, {
      prefix: randomPrefix(),
      evidence: { file: { name: 'scan.png', content_type: 'image/png', data: PNG.toString('base64') } },
    });
    assert.equal(png.statusCode, 201, png.body);
  });

  it('bad evidence is a problem document and stores nothing', async () => {
    const a = await customer();
    const prefix = randomPrefix();
    const cases: Array<[unknown, number, string]> = [
      [{}, 400, '/evidence'],
      [{ gepir_text: '   ' }, 400, '/evidence'],
      [
        { file: { name: 'x.pdf', content_type: 'application/pdf', data: PNG.toString('base64') } },
        422,
        '/evidence/file/data',
      ],
      [
        { file: { name: 'x.gif', content_type: 'image/gif', data: PNG.toString('base64') } },
        422,
        '/evidence/file/content_type',
      ],
      [{ gepir_url: 'javascript:alert(1)' }, 422, '/evidence/gepir_url'],
    ];
    for (const [evidence, status, pointer] of cases) {
      const res = await claim(a.admin, { prefix, evidence });
      assert.equal(res.statusCode, status, res.body);
      assert.equal(res.json.errors[0].pointer, pointer, JSON.stringify(evidence));
    }
    const big = Buffer.concat([PDF, Buffer.alloc(h.config.storage.maxFileBytes)]);
    const tooLarge = await claim(a.admin, {
      prefix,
      evidence: { file: { name: 'big.pdf', content_type: 'application/pdf', data: big.toString('base64') } },
    });
    assert.ok([413, 422].includes(tooLarge.statusCode), tooLarge.body);
    assert.deepEqual((await call(h, { url: '/v1/gs1-prefixes', headers: a.admin })).json.data, []);
  });

  it('approving makes the prefix verified: passports publish, the admins hear of it in the dashboard and by e-mail, both logs record it', async () => {
    const a = await customer();
    const prefix = randomPrefix();
    const made = await claim(a.admin, { prefix, evidence: { gepir_text: 'ACME licence record' } });
    const id = made.json.data.id;
    const input = uniqueFixture('lmt');
    input.gtin = underPrefix(input.gtin, prefix);
    const draft = await createPassport(h, a.t, input);
    expectProblem(
      await call(h, { method: 'POST', url: `/v1/dpp/${draft.id}/publish`, tenant: a.t }),
      422,
      'validation-error',
    );

    const approved = await decide(id, 'approve');
    assert.equal(approved.statusCode, 200, approved.body);
    assert.equal(approved.json.data.status, 'verified');
    const mine = (await call(h, { url: `/v1/gs1-prefixes/${id}`, headers: a.admin })).json.data;
    assert.equal(mine.status, 'verified');
    assert.ok(mine.verified_at);
    assert.equal((await publish(h, a.t, draft.id)).publication_status, 'published');

    const notice = (await notices(a.admin)).find((n) => n.kind === 'gs1_prefix_verified');
    assert.equal(notice?.data.prefix, prefix);
    assert.equal(notice?.link, '/settings/gs1-prefixes');
    await h.app.jobs.runDue();
    await smtp.arrived(a.t.email, `GS1 company prefix ${prefix} verified`);

    const entry = (await auditOf(h, a.t.workspaceId)).find((e: any) => e.action === 'gs1_prefixes.verified');
    assert.equal(entry?.actor_type, 'system');
    const [logged] = await instanceLog(id);
    assert.equal(logged?.action, 'gs1_prefix.verified');
    assert.ok(logged?.operator_id);
    // Decided once: a second approval has nothing to decide.
    expectProblem(await decide(id, 'approve'), 409, 'conflict');
    assert.ok(!(await queue()).some((c) => c.id === id));
  });

  it('rejecting needs a reason, says it to the admins in German too, and the claim can be submitted again', async () => {
    const a = await customer();
    await h.db.updateTable('users').set({ locale: 'de' }).where('id', '=', a.t.userId).execute();
    const prefix = randomPrefix();
    const id = (await claim(a.admin, { prefix, evidence: { gepir_url: 'https://gepir.gs1.org/y' } })).json.data.id;
    for (const body of [{}, { reason: '' }, { reason: 'x'.repeat(501) }])
      assert.ok([400, 422].includes((await decide(id, 'reject', body)).statusCode), JSON.stringify(body));
    const reason = 'The GEPIR record names another company.';
    const rejected = await decide(id, 'reject', { reason });
    assert.equal(rejected.statusCode, 200, rejected.body);
    const mine = (await call(h, { url: `/v1/gs1-prefixes/${id}`, headers: a.admin })).json.data;
    assert.deepEqual([mine.status, mine.rejection_reason], ['rejected', reason]);
    const notice = (await notices(a.admin)).find((n) => n.kind === 'gs1_prefix_rejected');
    assert.deepEqual([notice?.data.prefix, notice?.data.reason], [prefix, reason]);
    await h.app.jobs.runDue();
    await smtp.arrived(a.t.email, `GS1-Basisnummer ${prefix} abgelehnt`);
    const mail = smtp.find(a.t.email, `GS1-Basisnummer ${prefix} abgelehnt`);
    assert.match(mail.text ?? '', /Begründung: The GEPIR record names another company\./);
    const [logged] = await instanceLog(id);
    assert.deepEqual([logged?.action, JSON.parse(logged!.details!).reason], ['gs1_prefix.rejected', reason]);
    assert.ok((await auditOf(h, a.t.workspaceId)).some((e: any) => e.action === 'gs1_prefixes.rejected'));

    const again = await call(h, {
      method: 'POST',
      url: `/v1/gs1-prefixes/${id}/evidence`,
      headers: a.admin,
      body: { file: { name: 'licence.pdf', content_type: 'application/pdf', data: PDF.toString('base64') } },
    });
    assert.equal(again.statusCode, 200, again.body);
    assert.deepEqual([again.json.data.status, again.json.data.rejection_reason], ['pending', null]);
    assert.ok((await queue()).some((c) => c.id === id));
    assert.equal((await decide(id, 'approve')).statusCode, 200);
  });

  it('a prefix verified for another organization cannot be approved; another organization cannot see or act on the claim', async () => {
    const owner = await customer();
    const other = await customer();
    const prefix = randomPrefix();
    const id = (await claim(other.admin, { prefix: prefix.slice(0, 8), evidence: { gepir_text: 'ours' } })).json.data
      .id;
    await verifyGs1Prefix(h.db, h.config, owner.t.organizationId, prefix);
    const clash = expectProblem(await decide(id, 'approve'), 409, 'conflict');
    assert.match(clash.detail, /overlaps/);
    assert.equal((await call(h, { url: `/v1/gs1-prefixes/${id}`, headers: other.admin })).json.data.status, 'pending');

    expectProblem(await call(h, { url: `/v1/gs1-prefixes/${id}`, headers: owner.admin }), 404, 'not-found');
    expectProblem(
      await call(h, {
        method: 'POST',
        url: `/v1/gs1-prefixes/${id}/evidence`,
        headers: owner.admin,
        body: { gepir_text: 'mine' },
      }),
      404,
      'not-found',
    );
    // An org admin is no operator: the console's routes are unknown to them, as to API keys.
    for (const headers of [other.admin, other.t.auth])
      for (const [method, url] of [
        ['GET', '/v1/operator/gs1-prefixes'],
        ['GET', `/v1/operator/gs1-prefixes/${id}/evidence`],
        ['POST', `/v1/operator/gs1-prefixes/${id}/approve`],
        ['POST', `/v1/operator/gs1-prefixes/${id}/reject`],
      ] as const)
        expectProblem(
          await call(h, { method, url, headers, body: method === 'POST' ? { reason: 'x' } : undefined }),
          404,
          'not-found',
        );
  });

  it('the CLI verifies through the same service, recorded in the instance log as the CLI', async () => {
    const a = await customer();
    const prefix = randomPrefix();
    const id = (await claim(a.admin, { prefix, evidence: { gepir_text: 'record' } })).json.data.id;
    const out = await verifyGs1Prefix(h.db, h.config, a.t.organizationId, prefix);
    assert.deepEqual([out.id, out.status], [id, 'verified']);
    const [logged] = await instanceLog(id);
    assert.deepEqual([logged?.action, logged?.operator_id], ['gs1_prefix.verified', null]);
    assert.ok((await notices(a.admin)).some((n) => n.kind === 'gs1_prefix_verified' && n.data.prefix === prefix));
  });
});
