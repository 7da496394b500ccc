import type { DB } from '../../db/database.js';

/**
 * What the usage meter counts in other features' tables: active dynamic codes (codes), stored files
 * (files) and logos (brand). Those features sit above usage (they check their quotas through it),
 * so they hand their counts down once at startup (src/features/index.ts), as the workspaces
 * feature gets the organization's plan.
 */
export interface UsageSources {
  activeDynamicCodes: (db: DB, organizationId: string, now: string) => Promise<number>;
  storedFiles: (db: DB, organizationId: string) => Promise<{ count: number; bytes: number }>;
  storedLogos: (db: DB, organizationId: string) => Promise<{ count: number; bytes: number }>;
}

let sources: UsageSources | undefined;

export function countUsageWith(given: UsageSources) {
  sources = given;
}

export function usageSources(): UsageSources {
  if (!sources)
    throw new Error('The codes, files and brand features have not handed down their counts (src/features/index.ts).');
  return sources;
}
