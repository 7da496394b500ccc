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

/** What a licence document may be: the first bytes each type starts with. */
export const EVIDENCE_TYPES = {
  'application/pdf': '%PDF-',
  'image/png': '\x89PNG\r\n\x1a\n',
  'image/jpeg': '\xff\xd8\xff',
} as const;
export type EvidenceType = keyof typeof EVIDENCE_TYPES;

type Row = Selectable<Gs1PrefixesTable>;

/** The evidence of a claim as the organization and the operator see it; null for a claim without any. */
export function evidenceOf(row: Row) {
  if (!row.evidence_file_key && row.evidence_url === null && row.evidence_text === null) return null;
  return {
    file: row.evidence_file_key
      ? {
          name: row.evidence_file_name ?? '',
          content_type: row.evidence_content_type ?? 'application/octet-stream',
          size: Number(row.evidence_size ?? 0),
        }
      : null,
    gepir_url: row.evidence_url,
    gepir_text: row.evidence_text,
  };
}

export function toGs1Prefix(row: Row, status: Gs1PrefixesTable['status'] | 'removed' = row.status) {
  return {
    id: row.id,
    organization_id: row.organization_id,
    prefix: row.prefix,
    status,
    evidence: evidenceOf(row),
    submitted_at: row.submitted_at,
    rejection_reason: row.status === 'rejected' ? row.rejection_reason : null,
    decided_at: row.decided_at,
    verified_at: row.verified_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
export type Gs1Prefix = ReturnType<typeof toGs1Prefix>;
