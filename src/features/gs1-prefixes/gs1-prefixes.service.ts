// GS1 company prefixes: which GTINs an organization may publish passports for. An organization
// claims prefixes (self-declared); only the operator verifies one (CLI), and a verified prefix has
// one owner. Publishing and resolving both require a verified prefix covering the GTIN.
import type { ServiceDeps } from '../../platform/deps.js';
import type { DB } from '../../db/database.js';
import type { Principal } from '../../http/principal.js';
import { lockRow } from '../../db/row-lock.js';
import { invalidField, notFound } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import { newId } from '../../lib/ids.js';
import { systemActor, auditActor, recordAudit } from '../audit/index.js';
import { taken, uniqueAs } from '../../http/fields.js';
import { toGs1Prefix, type Gs1Prefix } from './gs1-prefixes.fns.js';
import {
  deletePrefix,
  findPrefix,
  findPrefixByValue,
  insertPrefix,
  markVerified,
  prefixesQuery,
  releaseDeletedOwners,
  verifiedOverlapElsewhere,
} from './gs1-prefixes.repo.js';

const ownedElsewhere = (pointer: string) =>
  invalidField(pointer, 'overlaps a GS1 company prefix verified for another organization', 'owned_elsewhere');

export async function registerPrefix(ctx: ServiceDeps, p: Principal, body: { prefix: string }): Promise<Gs1Prefix> {
  const at = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'organizations', p.organizationId);
    if (await findPrefixByValue(trx, p.organizationId, body.prefix)) throw taken('/prefix');
    // A claim on another organization's verified prefix could never be verified: refuse it now.
    if (await verifiedOverlapElsewhere(trx, p.organizationId, body.prefix)) throw ownedElsewhere('/prefix');
    const row = {
      id: newId('gcp'),
      organization_id: p.organizationId,
      prefix: body.prefix,
      status: 'self_declared' as const,
      verified_at: null,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    };
    await uniqueAs('/prefix', () => insertPrefix(trx, row));
    const out = toGs1Prefix(row);
    await recordAudit(trx, auditActor(p), {
      action: 'gs1_prefixes.created',
      resourceType: 'gs1_prefixes',
      resourceId: row.id,
      after: out,
      at,
    });
    return out;
  });
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
  return ctx.db.transaction().execute(async (trx) => {
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
    return after;
  });
}

/** The organization's default workspace, where operator entries about the organization go. */
async function defaultWorkspaceOf(db: DB, organizationId: string) {
  return db
    .selectFrom('workspaces as w')
    .innerJoin('organizations as o', 'o.id', 'w.organization_id')
    .select(['w.id'])
    .where('w.organization_id', '=', organizationId)
    .where('w.is_default', '=', 1)
    .where('o.deleted_at', 'is', null)
    .executeTakeFirst();
}

export class OperatorError extends Error {}

/**
 * Archives other organizations' passports published under a prefix just verified for `owner`, in
 * the verification's transaction, and returns their ids: the dpp feature's archivePassportsUnderPrefix,
 * handed in by the caller (the CLI), as passports build on prefixes and not the other way round.
 */
export type ArchiveSquats = (trx: DB, owner: string, prefix: string, at: Date) => Promise<string[]>;

/**
 * Operator verification (CLI `gs1-prefix verify`): claims the prefix for the organization if it
 * has not yet, marks it verified, and archives other organizations' passports already published
 * under it (squats from before ownership was checked). Audited as a system action in the owner's
 * default workspace, and in each squatter's for its archived passports.
 */
export async function verifyPrefixAsOperator(
  db: DB,
  input: { organizationId: string; prefix: string },
  at: Date,
  archiveSquats: ArchiveSquats,
) {
  return db.transaction().execute(async (trx) => {
    const ws = await defaultWorkspaceOf(trx, input.organizationId);
    if (!ws) throw new OperatorError(`organization ${input.organizationId} not found`);
    await lockRow(trx, 'organizations', input.organizationId);
    const clash = await verifiedOverlapElsewhere(trx, input.organizationId, input.prefix);
    if (clash)
      throw new OperatorError(`prefix ${input.prefix} overlaps ${clash.prefix}, verified for ${clash.organization_id}`);
    await releaseDeletedOwners(trx, input.prefix);
    let row = await findPrefixByValue(trx, input.organizationId, input.prefix);
    if (!row) {
      row = {
        id: newId('gcp'),
        organization_id: input.organizationId,
        prefix: input.prefix,
        status: 'self_declared',
        verified_at: null,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      };
      await insertPrefix(trx, row);
    }
    const before = row.status === 'verified' ? null : toGs1Prefix(row);
    if (before) {
      await markVerified(trx, row.id, at.toISOString());
      row = { ...row, status: 'verified', verified_at: at.toISOString(), updated_at: at.toISOString() };
      await recordAudit(trx, systemActor({ organizationId: input.organizationId, workspaceId: ws.id }), {
        action: 'gs1_prefixes.verified',
        resourceType: 'gs1_prefixes',
        resourceId: row.id,
        before,
        after: toGs1Prefix(row),
        at,
      });
    }
    const archived = await archiveSquats(trx, input.organizationId, input.prefix, at);
    return { ...toGs1Prefix(row), archived_passports: archived };
  });
}
