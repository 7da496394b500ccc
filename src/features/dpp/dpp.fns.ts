// Pure helpers of the passport resource: row → API object, the public page address, and the
// mapping of validator issues to docs/decisions.md D3 problem items.
import type { Selectable } from 'kysely';
import { rejectFields, type AppError, type FieldError } from '../../http/errors.js';
import type { CreatePassport, Passport, PassportData } from './dpp.contract.js';
import type { Issue } from './dpp.validate.js';
import { buildDigitalLink, encodeAiValue, uniqueIdentifier } from './gs1.js';
import type { DppPassportsTable } from './dpp.table.js';

export type PassportRow = Selectable<DppPassportsTable>;

/** `{base}/dpp/{gtin14}/{serial}[?lot=…]`: the human page the resolver redirects to. */
export function publicUrl(baseUrl: string, key: { gtin: string; serial: string; lot: string | null }): string {
  const lot = key.lot != null ? `?lot=${encodeAiValue(key.lot)}` : '';
  return `${baseUrl.replace(/\/+$/, '')}/dpp/${key.gtin}/${encodeAiValue(key.serial)}${lot}`;
}

/** The API object; fields are whitelisted so a new column never leaks. */
export function toPassport(row: PassportRow, baseUrl: string): Passport {
  const key = { gtin: row.gtin, serial: row.serial, lot: row.lot };
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    gtin: row.gtin,
    serial: row.serial,
    lot: row.lot,
    category: row.category,
    battery_status: row.battery_status,
    publication_status: row.publication_status,
    predecessor_id: row.predecessor_id,
    unique_identifier: uniqueIdentifier(row),
    digital_link: buildDigitalLink(baseUrl, key),
    public_url: publicUrl(baseUrl, key),
    version: row.version,
    data: JSON.parse(row.data) as PassportData,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The stored passport as a create request, so validatePassport can judge it again (publish, PATCH). */
export function asCreateRequest(state: {
  gtin: string;
  serial: string;
  lot: string | null;
  category: CreatePassport['category'];
  battery_status: CreatePassport['battery_status'];
  predecessor_id: string | null;
  data: unknown;
}): Record<string, unknown> {
  const out: Record<string, unknown> = {
    gtin: state.gtin,
    serial: state.serial,
    category: state.category,
    battery_status: state.battery_status,
    data: state.data,
  };
  if (state.lot != null) out.lot = state.lot;
  if (state.predecessor_id != null) out.predecessor_id = state.predecessor_id;
  return out;
}

const issueFieldErrors = (issues: Issue[]): FieldError[] =>
  issues.map((i) => ({ pointer: i.path, detail: i.message, code: i.code }));

/**
 * docs/decisions.md D3: a missing envelope field (`/gtin`, `/data`…) is a 400; everything else, including missing
 * attributes inside `data`, is a 422. Both carry every validator error.
 */
export function rejection(issues: Issue[]): AppError {
  const detail = `The passport is not valid: ${issues.length} error${issues.length === 1 ? '' : 's'}.`;
  const envelopeFieldMissing = (e: FieldError) => e.code === 'required' && /^\/[^/]+$/.test(e.pointer);
  return rejectFields(issueFieldErrors(issues), detail, envelopeFieldMissing);
}
