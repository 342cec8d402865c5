/**
 * The paired sign-flip randomization test on per-case differences (current - baseline):
 * is the mean difference larger than relabelling noise? Smucker, Allan & Carterette
 * (2007), "A comparison of statistical significance tests for information retrieval
 * evaluation", recommend it over the t-test, Wilcoxon and sign tests for IR metrics: it
 * assumes nothing about the shape of the differences, only that under the null the two
 * runs' labels on each case are exchangeable, i.e. each difference is as likely negated.
 *
 * Statistic: |mean difference|, two-sided. A zero difference is its own negation, so the
 * null distribution over all n pairs is that of the 2^m sign patterns of the m non-zero
 * differences. With m small enough they are all enumerated and p is exact; otherwise
 * `draws` random patterns are drawn and p = (b + 1) / (B + 1) (Phipson & Smyth 2010,
 * "Permutation p-values should never be zero": the observed pattern is one of the
 * possible ones, so counting it keeps the test valid and p never 0).
 * This is scipy.stats.permutation_test((d,), np.mean, permutation_type='samples'),
 * which flips signs when given one sample.
 */
import { DEFAULT_SEED, seededRng } from './random.ts';

export interface PairedTest {
  /** Pairs tested (finite differences). */
  n: number;
  /** Differences that are not 0: the ones a sign flip changes. */
  nonZero: number;
  /** Mean of the differences over all n (0 when n is 0). */
  meanDifference: number;
  /** Two-sided p-value. */
  p: number;
  /** Whether p came from enumerating every sign pattern. */
  exact: boolean;
  /** 2^nonZero when exact, else the number of random sign patterns drawn. */
  draws: number;
  /** Differences > 0, == 0, < 0, as ranx reports them (in the direction current - baseline). */
  wins: number;
  ties: number;
  losses: number;
}

export interface SignFlipOptions {
  seed?: number;
  /** Random sign patterns to draw when not exact. Default 10 000. */
  draws?: number;
  /** Enumerate all 2^m patterns when m (non-zero differences) is at most this. Default 20, at most 30. */
  exactUpTo?: number;
}

export const SIGN_FLIP_DRAWS = 10_000;
export const SIGN_FLIP_EXACT_UP_TO = 20;
/** 2^30 patterns take a few seconds; past that enumeration is never the right trade. */
const MAX_EXACT = 30;
/**
 * Patterns whose |sum| is within this fraction of sum|d| below the observed one count as
 * reaching it. Float rounding makes equal sums differ in the last bits (0.1 + 0.2 vs 0.3,
 * or the observed pattern summed in another order), and a pattern equal to the observed
 * one must count, the observed pattern itself above all. The enumeration's running sum
 * drifts by at most ~RESYNC·eps·sum|d| ≈ 2e-13·sum|d| (it is recomputed every RESYNC
 * steps), far inside this; genuine differences between patterns this small are below any
 * precision a score has.
 */
const RELATIVE_TOLERANCE = 1e-9;
const RESYNC = 1024;
/** Random bits taken per int() call: 30 fit rng.int's 32-bit range and bit operators. */
const BITS = 30;

function checkOptions(draws: number, exactUpTo: number): void {
  if (!Number.isSafeInteger(draws) || draws < 1) throw new RangeError(`draws must be a positive integer, got ${draws}`);
  if (!Number.isInteger(exactUpTo) || exactUpTo < 0 || exactUpTo > MAX_EXACT) {
    throw new RangeError(`exactUpTo must be an integer in [0, ${MAX_EXACT}], got ${exactUpTo}`);
  }
}

/**
 * How many of the 2^m sign patterns of `magnitudes` have |sum| >= threshold, walking them
 * in Gray-code order: pattern k differs from pattern k - 1 in the sign of element
 * ctz(k), so each step is one subtraction.
 */
function countExact(magnitudes: Float64Array, threshold: number): number {
  const m = magnitudes.length;
  const signed = Float64Array.from(magnitudes);
  let sum = 0;
  for (const x of signed) sum += x;
  let count = Math.abs(sum) >= threshold ? 1 : 0;
  const patterns = 2 ** m;
  for (let k = 1; k < patterns; k++) {
    const j = 31 - Math.clz32(k & -k);
    const v = signed[j] ?? 0;
    signed[j] = -v;
    if (k % RESYNC === 0) {
      // Recomputed from scratch now and then, so rounding cannot accumulate over 2^m steps.
      sum = 0;
      for (const x of signed) sum += x;
    } else {
      sum -= 2 * v;
    }
    if (Math.abs(sum) >= threshold) count += 1;
  }
  return count;
}

/** How many of `draws` random sign patterns have |sum| >= threshold. */
function countSampled(magnitudes: Float64Array, threshold: number, draws: number, seed: number): number {
  const rng = seededRng(seed);
  let bits = 0;
  let left = 0;
  let count = 0;
  for (let b = 0; b < draws; b++) {
    let sum = 0;
    for (const x of magnitudes) {
      if (left === 0) {
        bits = rng.int(2 ** BITS);
        left = BITS;
      }
      sum += bits & 1 ? x : -x;
      bits >>>= 1;
      left -= 1;
    }
    if (Math.abs(sum) >= threshold) count += 1;
  }
  return count;
}

/**
 * The paired sign-flip test of `differences` (current - baseline per case). Non-finite
 * differences are dropped first (a case that failed to score is not a pair). With no
 * non-zero difference there is nothing to test: p = 1.
 */
export function signFlipTest(differences: readonly number[], options: SignFlipOptions = {}): PairedTest {
  const draws = options.draws ?? SIGN_FLIP_DRAWS;
  const exactUpTo = options.exactUpTo ?? SIGN_FLIP_EXACT_UP_TO;
  checkOptions(draws, exactUpTo);
  const d = differences.filter((x) => Number.isFinite(x));
  let wins = 0;
  let losses = 0;
  let sum = 0;
  let total = 0;
  const magnitudes: number[] = [];
  for (const x of d) {
    if (x > 0) wins += 1;
    else if (x < 0) losses += 1;
    else continue;
    sum += x;
    total += Math.abs(x);
    magnitudes.push(Math.abs(x));
  }
  const n = d.length;
  const m = magnitudes.length;
  const counts = { n, nonZero: m, meanDifference: n === 0 ? 0 : sum / n, wins, ties: n - wins - losses, losses };
  // The sum stands in for the mean: n is the same in every pattern.
  const threshold = Math.abs(sum) - RELATIVE_TOLERANCE * total;
  const mags = Float64Array.from(magnitudes);
  if (m <= exactUpTo) {
    const patterns = 2 ** m;
    return { ...counts, p: countExact(mags, threshold) / patterns, exact: true, draws: patterns };
  }
  const b = countSampled(mags, threshold, draws, options.seed ?? DEFAULT_SEED);
  return { ...counts, p: (b + 1) / (draws + 1), exact: false, draws };
}
