/**
 * The delta table against a baseline, then case-level regressions and improvements.
 * Each row says which way is better and whether the change is real, noise or a hint.
 */
import { markdownTable } from 'markdown-table';
import type { CaseChange, Comparison, DeltaRow, Verdict } from '../../compare/types.ts';
import { details } from './details.ts';
import { codeCell, escapeCell } from './escape.ts';
import { formatDelta, formatPercent, formatValue } from './format.ts';

const VERDICT_MARK: Record<Verdict, string> = {
  better: '✅ better',
  worse: '❌ worse',
  same: '= same',
  noise: '〰 noise',
  'n/a': '— n/a',
};

function arrow(row: DeltaRow): string {
  if (row.absolute === null || row.absolute === 0) return '';
  return row.absolute > 0 ? '▲ ' : '▼ ';
}

function deltaRow(row: DeltaRow): string[] {
  const mark = VERDICT_MARK[row.verdict] + (row.indicative && (row.verdict === 'better' || row.verdict === 'worse') ? ' (indicative)' : '');
  return [
    `${row.label} (${row.better === 'higher' ? '↑' : '↓'} better)`,
    formatValue(row.baseline, row.unit),
    formatValue(row.current, row.unit),
    `${arrow(row)}${formatDelta(row.absolute, row.unit)}`,
    formatPercent(row.relative),
    mark,
  ];
}

function rank(r: number | null): string {
  return r === null ? 'not found' : `#${r}`;
}

function changeRow(c: CaseChange): string[] {
  const status = c.statusBefore !== c.statusAfter ? ` (${c.statusBefore} → ${c.statusAfter})` : '';
  const ndcg = `NDCG ${formatValue(c.ndcgBefore, 'ratio')} → ${formatValue(c.ndcgAfter, 'ratio')}`;
  return [codeCell(c.id), escapeCell(c.category), `${rank(c.rankBefore)} → ${rank(c.rankAfter)}`, `${ndcg}${status}`];
}

function changesTable(title: string, changes: CaseChange[]): string {
  const table = markdownTable([['Case', 'Category', 'First relevant rank', 'Change'], ...changes.map(changeRow)], { alignDelimiters: false });
  return details(`${title} (${changes.length})`, table);
}

export function verdictLine(comparison: Comparison): string {
  const { better, worse, unchanged, indicativeBetter, indicativeWorse } = comparison.counts;
  const regressed = comparison.caseChanges.filter((c) => c.direction === 'regressed').length;
  const improved = comparison.caseChanges.length - regressed;
  const head = worse > 0 ? '❌' : better > 0 ? '✅' : '=';
  const hints = indicativeBetter + indicativeWorse > 0 ? ` · indicative only: ${indicativeWorse} worse, ${indicativeBetter} better` : '';
  return `${head} ${worse} metric(s) worse, ${better} better, ${unchanged} unchanged${hints} · cases: ${regressed} regressed, ${improved} improved`;
}

export function renderDelta(comparison: Comparison): string {
  const parts = [`### Compared with baseline ${escapeCell(comparison.baselineLabel)}`, verdictLine(comparison)];
  if (!comparison.sameDataset) {
    parts.push(
      `> **Different dataset**: the baseline ran ${escapeCell(comparison.baselineDataset.name)} (${comparison.baselineDataset.hash.slice(0, 12)}), ` +
        `this run ${escapeCell(comparison.currentDataset.name)} (${comparison.currentDataset.hash.slice(0, 12)}). Means are not like for like.`,
    );
  }
  if (!comparison.sameEnvironment) {
    parts.push('> Baseline ran on a different machine: latency, memory and build rows are indicative only.');
  }
  parts.push(
    markdownTable([['Metric', 'Baseline', 'Current', 'Δ', 'Δ%', 'Verdict'], ...comparison.rows.map(deltaRow)], {
      align: ['l', 'r', 'r', 'r', 'r', 'l'],
    }),
  );
  const regressions = comparison.caseChanges.filter((c) => c.direction === 'regressed');
  const improvements = comparison.caseChanges.filter((c) => c.direction === 'improved');
  if (regressions.length > 0) parts.push(changesTable('Case regressions', regressions));
  if (improvements.length > 0) parts.push(changesTable('Case improvements', improvements));
  if (comparison.addedCases.length > 0 || comparison.removedCases.length > 0) {
    parts.push(`Cases added: ${comparison.addedCases.length} · removed: ${comparison.removedCases.length}`);
  }
  return `${parts.join('\n\n')}\n`;
}
