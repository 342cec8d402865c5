/**
 * The comment as sections, most important first in the plan, each with its shorter
 * variants (see budget.ts). Rendering order is for the reader; the plan in
 * render-comment.ts decides what goes first when the comment is too long.
 */
import type { Comparison } from '../../model/comparison.ts';
import type { Evaluation } from '../../model/comparison.ts';
import { cutoffsOf, type Report } from '../../model/report.ts';
import { details } from '../markdown/details.ts';
import { codeSpan, escapeCell, htmlText } from '../markdown/escape.ts';
import { formatCount as n } from '../../report/format.ts';
import { addedRemovedLine, changesTable, comparabilityNotes, deltaTable, improvements, regressions, verdictLine } from '../markdown/render-delta.ts';
import { flipList, flips } from '../markdown/render-flips.ts';
import { evidenceTable } from '../markdown/render-evidence.ts';
import { gateLines } from '../markdown/render-gates.ts';
import { powerLine } from '../markdown/render-power.ts';
import { judgingTotalsLine, renderJudgingSummary } from '../markdown/render-judging.ts';
import { healthLines } from '../markdown/render-health.ts';
import { reasoningCases, renderReasoning } from '../markdown/render-reasoning.ts';
import { breakdownTable, failureLine, latencyTable, retrievalCount, runLine, summaryTable } from '../markdown/render-report.ts';
import { agentLine, taskSkipNote } from '../markdown/render-tasks.ts';
import { renderTrajectories, trajectoryCases } from '../markdown/render-trajectory.ts';
import type { Section } from './budget.ts';
import { commentMarker } from './marker.ts';
import { baselineLine, environmentLine, linksLine, shortSha } from './context-lines.ts';
import type { CommentContext } from './types.ts';

/** How many case rows each shorter variant keeps. */
export const REGRESSION_LIMITS = [200, 100, 50, 25, 10, 5] as const;
/** The variant of the regressions section that keeps the first 25. */
export const REGRESSIONS_FIRST_25 = REGRESSION_LIMITS.indexOf(25) + 1;
export const IMPROVEMENT_LIMIT = 25;
/** Flipped cases (status, pass/fail, rank in the top k) named under the delta table, then fewer to fit; the rest are counted. */
export const FLIP_LIMITS = [10, 3] as const;
export const CATEGORY_LIMIT = 20;
export const ERROR_LIMIT = 10;
/** How many answer cases each shorter variant of the judge-reasoning section keeps. */
export const REASONING_LIMITS = [10, 3] as const;
/** How many task trajectories each shorter variant of the tasks section keeps. */
export const TRAJECTORY_LIMITS = [10, 3] as const;

const required = (id: string, text: string): Section => ({ id, variants: [text] });

function titleSection(report: Report, ctx: CommentContext): Section {
  const title = ctx.title ?? `docs-mcp-eval${ctx.key !== 'default' ? ` · ${ctx.key}` : ''}`;
  const head = ctx.headSha ? ` · head ${shortSha(ctx.headSha)}` : '';
  const meta = `**${escapeCell(report.dataset.name)}** · ${n(report.summary.cases)} cases · k=${cutoffsOf(report.settings).map(n).join(',')}${head}`;
  return required('title', `### ${escapeCell(title, 200)}\n${meta}`);
}

/** Problems with the run itself, which matter whatever the comparison says. */
function runAlerts(evaluation: Evaluation): string[] {
  const { errors, notRun } = evaluation.report.summary;
  const alerts: string[] = healthLines(evaluation.report);
  // A report from before the health check still shows its errored cases.
  if (!evaluation.report.health && errors + notRun > 0) alerts.push(`> ⚠️ **${n(errors)} case(s) errored, ${n(notRun)} not run.**`);
  if (evaluation.stoppedEarly) alerts.push(`> **The run stopped early**: ${escapeCell(evaluation.stoppedEarly, 300)}.`);
  // Skipped tasks (a fork's pull request without the agent's secret) are a note, never a failure.
  const skipped = taskSkipNote(evaluation.report);
  if (skipped) alerts.push(skipped);
  return alerts;
}

function regressionSection(comparison: Comparison): Section {
  const list = regressions(comparison);
  if (list.length === 0) return { id: 'regressions', variants: [''] };
  const shorter = REGRESSION_LIMITS.map((n) => changesTable('Case regressions', list, n));
  return { id: 'regressions', variants: [changesTable('Case regressions', list), ...shorter, `Case regressions: ${n(list.length)} (list left out to fit).`] };
}

/** The flipped cases right under the delta table: named up to a limit, then fewer, then only counted (never left out). */
function flipSection(comparison: Comparison): Section {
  const { worse, better } = flips(comparison);
  if (worse.length + better.length === 0) return { id: 'flips', variants: [''] };
  const count = `**Cases that changed** (status, pass/fail or first relevant rank in the top k): ${worse.length} worse, ${better.length} better (list left out to fit).`;
  return { id: 'flips', variants: [...FLIP_LIMITS.map((n) => flipList(comparison, n) ?? ''), count] };
}

function improvementSection(comparison: Comparison): Section {
  const list = improvements(comparison);
  if (list.length === 0) return { id: 'improvements', variants: [''] };
  return {
    id: 'improvements',
    variants: [changesTable('Case improvements', list), changesTable('Case improvements', list, IMPROVEMENT_LIMIT), `Case improvements: ${n(list.length)} (list left out to fit).`],
  };
}

