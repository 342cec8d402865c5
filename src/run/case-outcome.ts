/**
 * What one progress event says about its case, for the progress lines of both entry points
 * (the CLI's stderr, the Action's log): how it ended and how long its calls took. An answer
 * case is judged by its answer (passed its validations or not) and timed by its answer
 * call; a task case by whether its runs with docs passed, timed by their wall time; a
 * retrieval case by whether a relevant id came back, timed by its search rounds.
 * Pure.
 */
import type { ProgressEvent } from './run-suite.ts';

export type CaseOutcomeKind = 'ok' | 'miss' | 'empty' | 'pass' | 'fail' | 'error' | 'not_run';

export interface CaseOutcome {
  kind: CaseOutcomeKind;
  /** The case's time this repetition, ms: the answer call, a task's runs, or the sum of its search rounds. */
  ms: number;
}

export function caseOutcome(event: ProgressEvent): CaseOutcome {
  const o = event.observation;
  const ms = o.answer ? o.answer.ms : o.task ? o.task.runs.reduce((sum, r) => sum + r.ms, 0) : o.rounds.reduce((sum, r) => sum + r.ms, 0);
  if (o.status === 'not_run') return { kind: 'not_run', ms };
  if (o.status === 'error') return { kind: 'error', ms };
  if (o.answer) return { kind: event.failedValidation === undefined ? 'pass' : 'fail', ms };
  if (o.task) return { kind: o.task.runs.filter((r) => r.arm === 'docs').every((r) => r.passed) ? 'pass' : 'fail', ms };
  if (o.rounds.every((r) => r.hits.length === 0)) return { kind: 'empty', ms };
  return { kind: o.foundInRound === null ? 'miss' : 'ok', ms };
}
