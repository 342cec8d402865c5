/**
 * What a main-branch history can detect, from its own spread: the smallest change a
 * timing or memory row can call against it, and the change it catches 19 times in 20.
 * A history is only as sharp as its runs agree: on a quiet runner a few percent is
 * visible, on a shared one changes of 20-40% still read as noise. Said next to the
 * verdicts, so "within noise" is never read as "unchanged".
 *
 * judge-history.ts calls a row worse when ln(current) − m > h, h = t(1 − α/2, N − 1) · s ·
 * √(1 + 1/N) (the prediction interval's half-width), and the ratio to the geometric mean
 * exceeds 1 + the minimum effect e. So a change is callable upwards from
 * b↑ = max(h, ln(1 + e)), downwards from b↓ = max(h, −ln(1 − e)), in ratio terms
 * exp(b↑) − 1 and 1 − exp(−b↓). A new run with a true change δ (on the log scale) lands at
 * ln(current) − m ~ Normal(δ, s²(1 + 1/N)) when s is the true run-to-run spread (m is itself
 * estimated from N runs, hence the 1/N), so it is caught with probability
 * Φ((δ − b↑) / (s √(1 + 1/N))), and 19 times in 20 from δ = b↑ + z₀.₉₅ · s · √(1 + 1/N).
 * Pure (Student's t from student-t.ts).
 */
import type { HistoryReach } from '../model/comparison.ts';
import { normalSf } from '../stats/index.ts';
import { studentT } from './student-t.ts';

/** scipy.stats.norm.ppf(0.95): the one-sided 95% point of the standard normal. */
const Z_95 = 1.6448536269514722;


interface Bounds {
  /** The callable boundaries on the log scale. */
  up: number;
  down: number;
  /** sd of ln(current) − m for one new run. */
  sigma: number;
}

function bounds(spread: number, runs: number, alpha: number, minEffect: number): Bounds {
  const sigma = spread * Math.sqrt(1 + 1 / runs);
  const half = studentT(1 - alpha / 2, runs - 1) * sigma;
  return { up: Math.max(half, Math.log(1 + minEffect)), down: Math.max(half, -Math.log(1 - minEffect)), sigma };
}

/** The reach of a history with this spread (sd of ln, 0.062: about 6.2%) over `runs` runs, at level α and minimum effect e. */
export function historyReach(spread: number, runs: number, alpha: number, minEffect: number): HistoryReach {
  const b = bounds(spread, runs, alpha, minEffect);
  return {
    spread,
    runs,
    up: Math.exp(b.up) - 1,
    down: 1 - Math.exp(-b.down),
    reliableUp: Math.exp(b.up + Z_95 * b.sigma) - 1,
    reliableDown: 1 - Math.exp(-(b.down + Z_95 * b.sigma)),
  };
}

/** The chance that one new run with a true change `ratio` (1.25: 25% more) is called worse (ratio > 1) or better (< 1). */
export function detectionChance(ratio: number, spread: number, runs: number, alpha: number, minEffect: number): number {
  const b = bounds(spread, runs, alpha, minEffect);
  const delta = Math.log(ratio);
  return delta >= 0 ? normalSf((b.up - delta) / b.sigma) : normalSf((b.down + delta) / b.sigma);
}
