// An operator's decisions on GS1 prefix claims (docs/decisions/0075-gs1-prefix-verification.md): the
// console's queue, approve and reject, and the CLI's `gs1-prefix verify`, through the same rules.
// The operator feature calls these and hands in what it owns: its instance audit log entry, written
// in the decision's transaction, as the dpp feature hands in the archiving of squatted passports.
import type { ServiceDeps } from '../../platform/deps.js';
import type { DB } from '../../db/database.js';
import type { Selectable } from 'kysely';
import { lockRow } from '../../db/row-lock.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import { isId, newId } from '../../lib/ids.js';
import { systemActor, recordAudit } from '../audit/index.js';
import { gs1PrefixDecided } from '../notifications/index.js';
import { evidenceOf, toGs1Prefix } from './gs1-prefixes.fns.js';
import { openDocument } from './gs1-prefixes.evidence.js';
import { defaultWorkspaceOf } from './gs1-prefixes.service.js';
import {
  claimsByStatus,
  countClaimsByStatus,
  findClaim,
  findPrefixByValue,
  insertPrefix,
  releaseDeletedOwners,
  updatePrefix,
  verifiedOverlapElsewhere,
} from './gs1-prefixes.repo.js';
import type { Gs1PrefixesTable, Gs1PrefixStatus } from './gs1-prefixes.table.js';

/** A refused CLI command; the CLI prints the message and exits 1. */
export class OperatorError extends Error {}

/**
 * Archives other organizations' passports published under a prefix just verified for `owner`, in
 * the verification's transaction, and returns their ids: the dpp feature's archivePassportsUnderPrefix,
 * handed in by the caller, as passports build on prefixes and not the other way round.
 */
export type ArchiveSquats = (trx: DB, owner: string, prefix: string, at: Date) => Promise<string[]>;

type Row = Selectable<Gs1PrefixesTable>;

/** What a decision hands its caller to record in the instance audit log, in its transaction. */
export interface Decision {
  action: 'gs1_prefix.verified' | 'gs1_prefix.rejected';
  claim: Row;
  before: ReturnType<typeof toGs1Prefix>;
  after: ReturnType<typeof toGs1Prefix>;
  reason: string | null;
}

export interface DecisionHooks {
  archiveSquats: ArchiveSquats;
  record(trx: DB, decision: Decision, at: Date): Promise<void>;
  /** the request the decision came with, for the organization's own log; null for the CLI */
  requestId: string | null;
}

const claimNotFound = () => notFound('GS1 company prefix claim');
const documentNotFound = () => notFound('Evidence document');

/** The claim as the operator's queue shows it: the organization's name and the evidence. */
export function toClaim(row: Row & { organization_name: string }) {
  return {
    id: row.id,
    organization_id: row.organization_id,
    organization_name: row.organization_name,
    prefix: row.prefix,
    status: row.status,
    evidence: evidenceOf(row),
    submitted_at: row.submitted_at,
    rejection_reason: row.status === 'rejected' ? row.rejection_reason : null,
    decided_at: row.decided_at,
    created_at: row.created_at,
  };
}
export type Gs1PrefixClaim = ReturnType<typeof toClaim>;

/** GET /v1/operator/gs1-prefixes: one status's claims, oldest submission first; the cursor is the last id. */
export async function listClaims(deps: ServiceDeps, q: { status: Gs1PrefixStatus; limit: number; cursor?: string }) {
  let after: { at: string; id: string } | undefined;
  if (q.cursor !== undefined) {
    const last = isId(q.cursor, 'gcp') ? await findClaim(deps.db, q.cursor) : undefined;
    if (!last || last.status !== q.status)
      throw invalidField('/query/cursor', 'cursor does not name an item of this list', 'cursor');
    after = { at: last.submitted_at ?? '', id: last.id };
  }
  const [rows, total] = await Promise.all([
    claimsByStatus(deps.db, q.status, q.limit + 1, after),
    countClaimsByStatus(deps.db, q.status),
  ]);
  const items = rows.slice(0, q.limit).map(toClaim);
  const hasMore = rows.length > q.limit;
  return { items, has_more: hasMore, next_cursor: hasMore ? items[items.length - 1]!.id : null, total_count: total };
}

/** GET /v1/operator/gs1-prefixes/{id}/evidence: the licence document's bytes, or a 404. */
export async function claimDocument(deps: ServiceDeps, id: string) {
  const row = isId(id, 'gcp') ? await findClaim(deps.db, id) : undefined;
  if (!row?.evidence_file_key) throw documentNotFound();
  const blob = await openDocument(deps, row.evidence_file_key);
  if (!blob) throw documentNotFound();
  return {
    blob,
    name: row.evidence_file_name ?? 'evidence',
    contentType: row.evidence_content_type ?? blob.contentType,
  };
}

/** A claim of a live organization, locked for the decision. */
async function lockedClaim(trx: DB, id: string) {
  if (!isId(id, 'gcp')) throw claimNotFound();
  await lockRow(trx, 'gs1_prefixes', id);
  const row = await findClaim(trx, id);
  if (!row) throw claimNotFound();
  const { organization_name: _name, ...claim } = row;
  return claim;
}

const mustBePending = (row: Row) => {
  if (row.status !== 'pending')
    throw conflict(
      `The claim on ${row.prefix} is ${row.status.replace('_', '-')}, not pending: there is nothing to decide.`,
    );
};

/**
 * Marks a claim verified: refused when it overlaps a prefix verified for another live organization;
 * claims of deleted organizations on it are released, passports others published under it archived.
 */
