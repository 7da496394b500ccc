// German must be complete: workspaces default to the `de` locale.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { en } from '../../web/src/i18n/en.js';
import { de } from '../../web/src/i18n/de.js';

describe('dashboard messages', () => {
  it('have the same keys in English and German, none empty, with the same placeholders', () => {
    assert.deepEqual(Object.keys(de).sort(), Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      const german = (de as Record<string, string>)[key];
      assert.ok(german.trim(), `de ${key} is empty`);
      const vars = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      assert.deepEqual(vars(german), vars(text), `placeholders of ${key}`);
    }
  });
});
