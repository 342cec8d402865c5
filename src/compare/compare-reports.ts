/**
 * compare(baseline, current): pure, over two reports. Rows follow the metric catalog
 * of the current run's k; a baseline run at another k or on another dataset shows up
 * as missing rows and a named dataset mismatch, never as a silent comparison.
 */
import { cutoffsOf, type Report } from '../model/report.ts';
import { environmentDifferences, environmentKey } from '../report/fingerprint.ts';
import type { HistoryEntry } from '../report/history-entry.ts';
import { DEFAULT_HISTORY_OPTIONS, matchingHistory, type HistoryOptions } from './judge-history.ts';
import { criteriaIn, metricCatalog, taskToolsIn } from '../model/metric-catalog.ts';
import { caseChanges } from './case-changes.ts';
import { DEFAULT_STATS, judgeRow, type JudgeContext, type StatsOptions } from './judge-row.ts';
import type { Comparison, DeltaRow } from '../model/comparison.ts';
import type { RunMetrics } from './judge-gates.ts';
import { evaluatorFailed } from '../report/evaluator-failures.ts';

export interface CompareOptions {
  baselineLabel?: string;
  stats?: Partial<StatsOptions>;
  /** Main-branch history lines (the nightly history): timing and memory rows become real verdicts with enough matching runs. */
  history?: readonly HistoryEntry[];
  historyOptions?: Partial<HistoryOptions>;
}

/** A metric's value in a report: summary.metrics, plus the run-level build time and peak memory. */
export function metricValue(report: Pick<Report, 'build' | 'memory' | 'summary'>, id: string): number | null {
  if (id === 'build.ms') return report.build?.ms ?? null;
  if (id === 'index.bytes') return report.build?.output?.bytes ?? null;
  if (id === 'rss.peak') return report.memory?.peakBytes ?? null;
  return report.summary.metrics[id] ?? null;
}

/** The run's own metric values, for value gates: every catalog metric it has, and the cases behind the counts. */
export function runMetricsOf(report: Report): RunMetrics {
  const metrics = metricCatalog(cutoffsOf(report.settings), criteriaIn(report.summary.metrics), taskToolsIn(report.summary.metrics)).flatMap((def) => {
    const value = metricValue(report, def.id);
    return value === null ? [] : [{ id: def.id, label: def.label, unit: def.unit, value }];
  });
  const casesOf = (id: string) => {
    if (id === 'errors') return report.cases.filter((c) => c.status !== 'ok').map((c) => c.id);
    if (id === 'evaluator.errors') return report.cases.filter(evaluatorFailed).map((c) => c.id);
    return [];
  };
  return { metrics, casesOf, countOf: (id) => report.summary.counts?.[id] };
}

export { environmentDifferences } from '../report/fingerprint.ts';

/** The two arms of one same-job A/B run: one id, the base compared with the head. */
function fromSameJob(baseline: Report, current: Report): boolean {
  return baseline.sameJob !== undefined && baseline.sameJob.id === current.sameJob?.id && baseline.sameJob.role === 'base' && current.sameJob.role === 'head';
}

function countVerdicts(rows: readonly DeltaRow[]): Comparison['counts'] {
  const count = (verdict: DeltaRow['verdict'], indicative: boolean) =>
    rows.filter((r) => r.verdict === verdict && r.indicative === indicative).length;
  return {
    better: count('better', false),
    worse: count('worse', false),
    unchanged: rows.filter((r) => r.verdict === 'same' || r.verdict === 'noise').length,
    indicativeBetter: count('better', true),
    indicativeWorse: count('worse', true),
  };
}

function samplingOf(report: Report): NonNullable<Comparison['sampling']> {
  const { repetitions, sampling, serverCpus } = report.settings;
  return { repetitions, ...(sampling ? { adaptive: sampling } : {}), ...(serverCpus !== undefined ? { serverCpus } : {}) };
}

export function compareReports(baseline: Report, current: Report, options: CompareOptions = {}): Comparison {
  const differences = environmentDifferences(baseline.environment, current.environment);
  const environment = differences.length === 0;
  const ctx: JudgeContext = {
    baseline,
    current,
    sameJob: fromSameJob(baseline, current) && environment,
    sameEnvironment: environment,
    options: { ...DEFAULT_STATS, ...options.stats },
  };
  const historyOptions = { ...DEFAULT_HISTORY_OPTIONS, ...options.historyOptions };
  if (options.history) {
    ctx.history = { reference: matchingHistory(options.history, current.dataset.hash, environmentKey(current.environment), historyOptions), options: historyOptions };
  }
  const criteria = [...new Set([...criteriaIn(baseline.summary.metrics), ...criteriaIn(current.summary.metrics)])].sort();
  const tools = [...new Set([...taskToolsIn(baseline.summary.metrics), ...taskToolsIn(current.summary.metrics)])].sort();
  // A metric neither side has (answer rows on a retrieval-only suite) is not a row at all.
  // Every cutoff either run has: a cutoff only one side has shows as missing there, not as nothing.
  const cutoffs = [...new Set([...cutoffsOf(baseline.settings), ...cutoffsOf(current.settings)])].sort((a, b) => a - b);
  const rows = metricCatalog(cutoffs, criteria, tools)
    .map((def) => judgeRow(def, metricValue(baseline, def.id), metricValue(current, def.id), ctx))
    .filter((row) => row.baseline !== null || row.current !== null);
  const baselineIds = new Set(baseline.cases.map((c) => c.id));
  const currentIds = new Set(current.cases.map((c) => c.id));
  return {
    baselineLabel: options.baselineLabel ?? baseline.git.sha?.slice(0, 7) ?? baseline.createdAt,
    sameDataset: baseline.dataset.hash === current.dataset.hash,
    baselineDataset: { name: baseline.dataset.name, hash: baseline.dataset.hash },
    currentDataset: { name: current.dataset.name, hash: current.dataset.hash },
    sameEnvironment: environment,
    environmentDifferences: differences,
    sameJob: ctx.sameJob,
    ...(ctx.sameJob ? { sampling: samplingOf(current) } : {}),
    ...(ctx.history && !ctx.sameJob
      ? { history: { runs: ctx.history.reference.entries.length, minRuns: historyOptions.minRuns, otherDataset: ctx.history.reference.otherDataset, otherMachine: ctx.history.reference.otherMachine } }
      : {}),
    rows,
    caseChanges: caseChanges(baseline.cases, current.cases, current.settings.k),
    addedCases: [...currentIds].filter((id) => !baselineIds.has(id)),
    removedCases: [...baselineIds].filter((id) => !currentIds.has(id)),
    counts: countVerdicts(rows),
  };
}
