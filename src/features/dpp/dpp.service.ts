// Passport rules: validation with the contract's validator, GS1 key uniqueness, the draft →
// published → archived lifecycle, and one version row plus one audit entry per change, written
// in the transaction of the change.
import type { DB } from '../../db/database.js';
import type { ServiceDeps } from '../../platform/deps.js';
import type { Principal } from '../../http/principal.js';
import { newId } from '../../lib/ids.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { lockRow } from '../../db/row-lock.js';
import { conflict, invalid, invalidField, type FieldError } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import type { Page } from '../../http/envelope.js';
import { systemActor, auditActor, recordAudit } from '../audit/index.js';
import { applyMergePatch, DEFAULT_BATTERY_STATUS, type CreatePassport, type Passport } from './dpp.contract.js';
import { validatePassport, type Issue } from './dpp.validate.js';
import { normalizeGtin } from './gs1.js';
import { ownsGtin } from '../gs1-prefixes/index.js';
import { asCreateRequest, rejection, toPassport, type PassportRow } from './dpp.fns.js';
import { canonicalJson } from '../../lib/canonical-json.js';
import {
  insertPassport,
  insertVersion,
  listPassportsQuery,
  passportExistsInOrg,
  publishedUnderPrefixElsewhere,
  updatePassport,
  type PassportFilter,
} from './dpp.repo.js';
import type { VersionAction } from './dpp.table.js';
import { requirePassport } from './dpp-lookup.js';

export interface Saved {
  passport: Passport;
  /** validator warnings of the saved state (obligation.none, predecessor.missing) */
  warnings: Issue[];
}

/** Version row and audit entry of one change; both in the change's transaction. */
async function recordChange(
  trx: DB,
  p: Principal,
  action: VersionAction,
  before: Passport | null,
  after: Passport,
  at: Date,
) {
  await insertVersion(trx, {
    passport_id: after.id,
    version: after.version,
    action,
    battery_status: after.battery_status,
    publication_status: after.publication_status,
    predecessor_id: after.predecessor_id,
    data: JSON.stringify(after.data),
    actor_type: p.actorType,
    actor_id: p.actorId,
    created_at: at.toISOString(),
  });
  await recordAudit(trx, auditActor(p), {
    action: `dpp.${action}`,
    resourceType: 'dpp',
    resourceId: after.id,
    before,
    after,
    at,
  });
}

async function checkPredecessor(db: DB, p: Principal, predecessorId: string | null | undefined, selfId?: string) {
  if (predecessorId == null) return;
  if (predecessorId === selfId || !(await passportExistsInOrg(db, p.organizationId, predecessorId))) {
    throw invalidField(
      '/predecessor_id',
      'predecessor_id must name another passport of this organization',
      'not_found',
    );
  }
}

const duplicate = () => conflict('A passport for this GTIN and serial number already exists in this organization.');

