/**
 * The exact two-sided sign test: of n decisive pairs (ties dropped), `wins` went one way;
 * under the null each way is as likely (Binomial(n, 1/2)). p = P(X <= min) + P(X >= n - min),
 * capped at 1: scipy.stats.binomtest(wins, n, 0.5).pvalue. Used for pairwise judging,
 * where the outcome per case is only better / worse / tie.
 */

export interface SignTest {
  wins: number;
  losses: number;
  /** wins + losses. */
  n: number;
  /** Two-sided; 1 when n is 0. */
  p: number;
}

/** log C(n, k), by summing logs: exact enough for n in the thousands. */
function logChoose(n: number, k: number): number {
  let sum = 0;
  for (let i = 1; i <= k; i++) sum += Math.log(n - k + i) - Math.log(i);
  return sum;
}

export function signTest(wins: number, losses: number): SignTest {
  if (!Number.isInteger(wins) || !Number.isInteger(losses) || wins < 0 || losses < 0) throw new RangeError(`signTest needs counts, got ${wins} and ${losses}`);
  const n = wins + losses;
  if (n === 0) return { wins, losses, n, p: 1 };
  const low = Math.min(wins, losses);
  let tail = 0;
  for (let k = 0; k <= low; k++) tail += Math.exp(logChoose(n, k) - n * Math.LN2);
  // Symmetric null: both tails are equal; when wins = losses the two tails overlap at the middle.
  return { wins, losses, n, p: Math.min(1, 2 * tail) };
}
