/**
 * The one source of randomness for the statistics: a seeded generator behind a two-method
 * interface, so that a comparison run twice on the same reports prints the same p-values
 * and intervals, and so that nothing else depends on the generator library's API.
 *
 * The generator is MT19937 from `pure-rand` (seeded as the reference init_genrand, so the
 * raw stream is std::mt19937's). It is pure integer arithmetic in JavaScript: the same
 * seed gives the same numbers on every Node version and platform, which Math.random and
 * crypto do not promise. Mersenne rather than the faster xoroshiro128+ of the same
 * package, because xoroshiro's lowest bits are weak and its first outputs from a small
 * seed are close to the seed, and a sign flip lives on single bits.
 */
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { mersenne } from 'pure-rand/generator/mersenne';

export interface Rng {
  /** Uniform on [0, 1), a multiple of 2^-53. */
  next(): number;
  /** Uniform integer on [0, n), n an integer in [1, 2^32]. */
  int(n: number): number;
}

/** The seed used when a caller gives none: results are reproducible by default. */
export const DEFAULT_SEED = 42;

const TWO_32 = 4294967296;

/**
 * A generator seeded with `seed`, a safe integer. Only its low 32 bits are used (MT19937's
 * seed is 32-bit), so seeds that differ by a multiple of 2^32 give the same stream.
 */
export function seededRng(seed: number): Rng {
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed}`);
  const g = mersenne(seed);
  return {
    next: () => uniformFloat64(g),
    int(n: number): number {
      if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`int(n) needs an integer n in [1, 2^32], got ${n}`);
      // Rejection sampling: keep only draws below the largest multiple of n that fits in
      // 32 bits, so every residue is equally likely (a plain % would favour small ones).
      // Inlined instead of pure-rand's uniformInt, which costs twice as much per call and
      // the bootstrap makes tens of millions of these calls per comparison.
      const limit = n * Math.floor(TWO_32 / n);
      let v = g.next() >>> 0;
      while (v >= limit) v = g.next() >>> 0;
      return v % n;
    },
  };
}

/** A Fisher–Yates shuffle of `items` into a new array; `items` is not touched. */
export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const a = out[i] as T;
    out[i] = out[j] as T;
    out[j] = a;
  }
  return out;
}
