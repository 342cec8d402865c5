/**
 * Case changes a reader must never miss, right under the delta table and in the verdict
 * line: every case whose status, pass/fail or first relevant rank within the top k
 * changed since the baseline (compare/case-changes.ts `flipped`), whether or not any
 * mean's change is significant. On a 5-case suite one case falling from rank 1 to not
 * found moves no mean significantly; the line then names the case and says why the means
 * cannot call it: "1 case worse (`w-retry`: rank 1 → not found); the mean change is not
 * significant with 5 cases".
 */
import type { CaseChange, Comparison } from '../../model/comparison.ts';
import { codeSpan, escapeCell } from './escape.ts';
import { formatCount } from '../../report/format.ts';

/** How many cases the verdict line names before "+N more". */
const NAMED = 3;

/** "rank 3", never "#3": GitHub would link that to issue 3. */
export function rank(r: number | null): string {
  return r === null ? 'not found' : `rank ${formatCount(r)}`;
}

/** What flipped, short: "rank 1 → not found", "passed → failed", "ok → error (rank 1 → not found)". */
export function flipText(c: CaseChange): string {
  const status = c.statusBefore !== c.statusAfter ? `${escapeCell(c.statusBefore, 20)} → ${escapeCell(c.statusAfter, 20)}` : '';
  const what = c.kind === 'answer' ? (c.passedBefore !== c.passedAfter ? `${c.passedBefore ? 'passed' : 'failed'} → ${c.passedAfter ? 'passed' : 'failed'}` : '') : c.rankBefore !== c.rankAfter ? `${rank(c.rankBefore)} → ${rank(c.rankAfter)}` : '';
  if (status && what) return `${status} (${what})`;
  return status || what;
}

export function flips(comparison: Comparison): { worse: CaseChange[]; better: CaseChange[] } {
  const flipped = comparison.caseChanges.filter((c) => c.flipped);
  return { worse: flipped.filter((c) => c.direction === 'regressed'), better: flipped.filter((c) => c.direction === 'improved') };
}

function named(list: readonly CaseChange[], word: string): string {
  const shown = list.slice(0, NAMED).map((c) => `${codeSpan(c.id, 40)}: ${flipText(c)}`).join(', ');
  const more = list.length > NAMED ? ` +${list.length - NAMED} more` : '';
  return `${list.length} case${list.length === 1 ? '' : 's'} ${word} (${shown}${more})`;
}

/** The largest suite a quality row's test found too small to call a change, when one did. */
function tooSmall(comparison: Comparison): number | undefined {
  const cases = comparison.rows.flatMap((r) => (r.power ? [r.power.cases] : []));
  return cases.length > 0 ? Math.max(...cases) : undefined;
}

/** The verdict line's opening about flipped cases; undefined when none flipped. */
export function flipHeadline(comparison: Comparison): string | undefined {
  const { worse, better } = flips(comparison);
  if (worse.length === 0 && better.length === 0) return undefined;
  // Worse cases are named; better ones too when none is worse (the list under the table names them all).
  const betterPart = better.length === 0 ? [] : worse.length > 0 ? [`${better.length} better`] : [named(better, 'better')];
  const parts = [...(worse.length > 0 ? [named(worse, 'worse')] : []), ...betterPart];
  // No metric is called worse although a case is: say why, so "unchanged" is not read as "no drop".
  const small = comparison.counts.worse === 0 ? tooSmall(comparison) : undefined;
  const why = small !== undefined ? `; the mean change is not significant with ${small} cases` : comparison.counts.worse === 0 && worse.length > 0 ? '; no mean change is significant' : '';
  return `${parts.join(', ')}${why}`;
}

/** The list under the delta table: worse first, up to `limit` cases, then how many more; undefined when none flipped. */
export function flipList(comparison: Comparison, limit: number): string | undefined {
  const { worse, better } = flips(comparison);
  const all = [...worse, ...better];
  if (all.length === 0) return undefined;
  const lines = all.slice(0, limit).map((c) => `- ${c.direction === 'regressed' ? '❌' : '✅'} ${codeSpan(c.id, 60)} (${escapeCell(c.category, 40)}): ${flipText(c)}`);
  if (all.length > limit) lines.push(`- … and ${all.length - limit} more (see the case regressions and improvements below)`);
  return `**Cases that changed** (status, pass/fail or first relevant rank in the top k; ${worse.length} worse, ${better.length} better):\n${lines.join('\n')}`;
}
