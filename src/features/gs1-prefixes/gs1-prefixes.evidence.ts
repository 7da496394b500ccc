// The evidence a claim carries (docs/decisions/0075-gs1-prefix-verification.md): a GS1 licence
// document, whose bytes go to the blob store files use, within the same size check and storage
// quota, or the GEPIR record the organization found (its address and/or text).
import type { ServiceDeps } from '../../platform/deps.js';
import type { Principal } from '../../http/principal.js';
import type { FieldError } from '../../http/errors.js';
import { rejectFields } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { blobStore } from '../files/index.js';
import { checkStorageQuota } from '../usage/index.js';
import { EVIDENCE_TYPES, type EvidenceType } from './gs1-prefixes.fns.js';
import type { EvidenceInput } from './gs1-prefixes.schemas.js';
import type { Gs1PrefixesTable } from './gs1-prefixes.table.js';

type EvidenceColumns = Pick<
  Gs1PrefixesTable,
  | 'evidence_file_key'
  | 'evidence_file_name'
  | 'evidence_content_type'
  | 'evidence_size'
  | 'evidence_url'
  | 'evidence_text'
>;

export const NO_EVIDENCE: EvidenceColumns = {
  evidence_file_key: null,
  evidence_file_name: null,
  evidence_content_type: null,
  evidence_size: null,
  evidence_url: null,
  evidence_text: null,
};

/** What is wrong with a licence document's bytes: empty, too large, or not what the type says. */
function checkDocument(bytes: Buffer, type: EvidenceType, maxBytes: number, at: string): FieldError[] {
  if (bytes.length === 0) return [{ pointer: `${at}/data`, detail: 'the file is empty', code: 'empty' }];
  if (bytes.length > maxBytes)
    return [{ pointer: `${at}/data`, detail: `the file is larger than ${maxBytes} bytes`, code: 'too_large' }];
  if (!bytes.subarray(0, 8).toString('latin1').startsWith(EVIDENCE_TYPES[type]))
    return [{ pointer: `${at}/data`, detail: `the bytes are not a ${type} file`, code: 'type_mismatch' }];
  return [];
}

/** Evidence the transaction will write, and how to take its bytes back if the transaction fails. */
export interface StagedEvidence {
  columns: EvidenceColumns;
  discard(): Promise<void>;
}

/**
 * Checks the evidence and stores a document's bytes before the transaction (as uploads do), so a
 * refusal stores nothing; the caller discards them when its transaction fails. `at` is the JSON
 * pointer of the evidence in the request body.
 */
export async function stageEvidence(
  deps: ServiceDeps,
  p: Principal,
  evidence: EvidenceInput | undefined,
  at: string,
): Promise<StagedEvidence> {
  const text = evidence?.gepir_text?.trim() || null;
  const url = evidence?.gepir_url ?? null;
  if (!evidence?.file && !url && !text)
    throw rejectFields([
      { pointer: at, detail: 'give the GS1 licence document or the GEPIR record (address or text)', code: 'required' },
    ]);
  const columns = { ...NO_EVIDENCE, evidence_url: url, evidence_text: text };
  if (!evidence?.file) return { columns, discard: async () => {} };
  const type = evidence.file.content_type as EvidenceType;
  const bytes = Buffer.from(evidence.file.data, 'base64');
  const errors = checkDocument(bytes, type, deps.config.storage.maxFileBytes, `${at}/file`);
  if (errors.length) throw rejectFields(errors);
  await checkStorageQuota(
    deps.db,
    p.organizationId,
    p.plan,
    deps.config.plans,
    { kind: 'file', bytes: bytes.length },
    {
      lock: false,
    },
  );
  const key = `gs1-evidence/${p.organizationId}/${newId('fil')}`;
  const store = blobStore(deps.config);
  await store.put(key, bytes, type);
  return {
    columns: {
      ...columns,
      evidence_file_key: key,
      evidence_file_name: evidence.file.name,
      evidence_content_type: type,
      evidence_size: bytes.length,
    },
    discard: () => store.delete(key),
  };
}

/** Removes a document no claim points to any more; a missing one is not an error. */
export async function dropDocument(deps: ServiceDeps, key: string | null) {
  if (key) await blobStore(deps.config).delete(key);
}

/** The document's bytes, for the operator. */
export function openDocument(deps: ServiceDeps, key: string) {
  return blobStore(deps.config).open(key);
}
