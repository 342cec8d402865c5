import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { signTest } from './sign-test.ts';

describe('signTest (exact binomial, two-sided)', () => {
  it('matches hand-computed values (scipy.stats.binomtest)', () => {
    // 7 of 7: 2 × (1/2)^7 = 0.015625.
    assert.ok(Math.abs(signTest(7, 0).p - 0.015625) < 1e-12);
    // 6 vs 1: 2 × (1 + 7) / 128 = 0.125.
    assert.ok(Math.abs(signTest(6, 1).p - 0.125) < 1e-12);
    // 9 vs 3 (n=12): 2 × (1 + 12 + 66 + 220) / 4096 = 0.14599609375.
    assert.ok(Math.abs(signTest(3, 9).p - 0.14599609375) < 1e-12);
    assert.equal(signTest(5, 5).p, 1);
    assert.equal(signTest(0, 0).p, 1);
  });
  it('rejects non-counts', () => {
    assert.throws(() => signTest(-1, 2), RangeError);
  });
});