async function verify(trx: DB, deps: ServiceDeps, claim: Row, at: Date, hooks: DecisionHooks, notify: boolean) {
  const ws = await defaultWorkspaceOf(trx, claim.organization_id);
  if (!ws) throw claimNotFound();
  await lockRow(trx, 'organizations', claim.organization_id);
  const clash = await verifiedOverlapElsewhere(trx, claim.organization_id, claim.prefix);
  if (clash)
    throw conflict(
      `The prefix ${claim.prefix} overlaps ${clash.prefix}, verified for another organization (${clash.organization_id}): it cannot be verified for this one.`,
    );
  await releaseDeletedOwners(trx, claim.prefix);
  const iso = at.toISOString();
  let after = claim;
  if (claim.status !== 'verified') {
    after = {
      ...claim,
      status: 'verified',
      verified_at: iso,
      decided_at: iso,
      rejection_reason: null,
      updated_at: iso,
    };
    await updatePrefix(trx, claim.id, {
      status: 'verified',
      verified_at: iso,
      decided_at: iso,
      rejection_reason: null,
      updated_at: iso,
    });
    const decision = { claim: after, before: toGs1Prefix(claim), after: toGs1Prefix(after), reason: null };
    await recordAudit(
      trx,
      systemActor({ organizationId: claim.organization_id, workspaceId: ws.id, requestId: hooks.requestId }),
      {
        action: 'gs1_prefixes.verified',
        resourceType: 'gs1_prefixes',
        resourceId: claim.id,
        before: decision.before,
        after: decision.after,
        at,
      },
    );
    await hooks.record(trx, { action: 'gs1_prefix.verified', ...decision }, at);
    if (notify)
      await gs1PrefixDecided(trx, deps, {
        organizationId: claim.organization_id,
        prefixId: claim.id,
        prefix: claim.prefix,
        decision: 'verified',
        reason: null,
      });
  }
  const archived = await hooks.archiveSquats(trx, claim.organization_id, claim.prefix, at);
  return { ...toGs1Prefix(after), archived_passports: archived };
}

/** POST /v1/operator/gs1-prefixes/{id}/approve: a pending claim becomes verified; its admins are told. */
export async function approveClaim(deps: ServiceDeps, id: string, hooks: DecisionHooks) {
  const at = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const claim = await lockedClaim(trx, id);
    mustBePending(claim);
    await verify(trx, deps, claim, at, hooks, true);
  });
  return toClaim((await findClaim(deps.db, id))!);
}

/** POST /v1/operator/gs1-prefixes/{id}/reject: a pending claim becomes rejected with the reason; its admins are told. */
export async function rejectClaim(deps: ServiceDeps, id: string, reason: string, hooks: DecisionHooks) {
  const at = deps.clock.now();
  const iso = at.toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const claim = await lockedClaim(trx, id);
    mustBePending(claim);
    const ws = await defaultWorkspaceOf(trx, claim.organization_id);
    if (!ws) throw claimNotFound();
    const after = { ...claim, status: 'rejected' as const, rejection_reason: reason, decided_at: iso, updated_at: iso };
    await updatePrefix(trx, id, { status: 'rejected', rejection_reason: reason, decided_at: iso, updated_at: iso });
    const decision = { claim: after, before: toGs1Prefix(claim), after: toGs1Prefix(after), reason };
    await recordAudit(
      trx,
      systemActor({ organizationId: claim.organization_id, workspaceId: ws.id, requestId: hooks.requestId }),
      {
        action: 'gs1_prefixes.rejected',
        resourceType: 'gs1_prefixes',
        resourceId: id,
        before: decision.before,
        after: decision.after,
        at,
      },
    );
    await hooks.record(trx, { action: 'gs1_prefix.rejected', ...decision }, at);
    await gs1PrefixDecided(trx, deps, {
      organizationId: claim.organization_id,
      prefixId: id,
      prefix: claim.prefix,
      decision: 'rejected',
      reason,
    });
  });
  return toClaim((await findClaim(deps.db, id))!);
}

/**
 * `gs1-prefix verify` (CLI): claims the prefix for the organization if it has not yet, and verifies
 * it whatever its status, by the same rules as the console's approval. The organization's admins are
 * told when they had claimed it; a prefix the operator claims for them (bootstrap) is news to nobody.
 */
export async function verifyPrefixAsOperator(
  deps: ServiceDeps,
  input: { organizationId: string; prefix: string },
  hooks: DecisionHooks,
) {
  const at = deps.clock.now();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      if (!(await defaultWorkspaceOf(trx, input.organizationId)))
        throw new OperatorError(`organization ${input.organizationId} not found`);
      await lockRow(trx, 'organizations', input.organizationId);
      let claim = await findPrefixByValue(trx, input.organizationId, input.prefix);
      const claimed = claim !== undefined;
      if (!claim) {
        claim = {
          id: newId('gcp'),
          organization_id: input.organizationId,
          prefix: input.prefix,
          status: 'self_declared',
          verified_at: null,
          created_at: at.toISOString(),
          updated_at: at.toISOString(),
          evidence_file_key: null,
          evidence_file_name: null,
          evidence_content_type: null,
          evidence_size: null,
          evidence_url: null,
          evidence_text: null,
          submitted_at: null,
          rejection_reason: null,
          decided_at: null,
        };
        await insertPrefix(trx, claim);
      }
      return await verify(trx, deps, claim, at, hooks, claimed);
    });
  } catch (err) {
    // The console's 409 says the same as the CLI's message.
    if (err instanceof Error && !(err instanceof OperatorError) && 'type' in err && err.type === 'conflict')
      throw new OperatorError(err.message);
    throw err;
  }
}
