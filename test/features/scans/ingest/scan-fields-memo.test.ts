import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Memo, classifyAgent } from '../../../../src/features/scans/ingest/scan-fields.js';

describe('user-agent memo', () => {
  it('keeps what is in use while rotating values evict the rest, within twice its size', () => {
    const memo = new Memo<number>(3);
    memo.set('hot', 1);
    for (let i = 0; i < 100; i++) {
      memo.set(`cold${i}`, i);
      assert.equal(memo.get('hot'), 1, `still there after ${i} other values`);
    }
    assert.equal(memo.get('cold0'), undefined, 'an old value used once is gone');
    const inside = memo as unknown as { young: Map<string, number>; old: Map<string, number> };
    assert.ok(inside.young.size + inside.old.size <= 6);
    const empty = new Memo<string | null>(2);
    empty.set('x', null);
    assert.equal(empty.get('x'), null, 'null is a value');
  });

  it('classifies the same after the memo turned over', () => {
    const ua = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
    const first = classifyAgent(ua);
    for (let i = 0; i < 12_000; i++) classifyAgent(`agent ${i}`);
    assert.deepEqual(classifyAgent(ua), first);
    assert.equal(first.device, 'mobile');
  });
});
