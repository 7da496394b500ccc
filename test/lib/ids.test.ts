import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ulidGenerator, ulidFloor } from '../../src/lib/ulid.js';
import { isId, newId } from '../../src/lib/ids.js';

describe('ids (D1)', () => {
  it('mints prefixed ULIDs', () => {
    const id = newId('qr');
    assert.ok(isId(id, 'qr'), id);
    assert.equal(isId(id, 'ws'), false);
  });

  it('stays strictly increasing within one millisecond', () => {
    const next = ulidGenerator();
    const ids = Array.from({ length: 10_000 }, () => next(1_800_000_000_000));
    for (let i = 1; i < ids.length; i++) assert.ok(ids[i] > ids[i - 1], `${ids[i]} after ${ids[i - 1]}`);
  });

  it('keeps each generator monotonic when another one interleaves on another clock', () => {
    const a = ulidGenerator();
    const b = ulidGenerator();
    const fixed = 1_800_000_000_000;
    const seen: string[] = [];
    for (let i = 0; i < 1_000; i++) {
      seen.push(a(fixed));
      b(Date.now());
    }
    for (let i = 1; i < seen.length; i++) assert.ok(seen[i] > seen[i - 1]);
  });

  it('orders by time first, and the floor bounds a millisecond', () => {
    const next = ulidGenerator();
    const early = next(1_000);
    const late = next(2_000);
    assert.ok(early < late);
    assert.ok(ulidFloor(2_000) <= late && ulidFloor(2_000) > early);
  });
});
