import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/** An S3-compatible server for the tests and what STORAGE_DRIVER=s3 needs to reach it. */
export interface S3Server {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** where this server came from, for the test names */
  kind: string;
  /** The keys of the bucket's objects under `prefix`, read past our store, sorted. */
  keys(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

const PACKAGE = '@20minutes/s3rver';

// The server runs in a child process: s3rver brings its own logger and exception handlers, which
// have no business in the test runner's process. It exits when our end of its stdin closes, so a
// test process that dies takes it along.
const CHILD = `
const S3rver = require(process.env.S3RVER_MAIN);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: process.env.S3RVER_DIR,
  vhostBuckets: false,
  configureBuckets: [{ name: process.env.S3RVER_BUCKET }],
});
server.run().then(
  (address) => console.log(JSON.stringify({ port: address.port })),
  (err) => { console.error(err && err.stack || err); process.exit(1); },
);
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
`;

/** s3rver (docs/decisions.md D29) on 127.0.0.1, with one bucket; its objects live in a temporary directory. */
async function startS3rver(main: string): Promise<S3Server> {
  const dir = mkdtempSync(join(tmpdir(), 'qrs-s3rver-'));
  const bucket = 'qrs-test';
  const child: ChildProcess = spawn(process.execPath, ['-e', CHILD], {
    env: { PATH: process.env.PATH, S3RVER_MAIN: main, S3RVER_DIR: dir, S3RVER_BUCKET: bucket },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start within 20 s: ${stderr}`)), 20_000);
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with ${code} before it listened: ${stderr}`));
    });
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    // s3rver's one account; it checks SigV4 signatures against it.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    kind: 's3rver',
    // s3rver computes a bucket-level request's signature over "/bucket" where the SDK signs
    // "/bucket/", so listing goes to its directory (objects are <key>._S3rver_object).
    keys: async (prefix) => {
      const root = join(dir, bucket);
      const suffix = '._S3rver_object';
      return readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile() && d.name.endsWith(suffix))
        .map((d) => join(d.parentPath, d.name).slice(root.length + 1, -suffix.length))
        .filter((key) => key.startsWith(prefix))
        .sort();
    },
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.stdin!.end();
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * TEST_S3_ENDPOINT (with TEST_S3_BUCKET, TEST_S3_ACCESS_KEY_ID, TEST_S3_SECRET_ACCESS_KEY and
 * optionally TEST_S3_REGION) runs the S3 suites against that server instead, e.g. a MinIO.
 */
function external(): S3Server | null {
  const endpoint = process.env.TEST_S3_ENDPOINT;
  if (!endpoint) return null;
  const need = ['TEST_S3_BUCKET', 'TEST_S3_ACCESS_KEY_ID', 'TEST_S3_SECRET_ACCESS_KEY'];
  const missing = need.filter((n) => !process.env[n]);
  if (missing.length) throw new Error(`TEST_S3_ENDPOINT is set but ${missing.join(', ')} not`);
  return {
    endpoint,
    bucket: process.env.TEST_S3_BUCKET!,
    region: process.env.TEST_S3_REGION || 'us-east-1',
    accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID!,
    secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY!,
    kind: `TEST_S3_ENDPOINT ${endpoint}`,
    keys: async (prefix) => {
      const client = new S3Client({
        region: process.env.TEST_S3_REGION || 'us-east-1',
        endpoint,
        forcePathStyle: true,
        credentials: {
          accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID!,
          secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY!,
        },
      });
      try {
        const res = await client.send(
          new ListObjectsV2Command({ Bucket: process.env.TEST_S3_BUCKET!, Prefix: prefix }),
        );
        return (res.Contents ?? []).map((o) => o.Key!).sort();
      } finally {
        client.destroy();
      }
    },
    close: async () => {},
  };
}

/**
 * The S3-compatible server of a test file, or the reason there is none. Without one the S3 suites
 * are skipped, and say so loudly; under CI=true (where `npm ci` installs the server) it is an error.
 */
export async function startS3Server(): Promise<S3Server | { skip: string }> {
  const ext = external();
  if (ext) return ext;
  let main: string;
  try {
    main = createRequire(import.meta.url).resolve(PACKAGE);
  } catch {
    const reason = `${PACKAGE} is not installed (npm install; it is a devDependency), so no S3-compatible server could be started`;
    if (process.env.CI === 'true') throw new Error(reason);
    console.warn(`\n${'!'.repeat(78)}\n!! S3 SUITES SKIPPED: ${reason}\n${'!'.repeat(78)}\n`);
    return { skip: reason };
  }
  return startS3rver(main);
}

/** The STORAGE_* and S3_* variables of an app that keeps its files on `server`, under its own prefix. */
export function s3Env(server: S3Server, keyPrefix = `t${randomBytes(4).toString('hex')}/`): Record<string, string> {
  return {
    STORAGE_DRIVER: 's3',
    S3_BUCKET: server.bucket,
    S3_ENDPOINT: server.endpoint,
    S3_REGION: server.region,
    S3_ACCESS_KEY_ID: server.accessKeyId,
    S3_SECRET_ACCESS_KEY: server.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    S3_KEY_PREFIX: keyPrefix,
  };
}
