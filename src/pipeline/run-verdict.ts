/**
 * The one decision both entry points make at the end: how a run exits and the lines
 * that say why. The CLI prints the lines and exits with the code; the Action fails the
 * step with the same lines. Order: an unhealthy run (every search empty, errored cases
 * beyond --max-errors, evaluator errors unless allowed: score/health.ts) exits 1 before
 * anything else, because its numbers cannot be trusted and gates over them mean
 * nothing; then failed fail-on gates exit 3; else 0.
 */
import { describeGateFailure } from '../compare/judge-gates.ts';
import type { Report } from '../report/types.ts';
import type { Evaluation } from './evaluate.ts';

export interface RunVerdict {
  /** 0 healthy and no gate failed; 1 the run is not healthy; 3 a fail-on gate failed. */
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

export function runVerdict(evaluation: Evaluation): RunVerdict {
  const unhealthy = healthFailures(evaluation.report);
  if (unhealthy.length > 0) return { code: 1, lines: unhealthy };
  const failed = evaluation.gates?.failures ?? [];
  if (failed.length > 0) return { code: 3, lines: failed.map((f) => `fail-on: ${describeGateFailure(f)}`) };
  return { code: 0, lines: [] };
}
