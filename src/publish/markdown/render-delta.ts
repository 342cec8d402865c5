/**
 * The delta table against a baseline, then case-level regressions and improvements.
 * Each row says which way is better and whether the change is real, noise or a hint.
 */
import { powerLine } from './render-power.ts';
import { markdownTable } from 'markdown-table';
import type { CaseChange, Comparison, DeltaRow, Verdict } from '../../model/comparison.ts';
import type { MetricCount } from '../../model/report.ts';
import { countText } from '../../model/metric-count.ts';
import { details } from './details.ts';
import { evidenceTable } from './render-evidence.ts';
import { historyReachNote } from './render-history-reach.ts';
import { flipHeadline, flipList, flips, rank } from './render-flips.ts';
import { codeCell, codeSpan, escapeCell } from './escape.ts';
import { formatCount as n, formatDelta, formatPercent, formatValue } from '../../report/format.ts';

const VERDICT_MARK: Record<Verdict, string> = {
  better: '✅ better',
  worse: '❌ worse',
  same: '= same',
  noise: '〰 within noise',
  'n/a': '◦ not comparable',
};

function arrow(row: DeltaRow): string {
  if (row.absolute === null || row.absolute === 0) return '';
  return row.absolute > 0 ? '▲ ' : '▼ ';
}

/** " (3 of 5)" after a mean over part of its cases, so the table never shows it as the whole; the note above says why. */
function over(count: MetricCount | null | undefined): string {
  return count && count.n < count.of ? ` (${n(count.n)} of ${n(count.of)})` : '';
}

function deltaRow(row: DeltaRow): string[] {
  // A neutral mark, with the reason when there is one ("◦ not comparable: baseline from another machine").
  const mark = row.verdict === 'n/a' && row.basis.startsWith('not comparable: ')
    ? `◦ ${row.basis}`
    : VERDICT_MARK[row.verdict] + (row.indicative && (row.verdict === 'better' || row.verdict === 'worse') ? ' (indicative)' : '');
  return [
    // A label can hold a criterion name from the dataset ("Criterion: …"): escaped like any cell.
    `${escapeCell(row.label)} (${row.better === 'higher' ? '↑' : '↓'} better)`,
    `${formatValue(row.baseline, row.unit)}${over(row.judged?.baseline)}`,
    `${formatValue(row.current, row.unit)}${over(row.judged?.current)}`,
    `${arrow(row)}${formatDelta(row.absolute, row.unit)}`,
    formatPercent(row.relative),
    mark,
  ];
}

function changeRow(c: CaseChange): string[] {
  // Statuses come from the baseline file too, which a pull request can supply: escape them.
  const status = c.statusBefore !== c.statusAfter ? ` (${escapeCell(c.statusBefore, 20)} → ${escapeCell(c.statusAfter, 20)})` : '';
  if (c.kind === 'answer') {
    const pass = (p: boolean | undefined) => (p ? 'passed' : 'failed');
    const score = `score ${formatValue(c.scoreBefore ?? null, 'ratio')} → ${formatValue(c.scoreAfter ?? null, 'ratio')}`;
    return [codeCell(c.id), escapeCell(c.category), `${pass(c.passedBefore)} → ${pass(c.passedAfter)}`, `${score}${status}`];
  }
  const ndcg = `NDCG ${formatValue(c.ndcgBefore, 'ratio')} → ${formatValue(c.ndcgAfter, 'ratio')}`;
  return [codeCell(c.id), escapeCell(c.category), `${rank(c.rankBefore)} → ${rank(c.rankAfter)}`, `${ndcg}${status}`];
}

/**
 * Case changes in a collapsed block. `limit` keeps the first rows only (the PR comment
 * has a size budget); the summary then says how many are shown.
 */
