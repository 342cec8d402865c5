/**
 * Several configurations of one dataset side by side (`docs-mcp-eval compare`): a column
 * per configuration, a row per metric and per category, the best value of each row in
 * bold with a ★, as speakeasy's benchmark compares embedding providers; with a judge,
 * the pairwise section (which answer is better, per case). Pure over reports.
 */
import { markdownTable } from 'markdown-table';
import { metricValue } from '../../compare/compare-reports.ts';
import { cutoffsOf, type MetricCount, type Report } from '../../model/report.ts';
import { criteriaIn, metricCatalog, type MetricDef } from '../../model/metric-catalog.ts';
import { renderJudgingSummary } from './render-judging.ts';
import type { PairOrder, PairOutcome, PairwiseResult } from '../../compare/pairwise.ts';
import { details } from './details.ts';
import { escapeCell } from './escape.ts';
import { formatCount as n, formatValue } from '../../report/format.ts';

export interface NamedReport {
  name: string;
  report: Report;
}

/**
 * The cells of one row, the best (by the metric's direction) marked; ties all marked.
 * `counts` (answer metrics): a value over fewer judged cases than the most any column
 * has is not a like-for-like mean (an evaluator failed there): it shows its count and
 * can never be the star.
 */
function cells(values: readonly (number | null)[], def: Pick<MetricDef, 'better' | 'unit'>, counts: readonly (MetricCount | undefined)[] = []): string[] {
  const most = Math.max(0, ...counts.map((c) => c?.n ?? 0));
  const partial = values.map((_, i) => (counts[i]?.n ?? most) < most);
  const present = values.filter((v, i): v is number => v !== null && Number.isFinite(v) && !partial[i]);
  const best = present.length > 1 ? (def.better === 'higher' ? Math.max(...present) : Math.min(...present)) : undefined;
  return values.map((v, i) => {
    const text = formatValue(v, def.unit);
    if (partial[i]) return `${text} (${n(counts[i]!.n)} of ${n(counts[i]!.of)} judged)`;
    return best !== undefined && v === best ? `**${text}** ★` : text;
  });
}

export function sideBySideTable(runs: readonly NamedReport[]): string {
  const criteria = [...new Set(runs.flatMap((r) => criteriaIn(r.report.summary.metrics)))].sort();
  const cutoffs = [...new Set(runs.flatMap((r) => cutoffsOf(r.report.settings)))].sort((a, b) => a - b);
  const rows = metricCatalog(cutoffs, criteria)
    .map((def) => ({ def, values: runs.map((r) => metricValue(r.report, def.id)) }))
    .filter((row) => row.values.some((v) => v !== null))
    .map(({ def, values }) => [`${escapeCell(def.label)} (${def.better === 'higher' ? '↑' : '↓'})`, ...cells(values, def, runs.map((r) => r.report.summary.counts?.[def.id]))]);
  const header = ['Metric', ...runs.map((r) => escapeCell(r.name, 60))];
  return markdownTable([header, ...rows], { align: ['l', ...runs.map(() => 'r' as const)] });
}

export function sideBySideCategories(runs: readonly NamedReport[]): string {
  const k = runs[0]!.report.settings.k;
  const keys = [...new Set(runs.flatMap((r) => r.report.breakdowns.category.map((b) => b.key)))].sort();
  const rows = keys.flatMap((key) =>
    [
      [`mrr@${k}`, `MRR@${n(k)}`],
      [`ndcg@${k}`, `NDCG@${n(k)}`],
    ].map(([id = '', label = '']) => {
      const values = runs.map((r) => r.report.breakdowns.category.find((b) => b.key === key)?.metrics[id] ?? null);
      return [`${escapeCell(key)} · ${label}`, ...cells(values, { better: 'higher', unit: 'ratio' })];
    }),
  );
  return markdownTable([['Category · metric', ...runs.map((r) => escapeCell(r.name, 60))], ...rows], { align: ['l', ...runs.map(() => 'r' as const)] });
}

