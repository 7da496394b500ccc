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

describe('password and log-in texts', () => {
  it("take the minimum from the server's constant and say a wrong log-in is a wrong address or password", () => {
    for (const table of [en, de]) {
      assert.match(table['auth.passwordHint'], /\{min\}/);
      assert.doesNotMatch(table['auth.passwordHint'], /\d/, 'no second copy of the number');
    }
    assert.match(de['auth.loginWrong'], /E-Mail-Adresse oder das Passwort ist falsch/);
    assert.doesNotMatch(de['auth.loginWrong'], /Sitzung|Schlüssel/);
  });
});
