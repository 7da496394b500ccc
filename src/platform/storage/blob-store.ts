import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/** A stored object: its bytes as a stream, its size and the type it was stored with. */
export interface BlobObject {
  stream: Readable;
  size: number;
  contentType: string;
}

/**
 * Where uploaded bytes live, behind the smallest surface both backends share (docs/codes.md,
 * "Storage"): whole-object put, streamed read, delete. Local disk by default, S3-compatible in
 * `s3-blob-store.ts`. Metadata (owner, name, size, hash) stays in the database; a store only knows
 * keys, and the type so that the object is self-describing where it lives.
 */
export interface BlobStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object, or null when there is none under the key. The caller must consume or destroy the stream. */
  open(key: string): Promise<BlobObject | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** What an object stored without a type (before types were kept) reads as. */
export const UNKNOWN_TYPE = 'application/octet-stream';

// Keys are made from our own ids; refusing anything else keeps a key from ever naming a path
// outside the store's directory, and keeps S3 keys free of characters that need encoding.
const KEY = /^[A-Za-z0-9_-]{1,100}(?:\/[A-Za-z0-9_-]{1,100}){0,3}$/;

export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid blob key ${JSON.stringify(key)}`);
  return key;
}

/**
 * Files under one directory (STORAGE_DIR). A write goes to a temporary name first, so a reader
 * never sees half a file. The type sits beside the file in `<file>.type` (a key has no dot, so
 * no key can name it).
 */
export class DiskBlobStore implements BlobStore {
  private readonly root: string;

  constructor(dir: string) {
    this.root = resolve(dir);
  }

  private path(key: string): string {
    const p = join(this.root, ...checkKey(key).split('/'));
    if (!p.startsWith(this.root + sep)) throw new Error('blob key escapes the store');
    return p;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const p = this.path(key);
    await mkdir(dirname(p), { recursive: true });
    const suffix = `${randomBytes(6).toString('hex')}.tmp`;
    const tmp = `${p}.${suffix}`;
    const tmpType = `${p}.type.${suffix}`;
    try {
      await writeFile(tmp, bytes);
      await writeFile(tmpType, contentType);
      // The type first: a reader that finds the file finds its type too.
      await rename(tmpType, `${p}.type`);
      await rename(tmp, p);
    } catch (err) {
      await Promise.all([rm(tmp, { force: true }), rm(tmpType, { force: true })]);
      throw err;
    }
  }

  async open(key: string): Promise<BlobObject | null> {
    const p = this.path(key);
    try {
      const s = await stat(p);
      const contentType = await readFile(`${p}.type`, 'utf8').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return UNKNOWN_TYPE;
        throw err;
      });
      return { stream: createReadStream(p), size: s.size, contentType };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const p = this.path(key);
    await rm(p, { force: true });
    await rm(`${p}.type`, { force: true });
  }
}
