/**
 * The report as markdown: what a reviewer reads first (summary), then where it
 * comes from (latency distribution, build, memory), then per-category quality and
 * the cases that failed.
 */
import { markdownTable } from 'markdown-table';
import { cutoffsOf, type Breakdown, type CaseResult, type LatencySummary, type Report } from '../../model/report.ts';
import { criteriaIn, metricCatalog, type MetricDef } from '../../model/metric-catalog.ts';
import { answerFailureLine, renderAnswers } from './render-answers.ts';
import { renderJudging } from './render-judging.ts';
import { details } from './details.ts';
import { codeSpan, escapeCell } from './escape.ts';
import { formatBytes, formatCount, formatMs, formatValue } from '../../report/format.ts';
import { healthCounts, healthLines, judgedNote } from './render-health.ts';
import { renderTasks, taskFailureLine } from './render-tasks.ts';

export function summaryTable(report: Report, catalog: MetricDef[] = metricCatalog(cutoffsOf(report.settings))): string {
  // Only the metrics this run has: a retrieval-only suite shows no answer rows, and the reverse.
  const quality = catalog.filter((m) => m.group === 'quality' && report.summary.metrics[m.id] !== undefined);
  // Labels hold criterion names, which come from the dataset: escaped.
  const rows = quality.map((m) => [escapeCell(m.label), `${formatValue(report.summary.metrics[m.id], m.unit)}${judgedNote(report.summary.counts?.[m.id])}`]);
  return markdownTable([['Metric', 'Value'], ...rows], { align: ['l', 'r'] });
}

/** Whether the run had retrieval cases: an answer-only suite (seed 000's) shows no retrieval tables. */
export function hasRetrieval(report: Report): boolean {
  return report.cases.some((c) => c.kind === 'retrieval');
}

