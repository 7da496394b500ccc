// STORAGE_DRIVER and the S3_* variables (docs/codes.md, "Storage"), checked at start-up so a
// deployment that meant to keep its files in a bucket never writes them to a container's disk.
import type { Config } from '../platform/config.js';
import type { S3StoreOptions } from '../platform/storage/s3-blob-store.js';

const S3_VARS = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
// AWS's rules, which every S3-compatible server accepts: 3-63 lowercase letters, digits, dots, hyphens.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^[A-Za-z0-9][A-Za-z0-9_./-]{0,199}$/;

function endpoint(raw: string | undefined): string | null {
  if (!raw) return null;
  let url: URL | null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash)
    throw new Error(`S3_ENDPOINT must be an http(s) URL such as https://s3.example.com, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

function pathStyle(env: NodeJS.ProcessEnv, hasEndpoint: boolean): boolean {
  const raw = env.S3_FORCE_PATH_STYLE;
  // A self-hosted server rarely has a wildcard DNS name per bucket; AWS prefers bucket host names.
  if (raw === undefined || raw === '') return hasEndpoint;
  if (raw !== 'true' && raw !== 'false') throw new Error(`S3_FORCE_PATH_STYLE must be true or false, got "${raw}"`);
  return raw === 'true';
}

function s3(env: NodeJS.ProcessEnv): S3StoreOptions {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET, the bucket that keeps uploaded files');
  if (!BUCKET.test(bucket) || bucket.includes('..'))
    throw new Error(
      `S3_BUCKET must be a bucket name (3-63 lowercase letters, digits, dots and hyphens), got "${bucket}"`,
    );
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() || '';
  if (!accessKeyId !== !secretAccessKey)
    throw new Error(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS credential chain (AWS_* variables, instance role)',
    );
  const keyPrefix = env.S3_KEY_PREFIX ?? '';
  if (keyPrefix && (!PREFIX.test(keyPrefix) || keyPrefix.split('/').includes('..')))
    throw new Error(
      `S3_KEY_PREFIX must be letters, digits and _ . / - (not starting with /), such as qrs/, got "${keyPrefix}"`,
    );
  const url = endpoint(env.S3_ENDPOINT?.trim());
  return {
    bucket,
    endpoint: url,
    region: env.S3_REGION?.trim() || 'us-east-1',
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: pathStyle(env, url !== null),
    keyPrefix,
  };
}

export function storageConfig(env: NodeJS.ProcessEnv): Config['storage'] {
  const driver = env.STORAGE_DRIVER || 'disk';
  if (driver !== 'disk' && driver !== 's3') throw new Error(`STORAGE_DRIVER must be disk or s3, got "${driver}"`);
  const stray = S3_VARS.filter((name) => env[name]);
  if (driver === 'disk' && stray.length)
    throw new Error(
      `${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set but STORAGE_DRIVER is not s3, so uploaded files would go to STORAGE_DIR on local disk: set STORAGE_DRIVER=s3, or unset ${stray.length > 1 ? 'them' : 'it'}`,
    );
  const maxFileBytes = Number(env.FILE_MAX_BYTES || 5 * 1024 * 1024);
  if (!Number.isInteger(maxFileBytes) || maxFileBytes < 1)
    throw new Error(`FILE_MAX_BYTES must be a positive integer, got "${env.FILE_MAX_BYTES}"`);
  return {
    driver,
    dir: env.STORAGE_DIR || './data/files',
    maxFileBytes,
    s3: driver === 's3' ? s3(env) : null,
  };
}
