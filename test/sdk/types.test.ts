// Issue #24 finding 9: the create body was one flat type, so `{ type: 'url' }` without a URL
// compiled and vCard or Wi-Fi content got no completion. test/sdk/types/code-bodies.ts holds the
// bodies the SDK must accept and, under `@ts-expect-error`, those it must refuse; tsc reports a
// directive that meets no error, so a clean compile proves every refusal.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

describe('@qrs/sdk code bodies, one variant per code type', () => {
  it("compiles the accepted bodies and refuses the others, under tsc --init's strictness", async () => {
    const tsc = 'node_modules/typescript/bin/tsc';
    const result = await promisify(execFile)(process.execPath, [tsc, '-p', 'test/sdk/types'], {
      encoding: 'utf8',
    }).catch((err: { stdout: string }) => ({ stdout: err.stdout, failed: true }));
    assert.ok(!('failed' in result), `type test failed:\n${result.stdout}`);
  });
});