export function latencyTable(report: Report): string {
  // p50 and p95 carry their bootstrap CI when the report has one.
  const withCi = (value: number, ci: LatencySummary['p50Ci']) => (ci ? `${formatMs(value)} [${formatMs(ci.lower)}, ${formatMs(ci.upper)}]` : formatMs(value));
  const row = (name: string, s: LatencySummary | null) =>
    s ? [name, formatCount(s.n), formatMs(s.mean), formatMs(s.min), withCi(s.p50, s.p50Ci), withCi(s.p95, s.p95Ci), formatMs(s.p99), formatMs(s.max)]
      : [name, '0', '—', '—', '—', '—', '—', '—'];
  return markdownTable(
    [
      ['Call', 'n', 'mean', 'min', 'p50 [95% CI]', 'p95 [95% CI]', 'p99', 'max'],
      // An answer-only or task-only suite makes no search or fetch calls: no rows of zeros for them.
      ...(hasRetrieval(report) || (report.summary.latency.answer === undefined && report.summary.latency.agent === undefined) ? [row('search', report.summary.latency.search), row('fetch', report.summary.latency.fetch)] : []),
      ...(report.summary.latency.answer !== undefined ? [row('answer', report.summary.latency.answer)] : []),
      // The server's tools as the task agents called them.
      ...(report.summary.latency.agent !== undefined ? [row('agent tools', report.summary.latency.agent)] : []),
    ],
    { align: ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'] },
  );
}

/** Retrieval cases in a group: answer and task cases have their own sections. */
export function retrievalCount(g: Breakdown): number {
  return g.cases - (g.answerCases ?? 0) - (g.taskCases ?? 0);
}

/** Retrieval metrics per group at the primary cutoff; groups of answer or task cases only are left to their sections. */
export function breakdownTable(title: string, groups: readonly Breakdown[], k: number): string {
  const at = formatCount(k);
  const header = [title, 'Cases', `MRR@${at}`, `NDCG@${at}`, `Recall@${at}`, `P@${at}`, `Hit@${at}`, 'Rounds', 'Facet', 'Search p50'];
  const retrieval = groups.filter((g) => retrievalCount(g) > 0);
  // A mean over part of the group's cases (some not run) carries its count.
  const cell = (g: Breakdown, id: string, unit: 'ratio' | 'rounds' = 'ratio') => `${formatValue(g.metrics[id], unit)}${judgedNote(g.counts?.[id])}`;
  const rows = retrieval.map((g) => [
    escapeCell(g.key),
    formatCount(retrievalCount(g)),
    cell(g, `mrr@${k}`),
    cell(g, `ndcg@${k}`),
    cell(g, `recall@${k}`),
    cell(g, `precision@${k}`),
    cell(g, `hit@${k}`),
    cell(g, 'rounds.mean', 'rounds'),
    formatValue(g.metrics['facet.precision'], 'ratio'),
    formatValue(g.metrics['search.p50'], 'ms'),
  ]);
  return markdownTable([header, ...rows], { align: ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'] });
}

export function failureLine(r: CaseResult, k: number): string | undefined {
  if (!r.error && r.kind === 'answer') return answerFailureLine(r);
  if (!r.error && r.kind === 'task') return taskFailureLine(r);
  const id = codeSpan(r.id);
  if (r.error) return `- ${id}: **${escapeCell(r.status, 20)}** (${escapeCell(r.error.kind, 40)}) ${escapeCell(r.error.message, 200)}`;
  if (r.forbiddenHits?.length) {
    return `- ${id}: forbidden facet in top ${formatCount(k)}: ${r.forbiddenHits.map((hit) => codeSpan(hit)).join(', ')}`;
  }
  if (r.metrics && r.metrics.hit === 0 && !r.relevant.some((j) => j.grade > 0)) {
    return `- ${id}: no document is judged relevant (it scores 0, as trec_eval -c counts such a query)`;
  }
  if (r.metrics && r.metrics.hit === 0) {
    if (r.rankedIds.length === 0) return `- ${id}: no id in the server's replies (an empty page)`;
    const top = r.rankedIds.slice(0, 3).map((ranked) => codeSpan(ranked)).join(', ');
    return `- ${id}: no relevant doc in top ${formatCount(k)} (got ${top})`;
  }
  return undefined;
}

/** Why facet precision left cases with a rule not judged (else it reads as a bare "—"). */
export function facetNote(report: Report): string[] {
  const unjudged = report.cases.filter((c) => c.facetUnjudged !== undefined);
  if (unjudged.length === 0) return [];
  const ruled = unjudged.length + report.cases.filter((c) => c.metrics?.facetClean !== null && c.metrics?.facetClean !== undefined).length;
  const first = unjudged[0]!;
  return [
    `Facet precision: ${formatCount(unjudged.length)} of ${formatCount(ruled)} case(s) with a facet rule not judged (e.g. ${codeSpan(first.id)}: ${escapeCell(first.facetUnjudged!, 240)}): ` +
      "give the hits' metadata (search.ids as a path to a field of each hit object keeps its metadata) or id globs under the suite's facets.",
  ];
}

/** ", index 3.4 MiB in 12 files" beside the build time, when the build's output was measured (build.output). */
function indexSize(report: Report): string {
  const output = report.build?.output;
  if (!output) return '';
  if (output.bytes === null) return `, index not measured: ${escapeCell(output.error ?? 'unknown', 200)} (${codeSpan(output.path, 120)})`;
  return `, index ${formatBytes(output.bytes)} in ${output.files} file${output.files === 1 ? '' : 's'}`;
}

/** One line of counts and settings: what ran, how. */
export function runLine(report: Report): string {
  const s = report.summary;
  const { repetitions, warmup } = report.settings;
  const n = formatCount;
  return `${n(s.cases)} cases · ${n(s.ok)} ok · ${n(s.errors)} errored · ${n(s.notRun)} not run${healthCounts(report)} · k=${cutoffsOf(report.settings).map(n).join(',')} · ${n(repetitions)} repetition(s) · ${n(warmup)} warm-up calls`;
}

export function renderReport(report: Report): string {
  const k = report.settings.k;
  const catalog = metricCatalog(cutoffsOf(report.settings), criteriaIn(report.summary.metrics));
  const parts = [
    `## docs-mcp-eval: ${escapeCell(report.dataset.name)}`,
    runLine(report),
    ...(healthLines(report).length > 0 ? [healthLines(report).join('\n')] : []),
    summaryTable(report, catalog),
    ...facetNote(report),
    '### Latency',
    latencyTable(report),
    [
      report.build ? `Index build: ${formatMs(report.build.ms)} (exit ${formatCount(report.build.exitCode)})${indexSize(report)}` : 'Index build: not run',
      report.memory ? `Peak RSS (server process tree): ${formatBytes(report.memory.peakBytes)} over ${report.memory.samples.length} samples` : 'Peak RSS: not measured',
    ].join(' · '),
    ...(hasRetrieval(report)
      ? [
          '### By category',
          breakdownTable('Category', report.breakdowns.category, k),
          details('By difficulty', breakdownTable('Difficulty', report.breakdowns.difficulty, k)),
          details('By tag', breakdownTable('Tag', report.breakdowns.tag, k)),
        ]
      : []),
  ];
  const answers = renderAnswers(report);
  if (answers) parts.push(answers);
  const tasks = renderTasks(report);
  if (tasks) parts.push(tasks);
  const judging = renderJudging(report);
  if (judging) parts.push(judging);
  const failures = report.cases.map((r) => failureLine(r, k)).filter((l) => l !== undefined);
  if (failures.length > 0) parts.push(`### Misses and errors (${failures.length})`, failures.join('\n'));
  return `${parts.join('\n\n')}\n`;
}
