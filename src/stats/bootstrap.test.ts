import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { percentile } from '../retrieval/metrics/latency.ts';
import { bootstrapMeanCi, bootstrapQuantileCi, bootstrapQuantileCis, bootstrapRatioCi, bootstrapStratifiedRatioCi, type Interval } from './bootstrap.ts';
import { DEFAULT_SEED, seededRng, type Rng } from './random.ts';

// The naive bootstrap: materialise each resample, sort it, call percentile(). Fed the same
// RNG stream (n indices per resample, base before current) it must give exactly the
// numbers of the counting walk, which never sorts a resample.
function naiveResample(sorted: readonly number[], rng: Rng): number[] {
  const n = sorted.length;
  return Array.from({ length: n }, () => sorted[rng.int(n)] ?? Number.NaN).sort((a, b) => a - b);
}

function naiveInterval(stats: number[], level: number): Interval {
  stats.sort((a, b) => a - b);
  const tail = (1 - level) / 2;
  return { lower: percentile(stats, tail), upper: percentile(stats, 1 - tail), level, draws: stats.length };
}

function naiveQuantileCi(samples: readonly number[], q: number, seed: number, draws: number, level: number): Interval {
  const sorted = [...samples].sort((a, b) => a - b);
  const rng = seededRng(seed);
  return naiveInterval(
    Array.from({ length: draws }, () => percentile(naiveResample(sorted, rng), q)),
    level,
  );
}

/** 40 values on [0, 100) with no pattern to speak of: ((i·7919) mod 1000) / 10. */
const SPREAD = Array.from({ length: 40 }, (_, i) => ((i * 7919) % 1000) / 10);
/** Ties, negatives and an odd length, to walk the counts through repeated values. */
const LUMPY = [3, -1, 4, 1, -5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 2, 6, 4, 3, 3, 8, 3, 2, 7, 9, 5, 0, 2, 8, 8, 4, 1, 9];

void describe('bootstrapQuantileCi', () => {
  void it('equals the naive resample-sort-percentile bootstrap exactly', () => {
    for (const sample of [SPREAD, LUMPY, [4.2], [2, 1]]) {
      for (const q of [0, 0.1, 0.5, 0.9, 0.95, 0.99, 1]) {
        for (const level of [0.95, 0.8]) {
          const fast = bootstrapQuantileCi(sample, q, { seed: 5, draws: 300, level });
          assert.deepEqual(fast, naiveQuantileCi(sample, q, 5, 300, level), `n = ${sample.length}, q = ${q}, level = ${level}`);
        }
      }
    }
  });

  void it('is close to scipy.stats.bootstrap with 200 000 resamples', () => {
    // scipy.stats.bootstrap((x,), lambda s, axis: np.percentile(s, 90, axis=axis),
    // method='percentile', n_resamples=200000, rng=1): [78.78, 94.7], standard error 4.14.
    // Monte Carlo error at 2000 draws is a fraction of that; allow half of it.
    const ci = bootstrapQuantileCi(SPREAD, 0.9);
    assert.ok(ci);
    assert.ok(Math.abs(ci.lower - 78.78) < 2 && Math.abs(ci.upper - 94.7) < 2, `got [${ci.lower}, ${ci.upper}]`);
    assert.deepEqual([ci.level, ci.draws], [0.95, 2000]);
  });

  void it('a constant or single-value sample has a zero-width interval', () => {
    assert.deepEqual(bootstrapQuantileCi([5, 5, 5, 5], 0.95), { lower: 5, upper: 5, level: 0.95, draws: 2000 });
    assert.deepEqual(bootstrapQuantileCi([3], 0.5, { draws: 10 }), { lower: 3, upper: 3, level: 0.95, draws: 10 });
  });

  void it('drops non-finite samples; null when none is left', () => {
    assert.deepEqual(bootstrapQuantileCi([4, Number.NaN, 1, Infinity, 3, 2], 0.5), bootstrapQuantileCi([1, 2, 3, 4], 0.5));
    assert.equal(bootstrapQuantileCi([], 0.5), null);
    assert.equal(bootstrapQuantileCi([Number.NaN], 0.5), null);
  });

  void it('rejects a quantile or options it cannot honour', () => {
    assert.throws(() => bootstrapQuantileCi([1], 1.5), RangeError);
    assert.throws(() => bootstrapQuantileCi([1], Number.NaN), RangeError);
    assert.throws(() => bootstrapQuantileCi([1], 0.5, { draws: 0 }), RangeError);
    assert.throws(() => bootstrapQuantileCi([1], 0.5, { level: 1 }), RangeError);
    assert.throws(() => bootstrapQuantileCi([1], 0.5, { seed: 0.5 }), RangeError);
  });
});