export function renderSideBySide(runs: readonly NamedReport[], pairwise?: PairwiseResult): string {
  const first = runs[0]!.report;
  const datasets = new Set(runs.map((r) => r.report.dataset.hash));
  const parts = [
    `## docs-mcp-eval: ${escapeCell(first.dataset.name)} · ${runs.length} configurations side by side`,
    `${n(first.summary.cases)} cases · k=${cutoffsOf(first.settings).map(n).join(',')} · ${n(first.settings.repetitions)} repetition(s) each · best per row in **bold** ★`,
  ];
  if (datasets.size > 1) parts.push('> **The configurations ran different datasets**: the columns are not like for like.');
  parts.push(sideBySideTable(runs), '### By category', sideBySideCategories(runs));
  parts.push('> Timings come from runs one after the other on this machine: a hint, not a same-job measurement.');
  if (pairwise) parts.push(renderPairwise(pairwise));
  return `${parts.join('\n\n')}\n`;
}

/**
 * The pairwise section (compare/pairwise.ts): the win/tie/loss table with its sign test,
 * the position bias of the judge, and per case the outcome with each order's verdict and
 * reasoning, collapsed (judge text escaped like all such text).
 */
export function renderPairwise(result: PairwiseResult): string {
  const { a, b } = result.names;
  const judged = result.wins.a + result.wins.tie + result.wins.b;
  const table = markdownTable(
    [
      ['', `${escapeCell(a, 60)} better`, 'Tie', `${escapeCell(b, 60)} better`, 'Not judged', 'Sign test p'],
      ['Cases', n(result.wins.a), n(result.wins.tie), n(result.wins.b), n(result.errors), result.test.n === 0 ? '—' : result.test.p.toFixed(3)],
    ],
    { align: ['l', 'r', 'r', 'r', 'r', 'r'] },
  );
  const share = result.position.share;
  const bias =
    share === null
      ? 'Position bias: no decisive verdict to measure it on.'
      : `Position bias: the first-shown answer won ${n(result.position.first)} of ${n(result.position.decisive)} decisive verdicts (${(share * 100).toFixed(0)}%; 50% is none). Each pair was judged in both orders; a verdict that flips with the order counts as a tie.`;
  const lines = [
    `### Pairwise: ${escapeCell(a, 60)} vs ${escapeCell(b, 60)} (${n(judged)} answer case(s) judged, seed ${n(result.seed)})`,
    table,
    bias,
  ];
  if (result.errors > 0) lines.push(`> ⚠️ **${n(result.errors)} case(s) not judged**: a judge call failed (see each case below); they are in no count above.`);
  if (result.skipped.length > 0) lines.push(`_Not compared (an answer on one side only): ${result.skipped.map((id) => escapeCell(id, 60)).join(', ')}._`);
  if (result.cases.some((c) => c.cut)) lines.push('_Some answers were longer than the report keeps (2,000 characters): those were judged on their start._');
  const name = (side: 'a' | 'b') => escapeCell(side === 'a' ? a : b, 60);
  const verdictText = (o: PairOrder) => {
    const shown = `${name(o.first)} first`;
    if ('error' in o.verdict) return `- ${shown}: not judged: ${escapeCell(o.verdict.error, 300)}`;
    const pick = o.verdict.winner === 'tie' ? 'tie' : `${name((o.verdict.winner === 1) === (o.first === 'a') ? 'a' : 'b')} better`;
    return `- ${shown}: ${pick}: ${escapeCell(o.verdict.reasoning, 600)}`;
  };
  const outcome = (c: PairOutcome) => (c.outcome === 'error' ? 'not judged' : c.outcome === 'tie' ? 'tie' : `${name(c.outcome)} better`);
  lines.push(details(`Per case (${n(result.cases.length)})`, result.cases.map((c) => `**${escapeCell(c.caseId, 80)}**: ${outcome(c)}\n${c.orders.map(verdictText).join('\n')}`).join('\n\n')));
  if (result.judging) lines.push(renderJudgingSummary(result.judging, '#### Pairwise judging cost'));
  return lines.join('\n\n');
}
