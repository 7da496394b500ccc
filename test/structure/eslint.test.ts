// The lint rules can fail: a fixture that breaks each of them once, linted with the
// project's own eslint.config.js (typed, so no-floating-promises sees the promise).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = fileURLToPath(new URL('../fixtures/lint/floating.ts', import.meta.url));

describe('eslint', () => {
  it('reports an unused variable, a value import used only as a type and a floating promise', async () => {
    const eslint = new ESLint({ cwd: root, ignore: false });
    const [result] = await eslint.lintFiles([fixture]);
    const rules = new Set(result.messages.map((m) => m.ruleId));
    assert.deepEqual(
      result.messages.filter((m) => m.fatal),
      [],
    );
    for (const rule of [
      '@typescript-eslint/no-unused-vars',
      '@typescript-eslint/consistent-type-imports',
      '@typescript-eslint/no-floating-promises',
    ]) {
      assert.ok(rules.has(rule), `${rule} not reported: ${JSON.stringify(result.messages)}`);
    }
  });
});
