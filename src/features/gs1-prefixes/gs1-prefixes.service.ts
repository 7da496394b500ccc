// GS1 company prefixes: which GTINs an organization may publish passports for. An organization
// claims prefixes and submits evidence for them; only an operator verifies one (the console or the
// CLI, gs1-prefixes.decisions.ts), and a verified prefix has one owner. Publishing and resolving
// both require a verified prefix covering the GTIN (docs/decisions/0075-gs1-prefix-verification.md).
import type { ServiceDeps } from '../../platform/deps.js';
import type { DB } from '../../db/database.js';
import type { Principal } from '../../http/principal.js';
import { lockRow } from '../../db/row-lock.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import { newId } from '../../lib/ids.js';
import { auditActor, recordAudit } from '../audit/index.js';
import { joinOrganization } from '../organizations/index.js';
import { defaultWorkspaceQuery } from '../workspaces/index.js';
import { taken, uniqueAs } from '../../http/fields.js';
import { toGs1Prefix, type Gs1Prefix } from './gs1-prefixes.fns.js';
import type { CreateGs1PrefixBody, EvidenceInput } from './gs1-prefixes.schemas.js';
import { NO_EVIDENCE, dropDocument, stageEvidence, type StagedEvidence } from './gs1-prefixes.evidence.js';
import {
  deletePrefix,
  findPrefix,
  findPrefixByValue,
  insertPrefix,
  prefixesQuery,
  updatePrefix,
  verifiedOverlapElsewhere,
} from './gs1-prefixes.repo.js';

export const ownedElsewhere = (pointer: string) =>
  invalidField(pointer, 'overlaps a GS1 company prefix verified for another organization', 'owned_elsewhere');

/** Runs the change; a failed change takes a document it brought back out of the store. */
async function withStaged<T>(staged: StagedEvidence | null, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (err) {
    await staged?.discard();
    throw err;
  }
}

/** A claim: `pending` with evidence, `self_declared` without (the API's first form, kept). */
export async function registerPrefix(ctx: ServiceDeps, p: Principal, body: CreateGs1PrefixBody): Promise<Gs1Prefix> {
  const at = ctx.clock.now().toISOString();
  const staged = body.evidence ? await stageEvidence(ctx, p, body.evidence, '/evidence') : null;
  return withStaged(staged, () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockRow(trx, 'organizations', p.organizationId);
      if (await findPrefixByValue(trx, p.organizationId, body.prefix)) throw taken('/prefix');
      // A claim on another organization's verified prefix could never be verified: refuse it now.
      if (await verifiedOverlapElsewhere(trx, p.organizationId, body.prefix)) throw ownedElsewhere('/prefix');
      const row = {
        id: newId('gcp'),
        organization_id: p.organizationId,
        prefix: body.prefix,
        status: staged ? ('pending' as const) : ('self_declared' as const),
        verified_at: null,
        created_at: at,
        updated_at: at,
        ...(staged?.columns ?? NO_EVIDENCE),
        submitted_at: staged ? at : null,
        rejection_reason: null,
        decided_at: null,
      };
      await uniqueAs('/prefix', () => insertPrefix(trx, row));
      const out = toGs1Prefix(row);
      await recordAudit(trx, auditActor(p), {
        action: 'gs1_prefixes.created',
        resourceType: 'gs1_prefixes',
        resourceId: row.id,
        after: out,
        at: new Date(at),
      });
      return out;
    }),
  );
}

/**
 * Evidence for a claim without it, a rejected one (a resubmission) or a pending one (replacing
 * what the operator has not looked at yet): the claim goes (back) to `pending`. A verified claim
 * needs none.
 */
export async function submitEvidence(ctx: ServiceDeps, p: Principal, id: string, evidence: EvidenceInput) {
  await requirePrefix(ctx.db, p.organizationId, id);
  const at = ctx.clock.now().toISOString();
  const staged = await stageEvidence(ctx, p, evidence, '');
  const { before, after } = await withStaged(staged, () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockRow(trx, 'gs1_prefixes', id);
      const row = await requirePrefix(trx, p.organizationId, id);
      if (row.status === 'verified') throw conflict(`The GS1 company prefix ${row.prefix} is verified already.`);
      if (await verifiedOverlapElsewhere(trx, p.organizationId, row.prefix)) throw ownedElsewhere('/prefix');
      const next = {
        ...row,
        ...staged.columns,
        status: 'pending' as const,
        submitted_at: at,
        rejection_reason: null,
        updated_at: at,
      };
      await updatePrefix(trx, id, {
        ...staged.columns,
        status: 'pending',
        submitted_at: at,
        rejection_reason: null,
        updated_at: at,
      });
      await recordAudit(trx, auditActor(p), {
        action: 'gs1_prefixes.submitted',
        resourceType: 'gs1_prefixes',
        resourceId: id,
        before: toGs1Prefix(row),
        after: toGs1Prefix(next),
        at: new Date(at),
      });
      return { before: row, after: next };
    }),
  );
  await dropDocument(ctx, before.evidence_file_key);
  return toGs1Prefix(after);
}

export async function listPrefixes(ctx: ServiceDeps, p: Principal, q: { limit: number; cursor?: string }) {
  const page = await paginate(prefixesQuery(ctx.db, p.organizationId), q, 'gcp');
  return { ...page, items: page.items.map((r) => toGs1Prefix(r)) };
}

/** A prefix of the caller's organization, or the prefix's one 404. */
async function requirePrefix(db: DB, organizationId: string, id: string) {
  const row = await findPrefix(db, organizationId, id);
  if (!row) throw notFound('GS1 company prefix');
  return row;
}

export async function getPrefix(ctx: ServiceDeps, p: Principal, id: string) {
  const row = await requirePrefix(ctx.db, p.organizationId, id);
  return toGs1Prefix(row);
}

/** Removing a verified prefix takes the organization's passports under it off the resolver. */
export async function removePrefix(ctx: ServiceDeps, p: Principal, id: string) {
  const at = ctx.clock.now();
  const { row, after } = await ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'gs1_prefixes', id);
    const row = await requirePrefix(trx, p.organizationId, id);
    await deletePrefix(trx, id);
    const after = toGs1Prefix(row, 'removed');
    await recordAudit(trx, auditActor(p), {
      action: 'gs1_prefixes.deleted',
      resourceType: 'gs1_prefixes',
      resourceId: id,
      before: toGs1Prefix(row),
      after,
      at,
    });
    return { row, after };
  });
  await dropDocument(ctx, row.evidence_file_key);
  return after;
}

/** The organization's default workspace, where the system's entries about the organization go. */
export async function defaultWorkspaceOf(db: DB, organizationId: string) {
  return joinOrganization(defaultWorkspaceQuery(db, organizationId), 'workspaces.organization_id')
    .where('organizations.deleted_at', 'is', null)
    .executeTakeFirst();
}
