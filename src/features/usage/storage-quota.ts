import type { DB } from '../../db/database.js';
import { lockRow } from '../../db/row-lock.js';
import { AppError } from '../../http/errors.js';
import type { Plan, PlanName } from '../../platform/plans.js';
import { storedUploads, type StoredUploads } from './usage.repo.js';

/** What an upload adds: one file or one logo of `bytes`. */
export interface Upload {
  kind: 'file' | 'logo';
  bytes: number;
}

const MiB = 1024 * 1024;

/** The plan's limit this upload would pass, if any, in the words of its 403. */
export function exceededLimit(plan: Plan, used: StoredUploads, add: Upload) {
  const counted = add.kind === 'file' ? plan.maxFiles : plan.maxLogos;
  const have = add.kind === 'file' ? used.files : used.logos;
  if (counted !== null && have + 1 > counted)
    return { limit: counted, meter: add.kind === 'file' ? 'files' : 'logos', what: `${counted} ${add.kind}s` };
  if (plan.maxStorageBytes !== null && used.bytes + add.bytes > plan.maxStorageBytes)
    return {
      limit: plan.maxStorageBytes,
      meter: 'storage_bytes',
      what: `${(plan.maxStorageBytes / MiB).toFixed(plan.maxStorageBytes % MiB ? 1 : 0)} MiB of files and logos`,
    };
  return null;
}

/**
 * Refuses an upload past the organization's storage quota with 403 plan-limit-exceeded
 * (docs/decisions.md D60). Inside the upload's transaction the organization row is locked first,
 * so two uploads at the edge serialise and only one passes, as workspace creation does.
 */
export async function checkStorageQuota(
  db: DB,
  organizationId: string,
  planName: PlanName,
  plans: Record<PlanName, Plan>,
  add: Upload,
  opts: { lock: boolean },
): Promise<void> {
  if (opts.lock) await lockRow(db, 'organizations', organizationId);
  const plan = plans[planName] ?? plans.free;
  const over = exceededLimit(plan, await storedUploads(db, organizationId), add);
  if (over)
    throw new AppError(
      'plan-limit-exceeded',
      `The ${planName} plan allows ${over.what}. Delete some or upgrade the plan.`,
      { plan: planName, limit: over.limit, meter: over.meter },
    );
}