export function changesTable(title: string, changes: readonly CaseChange[], limit = Number.POSITIVE_INFINITY): string {
  const shown = changes.slice(0, limit);
  const table = markdownTable([['Case', 'Category', 'Was → now', 'Change'], ...shown.map(changeRow)], { alignDelimiters: false, align: ['l', 'l', 'l', 'l'] });
  const count = shown.length < changes.length ? `${n(changes.length)}, first ${n(shown.length)} shown` : n(changes.length);
  return details(`${title} (${count})`, table);
}

export function regressions(comparison: Comparison): CaseChange[] {
  return comparison.caseChanges.filter((c) => c.direction === 'regressed');
}

export function improvements(comparison: Comparison): CaseChange[] {
  return comparison.caseChanges.filter((c) => c.direction === 'improved');
}

/**
 * One line: the cases that flipped first (named, with why no mean caught them), then the
 * metric verdicts and the case counts. ⚠️ when no metric is worse but a case is.
 */
export function verdictLine(comparison: Comparison): string {
  const { better, worse, unchanged, indicativeBetter, indicativeWorse } = comparison.counts;
  const regressed = comparison.caseChanges.filter((c) => c.direction === 'regressed').length;
  const improved = comparison.caseChanges.length - regressed;
  const flipped = flips(comparison);
  const head = worse > 0 ? '❌' : flipped.worse.length > 0 ? '⚠️' : better > 0 ? '✅' : '=';
  const hints = indicativeBetter + indicativeWorse > 0 ? ` · indicative only: ${n(indicativeWorse)} worse, ${n(indicativeBetter)} better` : '';
  const cases = flipHeadline(comparison);
  return `${head} ${cases ? `${cases} · ` : ''}${n(worse)} metric(s) worse, ${n(better)} better, ${n(unchanged)} unchanged${hints} · cases: ${n(regressed)} regressed, ${n(improved)} improved`;
}

/** How many flipped cases the markdown report lists under the delta table (the comment lists fewer). */
export const FLIPS_SHOWN = 25;

/** The delta table with the flipped cases right under it: the part of the comparison that is never shortened. */
export function deltaWithFlips(comparison: Comparison, limit = FLIPS_SHOWN): string {
  const list = flipList(comparison, limit);
  return list ? `${deltaTable(comparison)}\n\n${list}` : deltaTable(comparison);
}

/** The warnings that qualify the whole table: another dataset, another machine. */
export function comparabilityNotes(comparison: Comparison): string[] {
  const notes: string[] = [];
  if (!comparison.sameDataset) {
    // The baseline's hash comes from a file a pull request may supply: code spans keep it inert.
    const { baselineDataset: before, currentDataset: now } = comparison;
    notes.push(
      `> **Different dataset**: the baseline ran ${escapeCell(before.name)} (${codeSpan(before.hash.slice(0, 12))}), ` +
        `this run ${escapeCell(now.name)} (${codeSpan(now.hash.slice(0, 12))}). Means are not like for like.`,
    );
  }
  const history = comparison.history;
  if (history && history.runs >= history.minRuns) {
    notes.push(`> Latency, memory and build rows are judged against the main-branch history: ${n(history.runs)} runs of this dataset on this machine (a prediction interval for one run); the baseline column is the stored report.`);
    const reach = historyReachNote(comparison);
    if (reach) notes.push(reach);
  } else if (!comparison.sameEnvironment) {
    // Fingerprint values come from the baseline file too: escaped.
    const what = comparison.environmentDifferences.map((d) => escapeCell(d, 120)).join('; ');
    notes.push(`> Baseline ran in a different environment${what ? ` (${what})` : ''}: latency, memory and build rows are not comparable (◦): their numbers are shown, not judged.`);
  } else if (!comparison.sameJob && comparison.rows.some((r) => r.indicative && r.verdict !== 'same')) {
    notes.push('> Latency, memory and build rows compare with a run from another job: indicative only. Use `compare-ref` for a same-job comparison.');
  }
  if (history && history.runs < history.minRuns) {
    const other = [history.otherDataset > 0 ? `${n(history.otherDataset)} of another dataset` : '', history.otherMachine > 0 ? `${n(history.otherMachine)} from another machine` : ''].filter(Boolean).join(', ');
    notes.push(
      `> The main-branch history holds ${n(history.runs)} run(s) of this dataset on this machine${other ? ` (besides ${other})` : ''}: ` +
        `${n(history.minRuns - history.runs)} more main-branch run(s) (pushes or the nightly schedule) make the timing and memory rows measured verdicts.`,
    );
  }
  const judged = comparison.rows.filter((r) => r.judged);
  if (judged.length > 0) {
    const count = (c: MetricCount | null) => (c ? countText(c) : 'none');
    const what = judged.map((r) => `${escapeCell(r.label)}: ${escapeCell(count(r.judged!.current), 200)} cases now, ${escapeCell(count(r.judged!.baseline), 200)} in the baseline`).join('; ');
    notes.push(`> ⚠️ **Means over part of the cases**: ${what}. A row over other cases on each side is not compared (never called better), and no fail-on gate is judged on these rows.`);
  }
  const sampling = comparison.sampling && samplingNote(comparison.sampling);
  if (sampling) notes.push(sampling);
  return notes;
}

