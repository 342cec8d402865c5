import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { meanOf } from './mean.ts';

void describe('meanOf', () => {
  void it('is null for no values', () => {
    assert.equal(meanOf([]), null);
  });

  void it('macro-averages: MRR of first-relevant ranks 3, 2, 1 is (1/3 + 1/2 + 1)/3 = 11/18', () => {
    // The Wikipedia "Mean reciprocal rank" example: 0.6111111111111112.
    const mrr = meanOf([1 / 3, 1 / 2, 1]);
    assert.ok(mrr !== null && Math.abs(mrr - 11 / 18) < 1e-12);
  });

  void it('weighs every query the same', () => {
    assert.equal(meanOf([1, 0, 0, 0]), 0.25);
    assert.equal(meanOf([0.5]), 0.5);
  });
});
