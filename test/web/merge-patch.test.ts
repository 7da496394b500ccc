// The passport editor saves `data` as a JSON merge patch: applied by the server, the patch it
// computes must give exactly what the user sees in the form, emptied fields included.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mergePatch } from '../../web/src/pages/dpp/merge-patch.js';
import { applyMergePatch } from '../../src/features/dpp/contract/merge-patch.js';

describe('passport editor merge patch', () => {
  const stored = {
    identity: { model: 'X1', manufacturer: { name: 'Acme', email: 'a@example.com' } },
    performance: { capacityAh: 50, cycles: [1, 2, 3] },
    notes: 'old',
  };

  it('removes a field the user emptied and a whole section they cleared', () => {
    const edited = {
      identity: { model: 'X1', manufacturer: { name: 'Acme' } },
      performance: { capacityAh: 52, cycles: [1, 2] },
    };
    const patch = mergePatch(stored, edited);
    assert.deepEqual(patch, {
      notes: null,
      identity: { model: 'X1', manufacturer: { email: null, name: 'Acme' } },
      performance: { capacityAh: 52, cycles: [1, 2] },
    });
    assert.deepEqual(applyMergePatch(stored, patch), edited);
  });

  it('adds new fields and replaces values of another type whole', () => {
    const edited = { identity: 'reset', performance: { capacityAh: 50, cycles: [1, 2, 3], soh: 97 }, notes: 'old' };
    assert.deepEqual(applyMergePatch(stored, mergePatch(stored, edited)), edited);
  });
});
