/**
 * The one decision both entry points make at the end: how a run exits and the lines
 * that say why. The CLI prints the lines and exits with the code; the Action fails the
 * step with the same lines. Order: an unhealthy run (every search empty, errored cases
 * beyond --max-errors, evaluator errors unless allowed: report/health.ts) exits 1 before
 * anything else, because its numbers cannot be trusted and gates over them mean
 * nothing; then answer cases that failed their validations exit 1 (seed 000's CLI exits
 * 1 when a test fails; a failed fail-on gate is said too); then failed fail-on gates
 * exit 3; else 0.
 */
import { describeGateFailure } from '../compare/judge-gates.ts';
import type { Report } from '../model/report.ts';
import type { Evaluation } from './evaluate.ts';

export interface RunVerdict {
  /** 0 healthy and no gate failed; 1 the run is not healthy or an answer case failed its validations; 3 a fail-on gate failed. */
  code: 0 | 1 | 3;
  /** One line per reason, for stderr or the failed step. */
  lines: string[];
}

/** The health problems that fail the run, one line each (empty when it is healthy enough). */
export function healthFailures(report: Report): string[] {
  if (report.health) return report.health.problems.filter((p) => p.severity === 'fail').map((p) => p.message);
  // A report from before the health check: errored cases fail it, as they always did.
  const { errors, notRun } = report.summary;
  return errors + notRun > 0 ? [`${errors + notRun} case(s) errored or did not run`] : [];
}

/**
 * The health problems that only warn (evaluator errors allowed with --allow-evaluator-errors,
 * the judging budget, short rankings, ...), one line each: said on stderr and as annotations,
 * not only in the markdown, so a judge failing under --allow-evaluator-errors is heard.
 */
export function healthWarnings(report: Report): string[] {
  return (report.health?.problems ?? []).filter((p) => p.severity === 'warn').map((p) => p.message);
}

/** How many ids a failure line names before "and N more". */
const NAMED_IDS = 10;

/**
 * Answer cases that ran and failed a validation (seed 000's failed tests), one line;
 * empty when none did. Errored answer cases are the health check's (they never answered).
 */
export function answerFailures(report: Report): string[] {
  const answers = report.cases.filter((c) => c.kind === 'answer');
  const failed = answers.filter((c) => c.status === 'ok' && c.answer !== undefined && !c.answer.passed).map((c) => c.id);
  if (failed.length === 0) return [];
  const named = failed.slice(0, NAMED_IDS).join(', ') + (failed.length > NAMED_IDS ? ` and ${failed.length - NAMED_IDS} more` : '');
  return [`${failed.length} of ${answers.length} answer case(s) failed their validations (${named}); --verbose lists each failed validation`];
}

export function runVerdict(evaluation: Evaluation): RunVerdict {
  const unhealthy = healthFailures(evaluation.report);
  if (unhealthy.length > 0) return { code: 1, lines: unhealthy };
  const gateLines = (evaluation.gates?.failures ?? []).map((f) => `fail-on: ${describeGateFailure(f)}`);
  const failedAnswers = answerFailures(evaluation.report);
  if (failedAnswers.length > 0) return { code: 1, lines: [...failedAnswers, ...gateLines] };
  if (gateLines.length > 0) return { code: 3, lines: gateLines };
  return { code: 0, lines: [] };
}
