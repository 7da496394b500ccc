// INVITATIONS_PER_DAY (docs/security.md, "Unproven accounts and second factors") is checked when
// the configuration is loaded: 0, a negative or a non-number stops start-up naming the variable.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config/load-config.js';

const load = (env: Record<string, string>) =>
  loadConfig({ SECRETS_KEY: 'a'.repeat(64), ...env } as NodeJS.ProcessEnv).invitationsPerDay;

describe('INVITATIONS_PER_DAY', () => {
  it('defaults to 50 and takes a positive integer', () => {
    assert.equal(load({}), 50);
    assert.equal(load({ INVITATIONS_PER_DAY: '7' }), 7);
  });

  it('refuses 0, negatives and non-numbers at start-up', () => {
    for (const bad of ['0', '-1', 'ten', '2.5'])
      assert.throws(() => load({ INVITATIONS_PER_DAY: bad }), /INVITATIONS_PER_DAY/, bad);
  });
});
