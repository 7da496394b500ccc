// One behaviour contract for every blob store (docs/codes.md, "Storage"): the local-disk store
// and the S3-compatible one, the latter against a real S3-compatible server on loopback
// (test/support/s3-server.ts), so what the files API relies on holds whichever is configured.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DiskBlobStore, type BlobStore } from '../../../src/platform/storage/blob-store.js';
import { S3BlobStore } from '../../../src/platform/storage/s3-blob-store.js';
import { storageConfig } from '../../../src/config/storage.js';
import { s3Env, startS3Server } from '../../support/s3-server.js';

const s3 = await startS3Server();

async function read(stream: Readable): Promise<{ bytes: Buffer; chunks: number }> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return { bytes: Buffer.concat(chunks), chunks: chunks.length };
}

interface Backend {
  name: string;
  skip?: string;
  open(): Promise<{ store: BlobStore; close(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: 'disk',
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'qrs-blobs-'));
      return { store: new DiskBlobStore(dir), close: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'skip' in s3 ? 's3' : `s3 (${s3.kind})`,
    skip: 'skip' in s3 ? s3.skip : undefined,
    async open() {
      if ('skip' in s3) throw new Error(s3.skip);
      const store = new S3BlobStore(storageConfig(s3Env(s3)).s3!);
      return { store, close: async () => store.close() };
    },
  },
];

after(async () => {
  if (!('skip' in s3)) await s3.close();
});

for (const backend of backends) {
  describe(`blob store contract [${backend.name}]`, () => {
    // A skipped test (not a skipped suite) so the runner's count shows it.
    if (backend.skip) return void it('runs against an S3-compatible server', { skip: backend.skip }, () => {});
    let store: BlobStore;
    let close: () => Promise<void>;
    before(async () => ({ store, close } = await backend.open()));
    after(() => close());

    const PDF = Buffer.from('%PDF-1.7\n' + 'x'.repeat(100) + '\n%%EOF\n');

    it('gives back the bytes, size and content type it was given', async () => {
      await store.put('ws_1/fil_a', PDF, 'application/pdf');
      const got = await store.open('ws_1/fil_a');
      assert.ok(got);
      assert.equal(got.size, PDF.length);
      assert.equal(got.contentType, 'application/pdf');
      assert.deepEqual((await read(got.stream)).bytes, PDF);
    });

    it('keeps every byte value', async () => {
      const all = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
      await store.put('ws_1/fil_bin', all, 'application/octet-stream');
      const got = (await store.open('ws_1/fil_bin'))!;
      assert.deepEqual((await read(got.stream)).bytes, all);
    });

    it('answers null for a key with nothing under it', async () => {
      assert.equal(await store.open('ws_1/fil_none'), null);
      assert.equal(await store.open('ws_none/fil_a'), null);
    });

    it('replaces an object put again under the same key, type included', async () => {
      await store.put('ws_1/fil_b', Buffer.from('first'), 'text/plain');
      await store.put('ws_1/fil_b', PDF, 'application/pdf');
      const got = (await store.open('ws_1/fil_b'))!;
      assert.equal(got.size, PDF.length);
      assert.equal(got.contentType, 'application/pdf');
      assert.deepEqual((await read(got.stream)).bytes, PDF);
    });

    it('deletes an object, and deleting a missing one is no error', async () => {
      await store.put('ws_1/fil_c', PDF, 'application/pdf');
      await store.put('ws_1/fil_d', PDF, 'application/pdf');
      await store.delete('ws_1/fil_c');
      assert.equal(await store.open('ws_1/fil_c'), null);
      assert.ok(await store.open('ws_1/fil_d').then((o) => (o?.stream.destroy(), o)), 'a neighbour is untouched');
      await store.delete('ws_1/fil_c');
      await store.delete('ws_none/fil_none');
    });

    it('streams a large object in chunks rather than one buffer', async () => {
      const big = randomBytes(3 * 1024 * 1024);
      await store.put('ws_2/fil_big', big, 'application/pdf');
      const got = (await store.open('ws_2/fil_big'))!;
      assert.equal(got.size, big.length);
      const { bytes, chunks } = await read(got.stream);
      assert.equal(createHash('sha256').update(bytes).digest('hex'), createHash('sha256').update(big).digest('hex'));
      assert.ok(chunks > 1, `read in ${chunks} chunk(s)`);
    });

    it('an abandoned read can be destroyed and the store still answers', async () => {
      await store.put('ws_2/fil_e', randomBytes(1024 * 1024), 'application/pdf');
      for (let i = 0; i < 3; i++) (await store.open('ws_2/fil_e'))!.stream.destroy();
      const got = (await store.open('ws_2/fil_e'))!;
      assert.equal((await read(got.stream)).bytes.length, 1024 * 1024);
    });

    it('refuses keys that are not made of ids, before touching anything', async () => {
      for (const key of ['', '../x', 'a/../b', 'a b', 'a.type', '/a', 'a/', 'a\\b', 'a/b/c/d/e']) {
        await assert.rejects(store.put(key, PDF, 'application/pdf'), /invalid blob key/, key);
        await assert.rejects(store.open(key), /invalid blob key/, key);
        await assert.rejects(store.delete(key), /invalid blob key/, key);
      }
    });
  });
}

describe('disk blob store', () => {
  it('reads a file stored before types were kept as application/octet-stream', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qrs-blobs-'));
    try {
      const store = new DiskBlobStore(dir);
      await store.put('ws/fil_old', Buffer.from('%PDF-'), 'application/pdf');
      unlinkSync(join(dir, 'ws', 'fil_old.type'));
      const got = (await store.open('ws/fil_old'))!;
      got.stream.destroy();
      assert.equal(got.contentType, 'application/octet-stream');
      await store.delete('ws/fil_old');
      assert.equal(await store.open('ws/fil_old'), null);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('S3 blob store', () => {
  it(
    'keeps objects under S3_KEY_PREFIX, and a wrong secret is refused',
    { skip: 'skip' in s3 && s3.skip },
    async () => {
      if ('skip' in s3) return;
      const prefix = `p${randomBytes(4).toString('hex')}/qrs/`;
      const store = new S3BlobStore(storageConfig(s3Env(s3, prefix)).s3!);
      try {
        await store.put('ws_9/fil_x', Buffer.from('%PDF-1.4'), 'application/pdf');
        assert.deepEqual(await s3.keys(prefix), [`${prefix}ws_9/fil_x`]);
        const wrong = new S3BlobStore(
          storageConfig({ ...s3Env(s3, prefix), S3_SECRET_ACCESS_KEY: 'not-the-secret' }).s3!,
        );
        try {
          await assert.rejects(wrong.put('ws_9/fil_y', Buffer.from('%PDF-'), 'application/pdf'), /signature/i);
          await assert.rejects(wrong.open('ws_9/fil_x'), /signature|forbidden|access/i);
        } finally {
          wrong.close();
        }
        assert.equal(await store.open('ws_9/fil_y'), null, 'a refused put stored nothing');
      } finally {
        await store.delete('ws_9/fil_x');
        store.close();
      }
    },
  );
});
