/**
 * The run stage: warm-up calls that are not measured, then every case times every
 * repetition, one call at a time. A dead server ends the run cleanly (remaining cases
 * are marked not run, with its stderr tail); a server that times out repeatedly is
 * treated as hung, for the same reason: the run stays bounded in time.
 */
import type { Case } from '../suite/case.ts';
import type { ToolCaller } from '../target/tool-caller.ts';
import type { CaseObservation } from './observation.ts';
import { runAnswerCase, type AnswerProfile } from './run-answer-case.ts';
import { runCase } from './run-case.ts';
import type { SearchProfile } from './search-profile.ts';

export interface RunOptions {
  profile: SearchProfile;
  answerProfile: AnswerProfile;
  warmup: number;
  repetitions: number;
  timeoutMs: number;
  failFast: boolean;
  /** Consecutive timeouts after which the server is declared hung. */
  maxConsecutiveTimeouts: number;
  onProgress?: (event: ProgressEvent) => void;
}

export interface ProgressEvent {
  done: number;
  total: number;
  observation: CaseObservation;
}

export interface RunOutcome {
  observations: CaseObservation[];
  warmupErrors: number;
  /** Why the run stopped before the end, if it did. */
  stoppedEarly?: string;
}

/** Warm-up uses search queries only: answer tools may be slow and costly (an LLM behind them). */
async function warmUp(caller: ToolCaller, all: readonly Case[], options: RunOptions): Promise<number> {
  const cases = all.filter((c) => c.kind === 'retrieval');
  let errors = 0;
  for (let i = 0; i < options.warmup && cases.length > 0 && caller.alive; i++) {
    const c = cases[i % cases.length]!;
    const args = options.profile.searchArgs(c, undefined);
    const outcome = await caller.callTool(c.tool ?? options.profile.searchTool, args, options.timeoutMs);
    if (!outcome.ok) errors++;
    if (!outcome.ok && outcome.kind !== 'call_failed') break;
  }
  return errors;
}

function notRun(c: Case, repetition: number, reason: string, stderrTail: string): CaseObservation {
  return {
    caseId: c.id,
    repetition,
    status: 'not_run',
    rounds: [],
    foundInRound: null,
    error: { kind: 'not_run', message: reason, stderrTail },
  };
}

export async function runSuite(caller: ToolCaller, cases: readonly Case[], options: RunOptions): Promise<RunOutcome> {
  const warmupErrors = await warmUp(caller, cases, options);
  const observations: CaseObservation[] = [];
  const total = cases.length * options.repetitions;
  let stoppedEarly: string | undefined;
  let consecutiveTimeouts = 0;

  for (let repetition = 0; repetition < options.repetitions; repetition++) {
    for (const c of cases) {
      let observation: CaseObservation;
      if (stoppedEarly !== undefined) {
        observation = notRun(c, repetition, stoppedEarly, caller.stderrTail());
      } else {
        observation =
          c.kind === 'retrieval'
            ? await runCase(caller, c, repetition, options)
            : await runAnswerCase(caller, c, repetition, { profile: options.answerProfile, timeoutMs: options.timeoutMs });
        consecutiveTimeouts = observation.error?.kind === 'timeout' ? consecutiveTimeouts + 1 : 0;
        if (!caller.alive) stoppedEarly = 'the server exited during the run';
        else if (consecutiveTimeouts >= options.maxConsecutiveTimeouts) {
          stoppedEarly = `the server stopped answering (${consecutiveTimeouts} calls in a row timed out)`;
        } else if (options.failFast && observation.status === 'error') stoppedEarly = 'stopped by --fail-fast';
      }
      observations.push(observation);
      options.onProgress?.({ done: observations.length, total, observation });
    }
  }
  const outcome: RunOutcome = { observations, warmupErrors };
  if (stoppedEarly !== undefined) outcome.stoppedEarly = stoppedEarly;
  return outcome;
}
