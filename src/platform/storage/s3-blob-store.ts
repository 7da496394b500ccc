import type * as S3 from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { checkKey, UNKNOWN_TYPE, type BlobObject, type BlobStore } from './blob-store.js';

/** STORAGE_DRIVER=s3 and the S3_* variables (docs/codes.md, "Storage"). */
export interface S3StoreOptions {
  bucket: string;
  /** S3_ENDPOINT: an S3-compatible server (MinIO, R2, Garage, …); null means AWS itself */
  endpoint: string | null;
  region: string;
  /** S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY; null: the AWS SDK's own chain (AWS_* variables, instance role) */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** bucket in the path (http://host/bucket/key) rather than in the host name */
  forcePathStyle: boolean;
  /** S3_KEY_PREFIX: prepended to every key, so several deployments can share a bucket */
  keyPrefix: string;
}

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * A failed call, named for the store: the SDK's socket errors (ECONNREFUSED, …) would otherwise
 * read as a database outage to the problem layer (docs/codes.md, "Storage": a 500).
 */
function storageError(op: string, key: string, err: unknown): Error {
  const e = err as { name?: string; message?: string; code?: string };
  return new Error(`S3 storage: ${op} ${key} failed: ${e?.code ?? e?.name ?? 'Error'}: ${e?.message ?? String(err)}`);
}

/** Objects in one bucket of an S3-compatible server; reads stream the response body through. */
export class S3BlobStore implements BlobStore {
  private sdk?: Promise<{ client: S3.S3Client; commands: typeof S3 }>;

  constructor(private readonly opts: S3StoreOptions) {}

  /**
   * The SDK and its client, made on the first call: the SDK takes about 60 ms to import, which every
   * process that starts the app paid whether or not it stores a file in S3.
   */
  private connect() {
    this.sdk ??= import('@aws-sdk/client-s3').then((commands) => ({
      commands,
      client: new commands.S3Client({
        region: this.opts.region,
        endpoint: this.opts.endpoint ?? undefined,
        forcePathStyle: this.opts.forcePathStyle,
        credentials: this.opts.credentials ?? undefined,
        // A stalled bucket must fail a request, not hold it (and its upload's memory) open.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
        // The SDK's default extra checksums (CRC32 headers and trailers) are not understood by every
        // S3-compatible server; requests stay SigV4-signed, and the database keeps each file's SHA-256.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return this.sdk;
  }

  private key(key: string): string {
    return this.opts.keyPrefix + checkKey(key);
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const Key = this.key(key);
    const { client, commands } = await this.connect();
    await client
      .send(
        new commands.PutObjectCommand({
          Bucket: this.opts.bucket,
          Key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      )
      .catch((err: unknown) => {
        throw storageError('put', Key, err);
      });
  }

  async open(key: string): Promise<BlobObject | null> {
    const Key = this.key(key);
    try {
      const { client, commands } = await this.connect();
      const res = await client.send(new commands.GetObjectCommand({ Bucket: this.opts.bucket, Key }));
      if (!(res.Body instanceof Readable)) throw new Error('S3 GetObject answered without a stream body');
      const size = Number(res.ContentLength);
      if (!Number.isSafeInteger(size)) {
        res.Body.destroy();
        throw new Error('S3 GetObject answered without a Content-Length');
      }
      return {
        stream: res.Body,
        size,
        contentType: res.ContentType || UNKNOWN_TYPE,
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw storageError('get', Key, err);
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a missing key too.
    const Key = this.key(key);
    const { client, commands } = await this.connect();
    await client.send(new commands.DeleteObjectCommand({ Bucket: this.opts.bucket, Key })).catch((err: unknown) => {
      throw storageError('delete', Key, err);
    });
  }

  close(): void {
    void this.sdk?.then(({ client }) => client.destroy());
  }
}