function categorySection(report: Report): Section {
  // Retrieval groups only: an answer-only suite's categories are in no retrieval table.
  const groups = report.breakdowns.category.filter((g) => retrievalCount(g) > 0);
  if (groups.length === 0) return { id: 'categories', variants: [''] };
  const table = (limit: number) => {
    const shown = groups.slice(0, limit);
    const count = shown.length < groups.length ? `first ${n(shown.length)} of ${n(groups.length)}` : n(groups.length);
    return details(`By category (${count})`, breakdownTable('Category', shown, report.settings.k));
  };
  return { id: 'categories', variants: [table(groups.length), table(CATEGORY_LIMIT), ''] };
}

function errorSection(report: Report): Section {
  const failed = report.cases.filter((r) => r.status !== 'ok');
  if (failed.length === 0) return { id: 'errors', variants: [''] };
  const lines = failed.map((r) => failureLine(r, report.settings.k) ?? `- ${codeSpan(r.id)}: **${escapeCell(r.status, 20)}**`);
  const list = (shown: number) => {
    const count = shown < lines.length ? `first ${n(shown)} of ${n(lines.length)}` : n(lines.length);
    return details(`Errored and not-run cases (${count})`, lines.slice(0, shown).join('\n'));
  };
  return { id: 'errors', variants: [list(lines.length), list(ERROR_LIMIT), ''] };
}

/** Judge reasoning for failed and changed answer cases, collapsed; shortened to fewer cases, then a count, then left out. */
function reasoningSection(evaluation: Evaluation): Section {
  const cases = reasoningCases(evaluation.report, evaluation.comparison?.caseChanges);
  const full = renderReasoning(cases);
  if (!full) return { id: 'reasoning', variants: [''] };
  // Always five variants (full, 10, 3, count, none), so the plan's levels mean the same whatever the count.
  const shorter = REASONING_LIMITS.map((n) => renderReasoning(cases, n) ?? '');
  return { id: 'reasoning', variants: [full, ...shorter, `Judge reasoning: ${n(cases.length)} answer case(s) (left out to fit; see the full report).`, ''] };
}

/** The agent line, then the trajectories of failed and flipped tasks, collapsed; shortened to fewer, then the line, then left out. */
function tasksSection(evaluation: Evaluation): Section {
  const line = agentLine(evaluation.report);
  if (!line) return { id: 'tasks', variants: [''] };
  const cases = trajectoryCases(evaluation.report, evaluation.comparison?.caseChanges);
  const full = renderTrajectories(cases);
  if (!full) return { id: 'tasks', variants: [line, line, line, line, ''] };
  const withTrajectories = (text: string | undefined) => `${line}

${text ?? ''}`.trim();
  return { id: 'tasks', variants: [withTrajectories(full), ...TRAJECTORY_LIMITS.map((n) => withTrajectories(renderTrajectories(cases, n))), `${line}

Task trajectories: ${cases.length} (left out to fit; see the full report).`, ''] };
}

/** What judging cost, collapsed under its one-line totals; then only the line; then left out. */
function judgingSection(report: Report): Section {
  const j = report.judging;
  if (!j) return { id: 'judging', variants: [''] };
  // Plain text with money in it: entities in <summary>, escaped markdown on its own (`$` opens math there).
  const head = `Judging cost: ${judgingTotalsLine(j).replace(/^judging used /, '')}`;
  return { id: 'judging', variants: [details(htmlText(head, 400), renderJudgingSummary(j, '')), escapeCell(head, 400), ''] };
}

/** The Action's warnings about the baseline's keeping (retention), kept whole: they name a fix. */
function noticeSection(ctx: CommentContext): Section {
  return required('notices', (ctx.notices ?? []).join('\n\n'));
}

function optional(id: string, text: string | undefined): Section {
  return { id, variants: text ? [text, ''] : [''] };
}

export function commentSections(evaluation: Evaluation, ctx: CommentContext): Section[] {
  const { report, comparison } = evaluation;
  const head = [required('marker', commentMarker(ctx.key)), titleSection(report, ctx)];
  const tail = [
    errorSection(report),
    optional('environment', environmentLine(report.environment, comparison?.sameEnvironment)),
    optional('links', linksLine(ctx)),
  ];
  if (comparison) {
    return [
      ...head,
      // A broken run says so before any verdict: its numbers are not to be trusted.
      required('verdict', [...runAlerts(evaluation), verdictLine(comparison), gateLines(evaluation.gates, ctx.acceptance).join('\n'), ...comparabilityNotes(comparison), powerLine(comparison) ?? ''].filter((p) => p !== '').join('\n\n')),
      required('delta', deltaTable(comparison)),
      flipSection(comparison),
      optional('evidence', evidenceTable(comparison.rows)),
      categorySection(report),
      regressionSection(comparison),
      tasksSection(evaluation),
      reasoningSection(evaluation),
      judgingSection(report),
      improvementSection(comparison),
      optional('addedRemoved', addedRemovedLine(comparison)),
      required('baseline', baselineLine(ctx.baseline)),
      noticeSection(ctx),
      ...tail,
    ];
  }
  // No comparison: say why, then what this run measured on its own.
  const fromAction = ctx.baseline.source === 'none' ? ctx.baseline.note : undefined;
  const reason = fromAction ?? evaluation.baselineNote ?? ctx.baseline.note ?? 'no baseline';
  return [
    ...head,
    required('verdict', [`**No comparison**: ${escapeCell(reason, 300)}. Summary of this run only.`, ...runAlerts(evaluation)].join('\n\n')),
    required('summary', `${runLine(report)}\n\n${summaryTable(report)}`),
    optional('latency', latencyTable(report)),
    tasksSection(evaluation),
    reasoningSection(evaluation),
    judgingSection(report),
    categorySection(report),
    required('baseline', baselineLine(ctx.baseline, reason === ctx.baseline.note)),
    noticeSection(ctx),
    ...tail,
  ];
}
