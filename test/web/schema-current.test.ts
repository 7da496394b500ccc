// The dashboard calls the API only through @qrs/sdk, and type-checks against the SDK's types
// (sdk/src/schema.ts, generated from the service's OpenAPI document). A route change without
// `npm run sdk:types` fails here, and the dashboard source imports no other HTTP client.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSdkTypes } from '../../scripts/sdk-types.js';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('dashboard API types', () => {
  it("are the SDK's, and match the current OpenAPI document", async () => {
    assert.equal(
      readFileSync('sdk/src/schema.ts', 'utf8'),
      await generateSdkTypes(),
      'sdk/src/schema.ts is stale: run `npm run sdk:types` and commit it',
    );
    const client = readFileSync('web/src/api/client.ts', 'utf8');
    assert.match(client, /from '@qrs\/sdk'/);
    const pkg = JSON.parse(readFileSync('web/package.json', 'utf8'));
    assert.equal(pkg.dependencies['@qrs/sdk'], '*');
  });

  it('the dashboard talks to the API only through the SDK wrapper (no other client, no raw fetch)', () => {
    for (const file of sources('web/src')) {
      const text = readFileSync(file, 'utf8');
      assert.doesNotMatch(text, /from 'openapi-fetch'/, `${file} imports openapi-fetch directly`);
      if (!file.endsWith(join('api', 'client.ts')))
        assert.doesNotMatch(text, /from '@qrs\/sdk'/, `${file}: only web/src/api/client.ts imports the SDK`);
      assert.doesNotMatch(text, /\bfetch\(/, `${file} calls fetch() itself`);
    }
  });
});