export async function createPassport(deps: ServiceDeps, p: Principal, body: unknown): Promise<Saved> {
  const now = deps.clock.now();
  const result = validatePassport(body, { now });
  if (!result.valid) throw rejection(result.errors);
  const input = body as CreatePassport;
  const gtin = normalizeGtin(input.gtin);
  if (!gtin.ok)
    throw rejection([{ path: '/gtin', code: gtin.error.code, message: gtin.error.message, severity: 'error' }]);

  const at = now.toISOString();
  const row: PassportRow = {
    id: newId('dpp'),
    organization_id: p.organizationId,
    workspace_id: p.workspaceId,
    gtin: gtin.value,
    serial: input.serial,
    lot: input.lot ?? null,
    category: input.category,
    battery_status: input.battery_status ?? DEFAULT_BATTERY_STATUS,
    publication_status: 'draft',
    predecessor_id: input.predecessor_id ?? null,
    version: 1,
    data: JSON.stringify(input.data),
    created_by: p.actorId,
    created_at: at,
    updated_at: at,
    published_at: null,
    archived_at: null,
  };
  try {
    const passport = await deps.db.transaction().execute(async (trx) => {
      await checkPredecessor(trx, p, row.predecessor_id);
      await insertPassport(trx, row);
      const created = toPassport(row, deps.config.baseUrl);
      await recordChange(trx, p, 'created', null, created, now);
      return created;
    });
    return { passport, warnings: result.warnings };
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

export async function getPassport(deps: ServiceDeps, p: Principal, id: string): Promise<Passport> {
  const row = await requirePassport(deps.db, p.workspaceId, id);
  return toPassport(row, deps.config.baseUrl);
}

export async function listPassports(
  deps: ServiceDeps,
  p: Principal,
  q: PassportFilter & { limit: number; cursor?: string },
): Promise<Page<Passport>> {
  const { limit, cursor, ...filter } = q;
  if (filter.gtin !== undefined) {
    const gtin = normalizeGtin(filter.gtin);
    if (!gtin.ok) throw invalidField('/query/gtin', gtin.error.message, gtin.error.code);
    filter.gtin = gtin.value;
  }
  const page = await paginate(listPassportsQuery(deps.db, p.workspaceId, filter), { limit, cursor }, 'dpp');
  return { ...page, items: page.items.map((r) => toPassport(r as PassportRow, deps.config.baseUrl)) };
}

/**
 * Loads the passport under a row lock, lets `change` compute the next state, and saves it as a
 * new version. `change` returning null means "nothing changed": no version, no audit entry.
 */
async function saveRevision(
  deps: ServiceDeps,
  p: Principal,
  id: string,
  action: Exclude<VersionAction, 'created'>,
  change: (row: PassportRow, trx: DB) => Promise<{ values: Partial<PassportRow>; warnings: Issue[] } | null>,
): Promise<Saved> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'dpp_passports', id);
    const row = await requirePassport(trx, p.workspaceId, id);
    const before = toPassport(row, deps.config.baseUrl);
    const outcome = await change(row, trx);
    if (!outcome) return { passport: before, warnings: [] };
    const next: PassportRow = { ...row, ...outcome.values, version: row.version + 1, updated_at: now.toISOString() };
    await updatePassport(trx, id, { ...outcome.values, version: next.version, updated_at: next.updated_at });
    const after = toPassport(next, deps.config.baseUrl);
    await recordChange(trx, p, action, before, after, now);
    return { passport: after, warnings: outcome.warnings };
  });
}

const IDENTITY = ['gtin', 'serial', 'lot', 'category'];
const PATCHABLE = ['battery_status', 'predecessor_id', 'data'];

/** Shape checks of the PATCH body itself; the merged passport is validated whole afterwards. */
function patchShapeErrors(body: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  for (const key of Object.keys(body)) {
    if (IDENTITY.includes(key))
      errors.push({
        pointer: `/${key}`,
        detail: `${key} is part of the battery's identity and cannot change; create a new passport instead`,
        code: 'immutable',
      });
    else if (!PATCHABLE.includes(key))
      errors.push({ pointer: `/${key}`, detail: `${key} is not a known field`, code: 'unknown_property' });
  }
  if (Object.keys(body).length === 0)
    errors.push({
      pointer: '',
      detail: 'The patch is empty: send battery_status, predecessor_id or data.',
      code: 'properties.min',
    });
  const data = body.data;
  if (data !== undefined && (data === null || typeof data !== 'object' || Array.isArray(data))) {
    errors.push({ pointer: '/data', detail: 'data is a JSON merge patch object', code: 'type' });
  }
  return errors;
}

