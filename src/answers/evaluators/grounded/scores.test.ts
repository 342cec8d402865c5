/** The grounded metrics' arithmetic on hand-computed values. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { questionCosines, rankWeightedPrecision, share } from './scores.ts';

const close = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) < 1e-12, `${actual} != ${expected}`);

describe('grounded scores', () => {
  it('context precision is ragas rank-weighted precision: sum of precision@k at each useful rank / useful documents', () => {
    // Useful at ranks 3 and 4: (1/3 + 2/4) / 2.
    close(rankWeightedPrecision([false, false, true, true, false]), (1 / 3 + 2 / 4) / 2);
    // Useful at ranks 1 and 3: (1/1 + 2/3) / 2.
    close(rankWeightedPrecision([true, false, true]), (1 + 2 / 3) / 2);
    // The same useful document ranked lower scores lower.
    close(rankWeightedPrecision([true, false]), 1);
    close(rankWeightedPrecision([false, true]), 1 / 2);
    assert.equal(rankWeightedPrecision([false, false]), 0);
    assert.equal(rankWeightedPrecision([]), 0);
  });

  it('faithfulness and context recall are a share of the verdicts; none is undefined, not 0', () => {
    assert.equal(share([true, false, true, true]), 0.75);
    assert.equal(share([false]), 0);
    assert.equal(share([]), undefined);
  });

  it('answer relevancy is the mean cosine of the question with each generated question', () => {
    const { cosines, mean } = questionCosines([1, 0], [[1, 0], [0.6, 0.8], [0, 2]]);
    assert.deepEqual(cosines.map((c) => Math.round(c * 1e12) / 1e12), [1, 0.6, 0]);
    close(mean, 1.6 / 3);
  });
});