void describe('bootstrapQuantileCis', () => {
  void it('gives each quantile the interval of its own bootstrapQuantileCi call (same seeded resamples)', () => {
    for (const sample of [SPREAD, LUMPY, [4.2], [2, Number.NaN, 1]]) {
      const qs = [0.5, 0.95, 0, 1, 0.33];
      const options = { seed: 9, draws: 250, level: 0.9 };
      assert.deepEqual(bootstrapQuantileCis(sample, qs, options), qs.map((q) => bootstrapQuantileCi(sample, q, options)));
    }
  });

  void it('null for each quantile when no sample is finite; rejects a bad quantile', () => {
    assert.deepEqual(bootstrapQuantileCis([Number.NaN], [0.5, 0.95]), [null, null]);
    assert.throws(() => bootstrapQuantileCis([1], [0.5, 2]), RangeError);
  });
});

void describe('bootstrapMeanCi', () => {
  void it('equals the naive bootstrap of the mean exactly', () => {
    const rng = seededRng(9);
    const naive = naiveInterval(
      Array.from({ length: 500 }, () => {
        let sum = 0;
        for (let k = 0; k < LUMPY.length; k++) sum += LUMPY[rng.int(LUMPY.length)] ?? Number.NaN;
        return sum / LUMPY.length;
      }),
      0.9,
    );
    assert.deepEqual(bootstrapMeanCi(LUMPY, { seed: 9, draws: 500, level: 0.9 }), naive);
  });

  void it('is close to scipy.stats.bootstrap with 200 000 resamples', () => {
    // scipy.stats.bootstrap((x,), np.mean, method='percentile', n_resamples=200000,
    // rng=1): [40.195, 58.8025], standard error 4.75.
    const ci = bootstrapMeanCi(SPREAD);
    assert.ok(ci);
    assert.ok(Math.abs(ci.lower - 40.195) < 1.5 && Math.abs(ci.upper - 58.8025) < 1.5, `got [${ci.lower}, ${ci.upper}]`);
  });

  void it('[0, 1]: resample means are 0, 0.5, 1 with chances 1/4, 1/2, 1/4, so the 95% interval is [0, 1]', () => {
    // The 2.5% and 97.5% points fall inside the 25% masses at 0 and at 1.
    assert.deepEqual(bootstrapMeanCi([0, 1]), { lower: 0, upper: 1, level: 0.95, draws: 2000 });
  });

  void it('is reproducible, defaults to seed 42, and narrows with the level', () => {
    assert.deepEqual(bootstrapMeanCi(SPREAD, { seed: 3 }), bootstrapMeanCi(SPREAD, { seed: 3 }));
    assert.deepEqual(bootstrapMeanCi(SPREAD), bootstrapMeanCi(SPREAD, { seed: DEFAULT_SEED }));
    assert.notDeepEqual(bootstrapMeanCi(SPREAD, { seed: 3 }), bootstrapMeanCi(SPREAD, { seed: 4 }));
    const wide = bootstrapMeanCi(SPREAD, { level: 0.95 });
    const narrow = bootstrapMeanCi(SPREAD, { level: 0.5 });
    assert.ok(wide && narrow && wide.lower < narrow.lower && narrow.upper < wide.upper);
  });

  void it('null for no finite value; a constant is its own interval', () => {
    assert.equal(bootstrapMeanCi([]), null);
    assert.equal(bootstrapMeanCi([Number.NaN, -Infinity]), null);
    assert.deepEqual(bootstrapMeanCi([0.25, Number.NaN, 0.25]), { lower: 0.25, upper: 0.25, level: 0.95, draws: 2000 });
  });
});

