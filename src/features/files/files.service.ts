import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { ServiceDeps } from '../../platform/deps.js';
import type { Principal } from '../../http/principal.js';
import { rejectFields, notFound, type FieldError } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { DiskBlobStore, type BlobStore } from '../../platform/storage/blob-store.js';
import { S3BlobStore } from '../../platform/storage/s3-blob-store.js';
import { auditActor, recordAudit } from '../audit/index.js';
import { checkStorageQuota } from '../usage/index.js';
import { effectivePlans } from '../limits/index.js';
import { FILE_TYPES, type FileInfo, type FileType, type FileUpload } from './files.schemas.js';
import { findFile, insertFile } from './files.repo.js';
import type { FilesTable } from './files.table.js';

const stores = new Map<string, BlobStore>();

/**
 * The configured store (STORAGE_DRIVER); one per directory or bucket, so every feature that reads
 * files shares it, and an S3 client keeps one connection pool.
 */
export function blobStore(config: ServiceDeps['config']): BlobStore {
  const { s3, dir } = config.storage;
  const id = s3 ? JSON.stringify(s3) : dir;
  let s = stores.get(id);
  if (!s) stores.set(id, (s = s3 ? new S3BlobStore(s3) : new DiskBlobStore(dir)));
  return s;
}

export const blobKey = (row: Pick<Selectable<FilesTable>, 'workspace_id' | 'id'>) => `${row.workspace_id}/${row.id}`;

export function toFileInfo(row: Selectable<FilesTable>): FileInfo {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    name: row.name,
    content_type: row.content_type,
    size: Number(row.size),
    sha256: row.sha256,
    created_at: row.created_at,
  };
}

/** What is wrong with these bytes for the declared type, if anything: size first, then the magic. */
export function checkBytes(bytes: Buffer, type: FileType, maxBytes: number): FieldError[] {
  if (bytes.length === 0) return [{ pointer: '/data', detail: 'the file is empty', code: 'empty' }];
  if (bytes.length > maxBytes)
    return [{ pointer: '/data', detail: `the file is larger than ${maxBytes} bytes`, code: 'too_large' }];
  // A declared type the bytes do not bear out would be served under a false Content-Type.
  if (!bytes.subarray(0, 8).toString('latin1').startsWith(FILE_TYPES[type]))
    return [{ pointer: '/data', detail: `the bytes are not a ${type} file`, code: 'type_mismatch' }];
  return [];
}

/**
 * Stores the bytes, then the row and its audit entry in one transaction; a failed transaction
 * removes the bytes again, so a refused or failed upload leaves nothing behind.
 */
export async function uploadFile(deps: ServiceDeps, p: Principal, input: FileUpload): Promise<FileInfo> {
  const type = input.content_type as FileType;
  const bytes = Buffer.from(input.data, 'base64');
  const errors = checkBytes(bytes, type, deps.config.storage.maxFileBytes);
  if (errors.length) throw rejectFields(errors);
  const now = deps.clock.now();
  const row = {
    id: newId('fil'),
    organization_id: p.organizationId,
    workspace_id: p.workspaceId,
    name: input.name,
    content_type: type,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    created_by: p.actorId,
    created_at: now.toISOString(),
  };
  const plans = await effectivePlans(deps);
  const quota = (db: typeof deps.db, lock: boolean) =>
    checkStorageQuota(db, p.organizationId, p.plan, plans, { kind: 'file', bytes: row.size }, { lock });
  // Checked before the bytes are written, so a refusal writes nothing, and again under the lock.
  await quota(deps.db, false);
  const store = blobStore(deps.config);
  await store.put(blobKey(row), bytes, type);
  try {
    await deps.db.transaction().execute(async (trx) => {
      await quota(trx, true);
      await insertFile(trx, row);
      await recordAudit(trx, auditActor(p), {
        action: 'files.uploaded',
        resourceType: 'files',
        resourceId: row.id,
        after: toFileInfo(row),
        at: now,
      });
    });
  } catch (err) {
    await store.delete(blobKey(row));
    throw err;
  }
  return toFileInfo(row);
}

export async function getFile(deps: ServiceDeps, p: Principal, id: string): Promise<FileInfo> {
  const row = await findFile(deps.db, p.workspaceId, id);
  if (!row) throw notFound('File');
  return toFileInfo(row);
}
