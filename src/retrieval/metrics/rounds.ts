/**
 * "Rounds to the right doc": how many search calls (pages) a simulated agent needed
 * before a relevant id appeared. Lower is better; averaged over cases with meanOf.
 */

/**
 * The round the first relevant doc appeared in, or maxRounds + 1 when it never did.
 *
 * Why a penalty rather than leaving the case out: dropping not-found cases would let a
 * server raise its average by failing its hard queries (a case found in round 3 pulls
 * the mean up; the same case not found would vanish from it). Scoring a miss as one
 * more round than allowed makes the mean monotonic: turning any found case into a miss
 * strictly worsens it, and finding a doc earlier strictly improves it.
 *
 * Total on odd input: maxRounds is floored and taken as at least 1; a non-finite or
 * null foundInRound is a miss; a found round is clamped into [1, maxRounds] so a found
 * case can never score as badly as (or worse than) a miss.
 */
export function roundsToRightDoc(foundInRound: number | null, maxRounds: number): number {
  const max = Number.isFinite(maxRounds) && maxRounds >= 1 ? Math.floor(maxRounds) : 1;
  if (foundInRound === null || !Number.isFinite(foundInRound)) return max + 1;
  return Math.min(Math.max(Math.floor(foundInRound), 1), max);
}
