import type { DB } from '../../db/database.js';
import type { ServiceDeps } from '../../platform/deps.js';
import type { Plan, PlanName } from '../../platform/plans.js';
import { PLAN_NAMES } from '../../platform/plans.js';
import { parseJson } from '../../db/column-values.js';
import { findSetting, saveSetting } from './limits.repo.js';
import type { LimitsBody } from './limits.schemas.js';

/** The key of the limits in `instance_settings`, and the message that tells other instances they changed. */
const KEY = 'limits';
export const LIMITS_CHANGED = '#limits';

/** How long an instance keeps the operator's limits before it reads them again (docs/decisions.md D76). */
const CACHE_MS = 3_000;

/** The limits in force: the operator's setting, else the environment's. */
export interface EffectiveLimits {
  plans: Record<PlanName, Plan>;
  invitationsPerDay: number;
  verifiedMailOnly: boolean;
}

interface Stored {
  overrides: LimitsBody;
  updated_at: string | null;
  updated_by: string | null;
}

// Keyed by the app's database handle, so two apps of one process (tests, a second instance) keep
// their own; a change drops the entry at once here and, through the invalidation bus, elsewhere.
const cache = new WeakMap<object, { until: number; stored: Promise<Stored> }>();

async function readStored(db: DB): Promise<Stored> {
  const row = await findSetting(db, KEY);
  return {
    overrides: parseJson<LimitsBody>(row?.value, {}),
    updated_at: row?.updated_at ?? null,
    updated_by: row?.updated_by ?? null,
  };
}

function stored(db: DB): Promise<Stored> {
  const hit = cache.get(db);
  if (hit && hit.until > performance.now()) return hit.stored;
  const fresh = readStored(db);
  cache.set(db, { until: performance.now() + CACHE_MS, stored: fresh });
  // A failed read is not remembered: the next caller asks the database again.
  fresh.catch(() => cache.delete(db));
  return fresh;
}

/** Drops this instance's copy (after a change here, or a message that one changed elsewhere). */
export function forgetLimits(db: DB): void {
  cache.delete(db);
}

function merge(config: ServiceDeps['config'], o: LimitsBody): EffectiveLimits {
  const plans = structuredClone(config.plans);
  for (const name of PLAN_NAMES) {
    const p = o.plans?.[name];
    if (!p) continue;
    if (p.max_storage_bytes !== undefined) plans[name].maxStorageBytes = p.max_storage_bytes;
    if (p.max_files !== undefined) plans[name].maxFiles = p.max_files;
    if (p.max_logos !== undefined) plans[name].maxLogos = p.max_logos;
  }
  return {
    plans,
    invitationsPerDay: o.invitations_per_day ?? config.invitationsPerDay,
    verifiedMailOnly: o.verified_mail_only ?? config.emailVerification === 'required',
  };
}

/** The limits every check reads (storage quotas, the invitation cap, mail to third parties). */
export async function effectiveLimits(deps: ServiceDeps): Promise<EffectiveLimits> {
  return merge(deps.config, (await stored(deps.db)).overrides);
}

/** The plans as they are in force: PLANS_JSON with the operator's storage quotas over it. */
export async function effectivePlans(deps: ServiceDeps): Promise<Record<PlanName, Plan>> {
  return (await effectiveLimits(deps)).plans;
}

function view(l: EffectiveLimits) {
  return {
    plans: Object.fromEntries(
      PLAN_NAMES.map((n) => [
        n,
        {
          max_storage_bytes: l.plans[n].maxStorageBytes,
          max_files: l.plans[n].maxFiles,
          max_logos: l.plans[n].maxLogos,
        },
      ]),
    ) as Record<PlanName, { max_storage_bytes: number | null; max_files: number | null; max_logos: number | null }>,
    invitations_per_day: l.invitationsPerDay,
    verified_mail_only: l.verifiedMailOnly,
  };
}

/** GET /v1/operator/limits: what is in force, the environment's defaults, and what the operator set. */
export async function describeLimits(deps: ServiceDeps, db: DB = deps.db) {
  const s = db === deps.db ? await stored(db) : await readStored(db);
  return {
    ...view(merge(deps.config, s.overrides)),
    defaults: view(merge(deps.config, {})),
    overrides: s.overrides,
    updated_at: s.updated_at,
    updated_by: s.updated_by,
  };
}

/**
 * Replaces what the operator set, inside the caller's transaction; the caller records it and, once
 * committed, calls forgetLimits and tells the other instances. Returns the view before and after.
 */
export async function saveLimits(deps: ServiceDeps, trx: DB, overrides: LimitsBody, by: string | null, at: Date) {
  const before = await describeLimits(deps, trx);
  await saveSetting(trx, KEY, JSON.stringify(overrides), by, at.toISOString());
  const after = await describeLimits(deps, trx);
  return { before, after };
}
