/**
 * What the main-branch history can detect, said beside the verdicts it gave: per timing
 * and memory row, the history's own spread, the changes that read as noise with it, and
 * the change it catches 19 times in 20 (compare/history-reach.ts). A noisy history calls
 * a 20% slowdown "within noise"; this line keeps that from reading as "unchanged", and
 * points to the same-job comparison that can see less.
 */
import type { Comparison, HistoryReach } from '../../model/comparison.ts';
import { escapeCell } from './escape.ts';

/** 0.0621 -> "6.2%". */
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** An increase: "+23.5%", or "×8.0" from a doubling on (a noisy history's bounds run to hundreds of percent). */
export const formatIncrease = (x: number) => (x >= 1 ? `×${(1 + x).toFixed(1)}` : `+${pct(x)}`);

/** "spread 6.2%: noise within −19.0% to +23.5%; caught 19 times in 20 from −27.3% or +37.5%" for one row. */
export function reachWords(reach: HistoryReach, minEffect: number): string {
  const atMinimum = Math.abs(reach.up - minEffect) < 1e-9 && Math.abs(reach.down - minEffect) < 1e-9;
  const noise = atMinimum ? `the ±${pct(minEffect)} minimum effect` : `−${pct(reach.down)} to ${formatIncrease(reach.up)}`;
  return `spread ${pct(reach.spread)}: noise within ${noise}; caught 19 times in 20 from −${pct(reach.reliableDown)} or ${formatIncrease(reach.reliableUp)}`;
}

/** The blockquote line under the verdict, or undefined when no row was judged against a history. */
export function historyReachNote(comparison: Comparison): string | undefined {
  const rows = comparison.rows.filter((r) => r.evidence?.kind === 'history');
  if (rows.length === 0) return undefined;
  const parts = rows.map((r) => (r.evidence?.kind === 'history' ? `${escapeCell(r.label)} (${reachWords(r.evidence.reach, r.evidence.minEffect)})` : ''));
  return (
    `> **What this history can detect**, from the spread of its own runs: ${parts.join('; ')}. ` +
    'A smaller change reads as noise here, not as no change: use `compare-ref` for a same-job verdict.'
  );
}
