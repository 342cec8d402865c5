/**
 * What the page is made of: the runs it shows (the current one and its baseline, or
 * `compare`'s configurations), the comparison, the history trends and notes. The page
 * embeds it as JSON: the meta (everything but the cases) in one script element, each
 * run's cases in another, written case by case (write-page.ts), so no page-sized
 * string is ever built. The page script reads the same types (page/main.ts). Pure.
 */
import type { CaseResult, Report } from '../../model/report.ts';
import type { Comparison, Evaluation } from '../../model/comparison.ts';
import type { GateOutcome } from '../../model/gates.ts';
import type { HistoryEntry } from '../../report/history-entry.ts';
import { historyEntry } from '../../report/history-entry.ts';
import type { HistoryOptions } from '../../compare/judge-history.ts';
import { pageTrends } from './trend.ts';
import type { PageKind, PageMeta, RunRole } from './page-types.ts';

export { casesId, META_ID, type PageKind, type PageMeta, type PageRun, type RunHeader, type RunRole } from './page-types.ts';

/** One run as the page gets it: a report and what to call it. */
export interface PageRunInput {
  name: string;
  role: RunRole;
  report: Report;
}

export interface PageInput {
  kind: PageKind;
  /** The current run first, then its baseline; or compare's configurations in order. */
  runs: PageRunInput[];
  comparison: Comparison | null;
  gates?: GateOutcome | undefined;
  /** The main-branch history, oldest first: its trends are drawn with their prediction bands. */
  history?: readonly HistoryEntry[] | undefined;
  historyOptions?: Partial<HistoryOptions> | undefined;
  /** Why there is no comparison, the run stopped early: shown under the headline. */
  notes?: string[];
}

/**
 * A case of a run shown beside the first: what the case table, the side-by-side ranked
 * lists and the latency charts need. The rounds' hits (titles, scores, per page) and the
 * grounding documents' text stay in the first run's cases only: at 10,000 cases they
 * would double the page.
 */
export function slimCase(c: CaseResult): CaseResult {
  const { rounds: _rounds, ...rest } = c;
  const slim: CaseResult = { ...rest, rounds: [] };
  if (c.answer?.context) slim.answer = { ...c.answer, context: { ...c.answer.context, documents: c.answer.context.documents.map((d) => ({ ...d, text: '' })) } };
  return slim;
}

export function pageTitle(input: PageInput): string {
  const first = input.runs[0]?.report;
  const name = first?.dataset.name ?? 'report';
  if (input.kind === 'compare') return `docs-mcp-eval: ${name} · ${input.runs.length} configurations`;
  return `docs-mcp-eval: ${name}`;
}

export function pageMeta(input: PageInput): PageMeta {
  const first = input.runs[0]?.report;
  const k = first?.settings.k ?? 5;
  const current = input.kind !== 'compare' && first ? historyEntry(first) : undefined;
  return {
    kind: input.kind,
    title: pageTitle(input),
    k,
    cutoffs: first?.settings.cutoffs ?? [k],
    runs: input.runs.map((r) => {
      const { cases: _cases, ...header } = r.report;
      return { name: r.name, role: r.role, report: header };
    }),
    comparison: input.comparison,
    gates: input.gates ?? null,
    trends: input.history && input.history.length > 0 ? pageTrends(input.history, current, input.historyOptions) : [],
    notes: input.notes ?? [],
  };
}

/**
 * The page of one evaluation (run or merge): the current report, and the baseline it
 * was compared with when there is one (the stored baseline or a same-job base arm).
 */
export function evaluationPage(evaluation: Evaluation, options: { kind?: 'run' | 'merge'; history?: readonly HistoryEntry[]; historyOptions?: Partial<HistoryOptions> } = {}): PageInput {
  const runs: PageRunInput[] = [{ name: 'current', role: 'current', report: evaluation.report }];
  const baseline = evaluation.baselineReport ?? evaluation.baseReport;
  if (evaluation.comparison && baseline) runs.push({ name: evaluation.comparison.baselineLabel, role: 'baseline', report: baseline });
  const notes = [evaluation.stoppedEarly && `The run stopped early: ${evaluation.stoppedEarly}.`, !evaluation.comparison && evaluation.baselineNote && `No comparison: ${evaluation.baselineNote}.`].filter(
    (n): n is string => typeof n === 'string' && n !== '',
  );
  return {
    kind: options.kind ?? 'run',
    runs,
    comparison: evaluation.comparison,
    gates: evaluation.gates,
    history: options.history,
    historyOptions: options.historyOptions,
    notes,
  };
}
