// The dashboard's API types are generated from the service's OpenAPI document and committed
// (web/src/api/schema.d.ts). A route change without `npm run gen -w web` fails here.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

describe('dashboard API types', () => {
  it('match the current OpenAPI document', async () => {
    // @ts-expect-error plain ESM script without type declarations
    const { generate } = await import('../../web/scripts/gen-api.mjs');
    const committed = readFileSync(new URL('../../web/src/api/schema.d.ts', import.meta.url), 'utf8');
    assert.ok((await generate()) === committed, 'web/src/api/schema.d.ts is stale: run `npm run gen -w web` and commit it');
  });
});