void describe('bootstrapRatioCi', () => {
  void it('equals the naive bootstrap exactly, each side resampled independently', () => {
    const base = SPREAD.map((x) => x + 10);
    const current = LUMPY.map((x) => 2 * x + 20);
    for (const q of [0.5, 0.95]) {
      const rng = seededRng(17);
      const sb = [...base].sort((a, b) => a - b);
      const sc = [...current].sort((a, b) => a - b);
      const naive = naiveInterval(
        Array.from({ length: 400 }, () => {
          const qb = percentile(naiveResample(sb, rng), q);
          return percentile(naiveResample(sc, rng), q) / qb;
        }),
        0.95,
      );
      const fast = bootstrapRatioCi(base, current, q, { seed: 17, draws: 400 });
      assert.deepEqual(fast, { ratio: percentile(sc, q) / percentile(sb, q), interval: naive });
    }
  });

  void it('constant samples: the ratio and its whole interval are exact', () => {
    assert.deepEqual(bootstrapRatioCi([10, 10, 10], [20, 20], 0.95), { ratio: 2, interval: { lower: 2, upper: 2, level: 0.95, draws: 2000 } });
  });

  void it('a slower current run has its interval above 1', () => {
    const base = SPREAD.map((x) => x + 100);
    const est = bootstrapRatioCi(base, base.map((x) => x * 1.5), 0.5);
    assert.ok(est);
    assert.ok(Math.abs(est.ratio - 1.5) < 1e-12);
    assert.ok(est.interval.lower > 1 && est.interval.upper > est.ratio, JSON.stringify(est));
  });

  void it('null when a side is empty or the base quantile is 0', () => {
    assert.equal(bootstrapRatioCi([], [1, 2], 0.5), null);
    assert.equal(bootstrapRatioCi([1, 2], [Number.NaN], 0.5), null);
    assert.equal(bootstrapRatioCi([0, 0, 5], [1, 2, 3], 0.5), null);
  });

  void it('resamples whose base quantile is 0 give an unbounded upper end', () => {
    // Base median 10, but a resample of [0, 0, 10, 10, 10] with three or more zeros has
    // median 0 (chance 0.317), and 5/0 = Infinity.
    const est = bootstrapRatioCi([0, 0, 10, 10, 10], [5, 5, 5, 5, 5], 0.5);
    assert.ok(est);
    assert.equal(est.ratio, 0.5);
    assert.deepEqual([est.interval.lower, est.interval.upper, est.interval.draws], [0.5, Infinity, 2000]);
  });

  void it('leaves out the 0/0 draws and says how many it kept', () => {
    const est = bootstrapRatioCi([0, 0, 10, 10, 10], [0, 0, 5, 5, 5], 0.5);
    assert.ok(est);
    // Both medians 0 in about 0.317² of the draws, roughly 200 of 2000.
    assert.ok(est.interval.draws < 1900 && est.interval.draws > 1500, `kept ${est.interval.draws}`);
    assert.equal(est.interval.lower, 0);
    assert.equal(est.interval.upper, Infinity);
  });
});

void describe('bootstrapStratifiedRatioCi', () => {
  void it('with one group is the plain ratio bootstrap, draw for draw', () => {
    const base = [3, 1, 4, 1, 5, 9, 2, 6];
    const current = base.map((x) => x * 1.2 + 0.1);
    assert.deepEqual(bootstrapStratifiedRatioCi([base], [current], 0.5, { seed: 5 }), bootstrapRatioCi(base, current, 0.5, { seed: 5 }));
  });

  void it('keeps the mix of groups: groups without spread give no spread at all', () => {
    // Ten cases from 1 to 10 ms, every repetition identical: only the case mix could vary,
    // and within-case resampling keeps it, so the CI is the ratio itself.
    const base = Array.from({ length: 10 }, (_, i) => [i + 1, i + 1, i + 1]);
    const current = base.map((g) => g.map((x) => x * 1.1));
    const est = bootstrapStratifiedRatioCi(base, current, 0.5);
    assert.ok(est);
    assert.ok(Math.abs(est.ratio - 1.1) < 1e-12);
    assert.ok(Math.abs(est.interval.lower - 1.1) < 1e-12 && Math.abs(est.interval.upper - 1.1) < 1e-12, JSON.stringify(est.interval));
    // Pooled resampling of the same data mixes cases and reports a wide interval.
    const pooled = bootstrapRatioCi(base.flat(), current.flat(), 0.5);
    assert.ok(pooled && pooled.interval.upper - pooled.interval.lower > 0.3, JSON.stringify(pooled?.interval));
  });

  void it('null when a side has no finite sample or the base quantile is 0', () => {
    assert.equal(bootstrapStratifiedRatioCi([[]], [[1]], 0.5), null);
    assert.equal(bootstrapStratifiedRatioCi([[0, 0]], [[1, 1]], 0.5), null);
  });
});
