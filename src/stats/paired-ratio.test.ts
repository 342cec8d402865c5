import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pairedRatioCi } from './paired-ratio.ts';

describe('pairedRatioCi', () => {
  it('is the geometric mean of the per-group ratios of medians', () => {
    // Medians 2 -> 4 (×2) and 10 -> 5 (×0.5): geometric mean 1, whatever the groups' scale.
    const est = pairedRatioCi([{ base: [1, 2, 3], current: [3, 4, 5] }, { base: [10, 10, 11], current: [5, 5, 6] }], 0.5);
    assert.ok(est);
    assert.ok(Math.abs(est.ratio - 1) < 1e-12);
    assert.equal(est.pairs, 2);
  });

  it('gives a tight interval when every case slows by the same factor, however different the cases', () => {
    const pairs = Array.from({ length: 30 }, (_, i) => {
      const base = [1, 1.1, 0.9].map((x) => x * (i + 1) * 10);
      return { base, current: base.map((x) => x * 1.1) };
    });
    const est = pairedRatioCi(pairs, 0.5);
    assert.ok(est);
    assert.ok(Math.abs(est.interval.lower - 1.1) < 1e-9 && Math.abs(est.interval.upper - 1.1) < 1e-9, JSON.stringify(est.interval));
  });

  it('leaves out groups without a positive median on both sides, and is null when none is left', () => {
    const est = pairedRatioCi([{ base: [0, 0], current: [1, 1] }, { base: [2], current: [3] }, { base: [], current: [1] }], 0.5);
    assert.equal(est?.pairs, 1);
    assert.equal(pairedRatioCi([{ base: [0], current: [1] }], 0.5), null);
  });

  it('is reproducible with a seed', () => {
    const pairs = Array.from({ length: 12 }, (_, i) => ({ base: [i + 1, i + 2], current: [i + 1.5, i + 2.2] }));
    assert.deepEqual(pairedRatioCi(pairs, 0.5, { seed: 3 }), pairedRatioCi(pairs, 0.5, { seed: 3 }));
  });
});
