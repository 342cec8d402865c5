import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { signFlipTest } from './sign-flip.ts';

void describe('signFlipTest, exact', () => {
  void it('5 equal positive differences: only all-+ and all-- reach |sum| 5, p = 2/32', () => {
    const t = signFlipTest([1, 1, 1, 1, 1]);
    assert.deepEqual(t, { n: 5, nonZero: 5, meanDifference: 1, p: 2 / 32, exact: true, draws: 32, wins: 5, ties: 0, losses: 0 });
  });

  void it('[1, 2, 3]: of the sums ±1±2±3 only 6 and -6 reach 6, p = 2/8', () => {
    // 6, 4, 2, 0, 0, -2, -4, -6
    assert.equal(signFlipTest([1, 2, 3]).p, 0.25);
  });

  void it('[1, 2, -3]: the observed sum is 0, every pattern reaches it, p = 1', () => {
    const t = signFlipTest([1, 2, -3]);
    assert.equal(t.p, 1);
    assert.equal(t.meanDifference, 0);
    assert.deepEqual([t.wins, t.ties, t.losses], [2, 0, 1]);
  });

  void it('patterns that tie the observed |sum| count: [2, -1, 1] has p = 6/8', () => {
    // Sums ±2±1±1: 4, 2, 2, 0, 0, -2, -2, -4; |sum| >= 2 in 6 of 8.
    assert.equal(signFlipTest([2, -1, 1]).p, 0.75);
  });

  void it('zero differences are ties: they count in n and the mean, not in the patterns', () => {
    // Same patterns as [2, -1, 1]; mean over all 5 pairs = 2 / 5.
    assert.deepEqual(signFlipTest([2, 0, -1, 0, 1]), { n: 5, nonZero: 3, meanDifference: 0.4, p: 0.75, exact: true, draws: 8, wins: 2, ties: 2, losses: 1 });
  });

  void it('nothing to test: empty input or all zeros give p = 1', () => {
    assert.deepEqual(signFlipTest([]), { n: 0, nonZero: 0, meanDifference: 0, p: 1, exact: true, draws: 1, wins: 0, ties: 0, losses: 0 });
    assert.deepEqual(signFlipTest([0, 0, 0]), { n: 3, nonZero: 0, meanDifference: 0, p: 1, exact: true, draws: 1, wins: 0, ties: 3, losses: 0 });
  });

  void it('float sums that are equal on paper still count (0.1 + 0.2 vs 0.3)', () => {
    // scipy.stats.permutation_test((np.array(f),), np.mean, permutation_type='samples',
    // n_resamples=np.inf).pvalue = 0.0830078125 = 680/8192 (2^13 patterns, one of them
    // a zero); an exact count over Fractions gives 340/4096, the same.
    const f = [0.1, 0.2, -0.3, 0.25, 0.05, -0.15, 0.4, 0.0, 0.35, -0.05, 0.1, 0.2, 0.3];
    const t = signFlipTest(f);
    assert.equal(t.p, 340 / 4096);
    assert.equal(t.nonZero, 12);
    assert.ok(Math.abs(t.meanDifference - 0.11153846153846153) < 1e-15);
  });

  void it('2^20 patterns by the default exactUpTo, equal to scipy', () => {
    // d = ±i for i = 1..20, negative when i % 3 == 0; sum 84. scipy.stats.permutation_test
    // ((d,), np.mean, permutation_type='samples', n_resamples=np.inf).pvalue =
    // 0.1230926513671875 = 129072 / 2^20 (also by counting the sums' distribution).
    const d = Array.from({ length: 20 }, (_, k) => (k + 1) * ((k + 1) % 3 === 0 ? -1 : 1));
    const t = signFlipTest(d);
    assert.equal(t.exact, true);
    assert.equal(t.draws, 2 ** 20);
    assert.equal(t.p, 129072 / 2 ** 20);
  });

  void it('drops non-finite differences', () => {
    assert.deepEqual(signFlipTest([1, Number.NaN, 1, Infinity, 1, 1, -Infinity, 1]), signFlipTest([1, 1, 1, 1, 1]));
  });

  void it('rejects options it cannot honour', () => {
    assert.throws(() => signFlipTest([1], { draws: 0 }), RangeError);
    assert.throws(() => signFlipTest([1], { draws: 1.5 }), RangeError);
    assert.throws(() => signFlipTest([1], { exactUpTo: 31 }), RangeError);
    assert.throws(() => signFlipTest([1], { exactUpTo: -1 }), RangeError);
  });
});

void describe('signFlipTest, sampled', () => {
  // 25 differences, none zero, sum 26. The exact p counted from the distribution of the
  // sums (a convolution over ±|d|, in Python with integers) is 1887024 / 2^25.
  const d25 = [3, -1, 2, 1, 5, 1, -2, 4, -1, 1, 2, -3, 1, 6, -1, 2, 1, 3, -2, 1, 4, 2, -1, -4, 2];
  const exactP = 1887024 / 2 ** 25; // 0.05623769760131836

  void it('enumerates the n = 25 case exactly when allowed to', () => {
    const t = signFlipTest(d25, { exactUpTo: 25 });
    assert.equal(t.exact, true);
    assert.equal(t.p, exactP);
  });

  void it('samples past exactUpTo, close to the exact p', () => {
    const t = signFlipTest(d25);
    assert.equal(t.exact, false);
    assert.equal(t.draws, 10_000);
    assert.equal(t.nonZero, 25);
    assert.equal(t.meanDifference, 26 / 25);
    // Standard error of a 10 000-draw estimate of 0.056 is ≈ 0.0023; 4 of them.
    assert.ok(Math.abs(t.p - exactP) < 0.01, `sampled p ${t.p}, exact ${exactP}`);
  });

  void it('is reproducible for a seed and moves with it', () => {
    assert.equal(signFlipTest(d25, { seed: 7 }).p, signFlipTest(d25, { seed: 7 }).p);
    assert.deepEqual(signFlipTest(d25), signFlipTest(d25, { seed: 42 })); // 42 is the default
    assert.notEqual(signFlipTest(d25, { seed: 1 }).p, signFlipTest(d25, { seed: 2 }).p);
  });

  void it('is (b + 1) / (B + 1): never 0, even when no draw reaches the observed sum', () => {
    // 40 equal positive differences: 2 of 2^40 patterns reach |sum| 40, no draw will.
    const t = signFlipTest(Array.from({ length: 40 }, () => 1), { draws: 99 });
    assert.equal(t.exact, false);
    assert.equal(t.p, 1 / 100);
  });

  void it('counts every draw when the observed sum is 0', () => {
    const t = signFlipTest([...d25, -26], { draws: 500 }); // sum 0
    assert.equal(t.p, 1);
  });
});
