import type { Selectable } from 'kysely';
import type { Gs1PrefixesTable } from './gs1-prefixes.table.js';

export const PREFIX_MIN = 4;
export const PREFIX_MAX = 12;

/**
 * Every company prefix that could cover a GTIN: GS1 company prefixes are written in GTIN-13
 * form, so they are compared with the 14-digit GTIN minus its indicator digit (a UPC company
 * prefix is written with its leading 0, as GS1 does).
 */
export function prefixesCovering(gtin14: string): string[] {
  const body = gtin14.slice(1, 13);
  const out: string[] = [];
  for (let n = PREFIX_MIN; n <= PREFIX_MAX; n++) out.push(body.slice(0, n));
  return out;
}

/** Prefixes that one of which starts with the other: they cannot belong to two organizations. */
export function shorterPrefixesOf(prefix: string): string[] {
  const out: string[] = [];
  for (let n = PREFIX_MIN; n <= prefix.length; n++) out.push(prefix.slice(0, n));
  return out;
}

export function toGs1Prefix(
  row: Selectable<Gs1PrefixesTable>,
  status: Gs1PrefixesTable['status'] | 'removed' = row.status,
) {
  return {
    id: row.id,
    organization_id: row.organization_id,
    prefix: row.prefix,
    status,
    verified_at: row.verified_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
export type Gs1Prefix = ReturnType<typeof toGs1Prefix>;
