/**
 * The small-suite note: quality rows whose paired sign-flip test could not call a change
 * because too few cases changed (the exact test over m changed cases reaches no p below
 * 2^(1−m); compare/judge-quality.ts). One line for every such row, so a reviewer reads
 * "not significant" as "this suite cannot tell", not as "no drop", and learns how many
 * changed cases it would take. Shown under the verdict in the report and the PR comment.
 */
import type { Comparison } from '../../model/comparison.ts';
import { escapeCell } from './escape.ts';
import { formatCount } from '../../report/format.ts';

export function powerLine(comparison: Comparison): string | undefined {
  const rows = comparison.rows.filter((r) => r.power !== undefined);
  if (rows.length === 0) return undefined;
  const { needed, alpha } = rows[0]!.power!;
  const list = rows.map((r) => `${escapeCell(r.label, 60)} (${formatCount(r.power!.changed)} of ${formatCount(r.power!.cases)} cases changed, p ≥ ${r.power!.smallestP.toFixed(3)})`).join(', ');
  return `> ℹ️ **Suite too small to detect a change** in ${list}: the paired test needs at least ${formatCount(needed)} changed cases, all in one direction, to reach p < ${formatCount(alpha)}. Add cases (or ask answer cases more than once) before reading "not significant" as "no drop".`;
}
