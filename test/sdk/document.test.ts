// Gates on the OpenAPI document: types generated from the live document by openapi-typescript are
// the checked-in SDK types and type-check; public operations need no auth; nothing is `{}`.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { generateContentTypes, generateSdkTypes, publicPathsSource } from '../../scripts/sdk-types.js';
import { liveOpenApiDocument } from '../../scripts/openapi-live.js';

describe('the OpenAPI document as generators see it', () => {
  it("openapi-typescript types of the live document are the SDK's checked-in ones, and they type-check", async () => {
    const generated = await generateSdkTypes();
    assert.ok(generated.includes('"/01/{gtin}/21/{serial}"'));
    assert.equal(
      readFileSync('sdk/src/schema.ts', 'utf8'),
      generated,
      'sdk/src/schema.ts is stale: run `npm run sdk:types`',
    );
    assert.equal(
      readFileSync('sdk/src/public-paths.ts', 'utf8'),
      await publicPathsSource(),
      'sdk/src/public-paths.ts is stale: run `npm run sdk:types`',
    );
    assert.equal(
      readFileSync('sdk/src/content.ts', 'utf8'),
      await generateContentTypes(),
      'sdk/src/content.ts is stale: run `npm run sdk:types`',
    );
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'sdk/tsconfig.json'], {
      stdio: 'pipe',
    });
  });

  it('public operations say so, no schema is empty, every operation and parameter is described', async () => {
    const doc = (await liveOpenApiDocument()) as any;
    const publicOps = [
      '/v1/health',
      '/r/{short_code}',
      '/dpp/{gtin}/{serial}',
      '/01/{gtin}',
      '/01/{gtin}/21/{serial}',
      '/01/{gtin}/10/{lot}/21/{serial}',
      '/.well-known/gs1resolver',
    ];
    for (const path of publicOps) {
      for (const op of Object.values(doc.paths[path]) as any[]) assert.deepEqual(op.security, [], `${path} is public`);
    }
    assert.equal(
      Object.keys(doc.paths).some((p) => p.includes('*')),
      false,
      'no wildcard path',
    );
    const text = JSON.stringify(doc);
    assert.equal(text.includes('"schema":{}'), false, 'no {} schema');
    for (const [path, item] of Object.entries(doc.paths) as any[]) {
      for (const [method, op] of Object.entries(item) as any[]) {
        assert.ok(op.description, `${method} ${path} has a description`);
        for (const p of op.parameters ?? [])
          if (!p.$ref) assert.ok(p.description, `${method} ${path} ${p.name} described`);
        for (const r of Object.values(op.responses) as any[]) {
          assert.ok(r.headers['X-Request-Id'], `${method} ${path} declares X-Request-Id`);
          for (const media of Object.values(r.content ?? {}) as any[])
            assert.ok(
              media.example !== undefined || media.schema?.format === 'binary',
              `${method} ${path} has an example`,
            );
        }
        for (const media of Object.values(op.requestBody?.content ?? {}) as any[])
          assert.ok(
            media.example !== undefined || Object.keys(media.examples ?? {}).length > 0,
            `${method} ${path} request example`,
          );
      }
    }
    assert.ok(doc.info.license && doc.info.contact && doc.servers.length);
    assert.ok(doc.components.schemas.PassportData && doc.components.schemas.Code && doc.components.schemas.Workspace);
    assert.equal(
      (text.match(/"generalProductInformation":\{"type"/g) ?? []).length,
      1,
      'the passport data schema is defined once',
    );
    for (const name of ['X-Request-Id', 'X-RateLimit-Limit', 'Retry-After', 'Idempotent-Replayed', 'ETag'])
      assert.ok(text.includes(`"${name}"`), name);
    for (const name of ['Idempotency-Key', 'X-CSRF-Token', 'X-Workspace-Id', 'If-None-Match'])
      assert.ok(text.includes(`"name":"${name}"`), name);
    const limit = doc.paths['/v1/codes'].get.parameters.find((p: any) => p.name === 'limit');
    assert.equal(limit.required, false);
  });
});
