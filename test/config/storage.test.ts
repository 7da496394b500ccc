// STORAGE_DRIVER and the S3_* variables (docs/codes.md, "Storage") are checked when the
// configuration is loaded: a bad or half-made S3 set-up stops start-up with a message naming the
// variable, rather than sending uploads somewhere the operator did not mean.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { loadConfig } from '../../src/config/load-config.js';

const storage = (env: Record<string, string>) =>
  loadConfig({ SECRETS_KEY: 'a'.repeat(64), ...env } as NodeJS.ProcessEnv).storage;
const S3 = {
  STORAGE_DRIVER: 's3',
  S3_BUCKET: 'qrs-files',
  S3_ENDPOINT: 'https://s3.example.com/',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('STORAGE_DRIVER', () => {
  it('defaults to the local disk under ./data/files, 5 MiB per file', () => {
    assert.deepEqual(storage({}), { driver: 'disk', dir: './data/files', maxFileBytes: 5 * 1024 * 1024, s3: null });
    assert.equal(storage({ STORAGE_DIR: '/srv/qrs', FILE_MAX_BYTES: '100' }).dir, '/srv/qrs');
  });

  it('s3 reads the bucket, endpoint, region, keys, path style and prefix', () => {
    assert.deepEqual(storage({ ...S3, S3_REGION: 'eu-central-1', S3_KEY_PREFIX: 'prod/qrs/' }).s3, {
      bucket: 'qrs-files',
      endpoint: 'https://s3.example.com',
      region: 'eu-central-1',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' },
      forcePathStyle: true,
      keyPrefix: 'prod/qrs/',
    });
  });

  it('on AWS itself: region us-east-1 unless named, host-style buckets, the SDK credential chain', () => {
    assert.deepEqual(storage({ STORAGE_DRIVER: 's3', S3_BUCKET: 'qrs-files' }).s3, {
      bucket: 'qrs-files',
      endpoint: null,
      region: 'us-east-1',
      credentials: null,
      forcePathStyle: false,
      keyPrefix: '',
    });
    assert.equal(storage({ ...S3, S3_FORCE_PATH_STYLE: 'false' }).s3!.forcePathStyle, false);
  });

  it('refuses a half-made or mistyped configuration, naming the variable', () => {
    const bad = (env: Record<string, string>, message: RegExp) => assert.throws(() => storage(env), message);
    bad({ STORAGE_DRIVER: 'minio' }, /^Error: STORAGE_DRIVER must be disk or s3, got "minio"$/);
    bad({ STORAGE_DRIVER: 's3' }, /STORAGE_DRIVER=s3 needs S3_BUCKET/);
    bad({ ...S3, S3_BUCKET: 'My_Bucket' }, /S3_BUCKET must be a bucket name .*got "My_Bucket"/);
    bad({ ...S3, S3_BUCKET: 'ab' }, /S3_BUCKET must be a bucket name/);
    bad({ ...S3, S3_SECRET_ACCESS_KEY: '' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    bad({ ...S3, S3_ACCESS_KEY_ID: '' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    bad({ ...S3, S3_ENDPOINT: 's3.example.com' }, /S3_ENDPOINT must be an http\(s\) URL .*got "s3.example.com"/);
    bad({ ...S3, S3_ENDPOINT: 'ftp://s3.example.com' }, /S3_ENDPOINT must be an http\(s\) URL/);
    bad({ ...S3, S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE must be true or false, got "yes"/);
    bad({ ...S3, S3_KEY_PREFIX: '/abs/' }, /S3_KEY_PREFIX must be/);
    bad({ ...S3, S3_KEY_PREFIX: 'a/../b/' }, /S3_KEY_PREFIX must be/);
    bad({ FILE_MAX_BYTES: '0' }, /FILE_MAX_BYTES must be a positive integer, got "0"/);
    bad({ FILE_MAX_BYTES: '5MB' }, /FILE_MAX_BYTES must be a positive integer/);
  });

  it('refuses S3 settings without STORAGE_DRIVER=s3: the files would silently go to local disk', () => {
    assert.throws(
      () => storage({ S3_BUCKET: 'qrs-files', S3_REGION: 'eu-west-1' }),
      /^Error: S3_BUCKET, S3_REGION are set but STORAGE_DRIVER is not s3, so uploaded files would go to STORAGE_DIR on local disk: set STORAGE_DRIVER=s3, or unset them$/,
    );
  });

  it('stops the server at start with the message', () => {
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      env: { ...process.env, DATABASE_URL: 'sqlite::memory:', PORT: '0', STORAGE_DRIVER: 's3', S3_BUCKET: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(res.status, 1, res.stderr);
    assert.match(res.stderr, /STORAGE_DRIVER=s3 needs S3_BUCKET/);
  });
});
