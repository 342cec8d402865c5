import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mannWhitneyU } from './mann-whitney.ts';
import { normalSf } from './normal.ts';

// Every expected (U, p) is scipy.stats.mannwhitneyu(a, b, alternative='two-sided',
// method='asymptotic', use_continuity=True) with scipy 1.17.1: (statistic, pvalue).
function agrees(a: readonly number[], b: readonly number[], u: number, p: number): void {
  const r = mannWhitneyU(a, b);
  assert.ok(r);
  assert.equal(r.u, u);
  assert.ok(Math.abs(r.p - p) <= 1e-12 * p, `p: expected ${p}, got ${r.p}`);
  assert.deepEqual([r.nA, r.nB], [a.length, b.length]);
}

void describe('mannWhitneyU', () => {
  void it('no ties', () => {
    const a = [1.1, 2.3, 0.7, 5.2, 3.3, 4.8, 2.9];
    const b = [6.1, 4.4, 7.3, 5.9, 8.0, 3.7];
    // By hand: pairs with a > b are 5.2 > 4.4, 5.2 > 3.7, 4.8 > 4.4, 4.8 > 3.7, so U = 4;
    // mean 7·6/2 = 21, σ = sqrt(7·6/12 · 14) = 7, z = -(17 - 0.5)/7 = -2.357142857142857.
    agrees(a, b, 4, 0.01841616057630396);
    const r = mannWhitneyU(a, b);
    assert.ok(r && Math.abs(r.z - -2.357142857142857) < 1e-15);
    assert.equal(r.p, 2 * normalSf(16.5 / 7));
  });

  void it('heavy ties', () => {
    agrees([1, 1, 2, 2, 2, 3, 3, 4, 5, 5], [2, 2, 3, 3, 3, 3, 4, 4, 5, 6, 6, 6], 35, 0.09947191177110314);
  });

  void it('unequal sizes (4 vs 20)', () => {
    const a = [12.5, 13.1, 11.9, 14.2];
    const b = [10.1, 9.8, 11.2, 10.7, 12.0, 9.5, 10.9, 11.6, 10.3, 12.3, 9.9, 10.0, 11.1, 10.6, 12.8, 9.7, 10.4, 11.4, 10.2, 9.6];
    agrees(a, b, 76, 0.005962834156292712);
    assert.ok((mannWhitneyU(a, b)?.z ?? 0) > 0); // a is the larger
  });

  void it('300 vs 280 with ties in b', () => {
    const a = Array.from({ length: 300 }, (_, i) => ((i * 7919) % 1000) / 10);
    const b = Array.from({ length: 280 }, (_, i) => Math.floor(((i * 104729) % 1000) / 10 + 8));
    agrees(a, b, 36033, 0.003090407849457445);
  });

  void it('far tail: p = 4.4e-33, and swapping the samples keeps p and mirrors U and z', () => {
    const a = Array.from({ length: 400 }, (_, i) => ((i * 7919) % 1000) / 100);
    const b = Array.from({ length: 350 }, (_, i) => ((i * 104729) % 1000) / 100 + 3);
    agrees(a, b, 34534.5, 4.4485857644113094e-33);
    agrees(b, a, 105465.5, 4.4485857644113094e-33); // 400·350 - 34534.5
    assert.equal(mannWhitneyU(a, b)?.z, -(mannWhitneyU(b, a)?.z ?? 0));
  });

  void it('identical samples, in any order: U = nA·nB/2, z = 0, p = 1', () => {
    assert.deepEqual(mannWhitneyU([3, 1, 2, 5, 4], [1, 2, 3, 4, 5]), { u: 12.5, z: 0, p: 1, nA: 5, nB: 5 });
  });

  void it('every value tied (σ = 0) or one value each: p = 1 as scipy', () => {
    assert.deepEqual(mannWhitneyU([7, 7, 7], [7, 7]), { u: 3, z: 0, p: 1, nA: 3, nB: 2 });
    // U = 0, |0 - 0.5| - 0.5 = 0 after the continuity correction.
    assert.deepEqual(mannWhitneyU([1], [2]), { u: 0, z: 0, p: 1, nA: 1, nB: 1 });
  });

  void it('drops non-finite values; null when a side is left empty', () => {
    assert.deepEqual(mannWhitneyU([1.1, Number.NaN, 2.3], [6.1, Infinity, 4.4]), mannWhitneyU([1.1, 2.3], [6.1, 4.4]));
    assert.equal(mannWhitneyU([], [1]), null);
    assert.equal(mannWhitneyU([1], [Number.NaN]), null);
  });
});