export function patchPassport(
  deps: ServiceDeps,
  p: Principal,
  id: string,
  body: Record<string, unknown>,
): Promise<Saved> {
  const shape = patchShapeErrors(body);
  return saveRevision(deps, p, id, 'updated', async (row, trx) => {
    if (shape.length) throw invalid(shape);
    if (row.publication_status === 'archived') throw conflict('An archived passport cannot change.');
    const stored = JSON.parse(row.data) as unknown;
    const data = body.data === undefined ? stored : applyMergePatch(stored, body.data);
    const next = {
      ...row,
      battery_status: (body.battery_status ?? row.battery_status) as PassportRow['battery_status'],
      predecessor_id: body.predecessor_id === undefined ? row.predecessor_id : (body.predecessor_id as string | null),
      data,
    };
    const result = validatePassport(asCreateRequest(next), { now: deps.clock.now() });
    if (!result.valid) throw rejection(result.errors);
    const unchanged =
      next.battery_status === row.battery_status &&
      next.predecessor_id === row.predecessor_id &&
      canonicalJson(data) === canonicalJson(stored);
    if (unchanged) return null;
    if (next.predecessor_id !== row.predecessor_id) await checkPredecessor(trx, p, next.predecessor_id, row.id);
    return {
      values: { battery_status: next.battery_status, predecessor_id: next.predecessor_id, data: JSON.stringify(data) },
      warnings: result.warnings,
    };
  });
}

/** draft → published, only for a passport that is valid today (rules and dates may have moved on). */
export async function publishPassport(deps: ServiceDeps, p: Principal, id: string): Promise<Saved> {
  try {
    return await saveRevision(deps, p, id, 'published', async (row, trx) => {
      if (row.publication_status !== 'draft')
        throw conflict(`Only a draft can be published; this passport is ${row.publication_status}.`);
      // GS1 ownership: only the holder of a verified company prefix covering the GTIN may publish it.
      if (!(await ownsGtin(trx, p.organizationId, row.gtin))) {
        throw invalidField(
          '/gtin',
          `no verified GS1 company prefix of your organization covers GTIN ${row.gtin}; register one (POST /v1/gs1-prefixes) and have the operator verify it`,
          'gs1.prefix_unverified',
        );
      }
      const result = validatePassport(asCreateRequest({ ...row, data: JSON.parse(row.data) }), {
        now: deps.clock.now(),
      });
      if (!result.valid) throw rejection(result.errors);
      return {
        values: { publication_status: 'published', published_at: deps.clock.now().toISOString() },
        warnings: result.warnings,
      };
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict('Another organization has already published a passport for this GTIN and serial number.');
    throw err;
  }
}

/** Takes a passport off the resolver for good (draft or published → archived). */
export function archivePassport(deps: ServiceDeps, p: Principal, id: string): Promise<Saved> {
  return saveRevision(deps, p, id, 'archived', async (row) => {
    if (row.publication_status === 'archived') throw conflict('This passport is already archived.');
    return { values: { publication_status: 'archived', archived_at: deps.clock.now().toISOString() }, warnings: [] };
  });
}

/**
 * The operator verified `prefix` for `owner` (gs1-prefixes' verifyPrefixAsOperator): other
 * organizations' passports already published under it (squats from before ownership was checked)
 * are archived, each with a version row and a system audit entry in its own workspace, in the
 * verification's transaction. Returns their ids.
 */
export async function archivePassportsUnderPrefix(
  trx: DB,
  baseUrl: string,
  owner: string,
  prefix: string,
  at: Date,
): Promise<string[]> {
  const archived: string[] = [];
  for (const squat of await publishedUnderPrefixElsewhere(trx, owner, prefix)) {
    const next = {
      ...squat,
      publication_status: 'archived' as const,
      archived_at: at.toISOString(),
      version: squat.version + 1,
      updated_at: at.toISOString(),
    };
    await updatePassport(trx, squat.id, {
      publication_status: 'archived',
      archived_at: next.archived_at,
      version: next.version,
      updated_at: next.updated_at,
    });
    await insertVersion(trx, {
      passport_id: squat.id,
      version: next.version,
      action: 'archived',
      battery_status: next.battery_status,
      publication_status: 'archived',
      predecessor_id: next.predecessor_id,
      data: next.data,
      actor_type: 'system',
      actor_id: null,
      created_at: at.toISOString(),
    });
    await recordAudit(trx, systemActor({ organizationId: squat.organization_id, workspaceId: squat.workspace_id }), {
      action: 'dpp.archived',
      resourceType: 'dpp',
      resourceId: squat.id,
      before: toPassport(squat, baseUrl),
      after: toPassport(next, baseUrl),
      at,
    });
    archived.push(squat.id);
  }
  return archived;
}