/** How a same-job run sampled: repetitions (and why that many), and the servers' CPUs. */
function samplingNote(s: NonNullable<Comparison['sampling']>): string {
  const parts = [`${n(s.repetitions)} repetition${s.repetitions === 1 ? '' : 's'} per case`];
  const a = s.adaptive;
  const widest = a?.rows[0];
  if (a && widest) {
    const pct = (x: number) => `±${(x * 100).toFixed(1)}%`;
    const why = a.settled ? `until the latency CIs were within target (widest: ${escapeCell(widest.id, 40)} ${pct(widest.halfWidth)} ≤ ${pct(widest.target)})` : `the cap; ${escapeCell(widest.id, 40)} CI ${pct(widest.halfWidth)}, target ${pct(widest.target)}`;
    parts[0] += ` (adaptive, ${n(a.minRepetitions)}–${n(a.maxRepetitions)}: ${why})`;
  }
  if (s.serverCpus !== undefined) parts.push(`both servers on CPU ${escapeCell(s.serverCpus, 40)}`);
  return `> Same job: ${parts.join('; ')}.`;
}

export function deltaTable(comparison: Comparison): string {
  return markdownTable([['Metric', 'Baseline', 'Current', 'Δ', 'Δ%', 'Verdict'], ...comparison.rows.map(deltaRow)], {
    align: ['l', 'r', 'r', 'r', 'r', 'l'],
  });
}

export function addedRemovedLine(comparison: Comparison): string | undefined {
  if (comparison.addedCases.length === 0 && comparison.removedCases.length === 0) return undefined;
  return `Cases added: ${n(comparison.addedCases.length)} · removed: ${n(comparison.removedCases.length)}`;
}

export function renderDelta(comparison: Comparison): string {
  const title = comparison.sameJob ? `### Same-job comparison against ${escapeCell(comparison.baselineLabel)}` : `### Compared with baseline ${escapeCell(comparison.baselineLabel)}`;
  const power = powerLine(comparison);
  const parts = [title, verdictLine(comparison), ...comparabilityNotes(comparison), ...(power ? [power] : [])];
  parts.push(deltaWithFlips(comparison));
  const evidence = evidenceTable(comparison.rows);
  if (evidence !== undefined) parts.push(evidence);
  const regressed = regressions(comparison);
  const improved = improvements(comparison);
  if (regressed.length > 0) parts.push(changesTable('Case regressions', regressed));
  if (improved.length > 0) parts.push(changesTable('Case improvements', improved));
  const addedRemoved = addedRemovedLine(comparison);
  if (addedRemoved !== undefined) parts.push(addedRemoved);
  return `${parts.join('\n\n')}\n`;
}
