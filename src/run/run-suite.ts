/**
 * The run stage: warm-up calls that are not measured, then every case times every
 * repetition, one call at a time, in the seeded order of schedule.ts. With two arms
 * (same-job A/B) both servers run in the same loop, block by block. A dead server ends
 * its arm cleanly (its remaining cases are marked not run, with its stderr tail); a
 * server that times out repeatedly is treated as hung, for the same reason: the run
 * stays bounded in time. The other arm goes on. With `more`, repetitions go on past
 * `repetitions` (up to its cap) for as long as it says the measurements are not yet
 * precise enough; the order is the same as a run planned with that many from the start.
 * Answer cases are asked their own number of times (the case's `repetitions`, else
 * `answerRepetitions`, default 1: an answer tool may be slow and paid for), in the first
 * repetitions of the same schedule, whether that is fewer or more than the retrieval cases'.
 * Task cases are run the same way (their own `repetitions`, default 1) by `runTask`, which
 * the pipeline gives when an agent is configured (src/agent/); without it they are left out.
 */
import type { AnswerCase, Case, TaskCase } from '../model/case.ts';
import type { ToolCaller } from '../server/tool-caller.ts';
import type { CaseObservation } from '../model/observation.ts';
import { runAnswerCase, type AnswerProfile } from './run-answer-case.ts';
import { runCase } from './run-case.ts';
import { schedule } from './schedule.ts';
import type { SearchProfile } from './search-profile.ts';

export interface RunOptions {
  profile: SearchProfile;
  answerProfile: AnswerProfile;
  warmup: number;
  repetitions: number;
  /** Times an answer case is asked unless it sets its own `repetitions` (default 1). */
  answerRepetitions?: number;
  timeoutMs: number;
  failFast: boolean;
  /**
   * Why an answer case that got its answer failed (its first failed validation), or
   * undefined when it passed: progress says so, and with failFast the run stops there,
   * as seed 000's --fail-fast does. Absent: only errors stop a fail-fast run.
   */
  answerFailure?: (c: Case, observation: CaseObservation) => Promise<string | undefined>;
  /** Ids a ranking should reach before paging stops: the largest metric cutoff. */
  depth: number;
  /** Consecutive timeouts after which the server is declared hung. */
  maxConsecutiveTimeouts: number;
  /** Seed of the per-repetition shuffle (recorded in the report). */
  seed: number;
  /** Cases per A/B block. */
  blockSize: number;
  onProgress?: (event: ProgressEvent) => void;
  /** Adaptive repetitions: asked after each repetition from `repetitions` on whether to run another. */
  more?: MoreRepetitions;
  /** Runs one repetition of a task case on an arm's server (src/agent/); required when the cases hold task cases. */
  runTask?: (arm: number, caller: ToolCaller, c: TaskCase, repetition: number) => Promise<CaseObservation>;
}

export interface MoreRepetitions {
  /** Cap on repetitions in all. */
  max: number;
  /** True to run one more repetition, given every arm's outcome so far and how many repetitions are done. */
  wanted: (outcomes: readonly RunOutcome[], done: number) => boolean;
}

export interface ProgressEvent {
  done: number;
  total: number;
  /** Which arm ran it (0 = the only arm, or the base in A/B). */
  arm: number;
  observation: CaseObservation;
  /** An answer case's first failed validation, when it failed one. */
  failedValidation?: string;
}

export interface RunOutcome {
  observations: CaseObservation[];
  /** Repetitions run (more than planned when `more` asked for them). */
  repetitions: number;
  warmupErrors: number;
  /** Why the run stopped before the end, if it did. */
  stoppedEarly?: string;
}

/** How many times an answer case is asked: its own `repetitions`, else the run's default (1). */
export function answerRuns(c: AnswerCase, options: Pick<RunOptions, 'answerRepetitions'>): number {
  return c.repetitions ?? options.answerRepetitions ?? 1;
}

/** How many times a task case is run on each arm: its own `repetitions`, default 1 (an agent is slow and paid for). */
export function taskRuns(c: TaskCase): number {
  return c.repetitions ?? 1;
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

/** How long a liveness ping after a timed-out call may take (capped by the call timeout). */
const PING_TIMEOUT_MS = 5_000;

/** One arm's running state: its outcome so far and why it stopped, if it did. */
interface ArmState {
  caller: ToolCaller;
  outcome: RunOutcome;
  consecutiveTimeouts: number;
}

interface Slot {
  observation: CaseObservation;
  failedValidation?: string;
}

function observe(armIndex: number, caller: ToolCaller, c: Case, repetition: number, options: RunOptions): Promise<CaseObservation> {
  if (c.kind === 'retrieval') return runCase(caller, c, repetition, options);
  if (c.kind === 'answer') return runAnswerCase(caller, c, repetition, { profile: options.answerProfile, timeoutMs: options.timeoutMs, errorReply: options.profile.errorReply, search: options.profile });
  if (!options.runTask) throw new Error(`internal: task case ${c.id} scheduled without a task runner`);
  return options.runTask(armIndex, caller, c, repetition);
}

async function runSlot(arm: ArmState, armIndex: number, c: Case, repetition: number, options: RunOptions): Promise<Slot> {
  const { caller, outcome } = arm;
  if (outcome.stoppedEarly !== undefined) return { observation: notRun(c, repetition, outcome.stoppedEarly, caller.stderrTail()) };
  const observation = await observe(armIndex, caller, c, repetition, options);
  const checked = c.kind === 'answer' && observation.answer && options.answerFailure ? await options.answerFailure(c, observation) : undefined;
  const failedValidation = checked === undefined ? {} : { failedValidation: checked };
  arm.consecutiveTimeouts = observation.error?.kind === 'timeout' ? arm.consecutiveTimeouts + 1 : 0;
  // One slow query must not end the run: a server that still answers a ping is not hung.
  if (observation.error?.kind === 'timeout' && caller.alive && (await caller.ping(Math.min(options.timeoutMs, PING_TIMEOUT_MS)))) arm.consecutiveTimeouts = 0;
  if (!caller.alive) outcome.stoppedEarly = caller.endReason();
  else if (arm.consecutiveTimeouts >= options.maxConsecutiveTimeouts) {
    outcome.stoppedEarly = `the server stopped answering (${arm.consecutiveTimeouts} calls in a row timed out, and it did not answer a ping)`;
  } else if (options.failFast && observation.status === 'error') outcome.stoppedEarly = `stopped by --fail-fast: ${c.id} errored`;
  else if (options.failFast && checked !== undefined) outcome.stoppedEarly = `stopped by --fail-fast: ${c.id} failed a validation (${checked})`;
  return { observation, ...failedValidation };
}

/** Runs the cases on every arm (one server, or base and head), interleaved by schedule.ts. */
export async function runArms(callers: readonly ToolCaller[], cases: readonly Case[], options: RunOptions): Promise<RunOutcome[]> {
  const arms: ArmState[] = [];
  for (const caller of callers) {
    arms.push({ caller, outcome: { observations: [], repetitions: 0, warmupErrors: await warmUp(caller, cases, options) }, consecutiveTimeouts: 0 });
  }
  // Answer and task cases run their own number of times (retrieval cases: 0 here, `planned` below).
  const asked = (c: Case) => (c.kind === 'answer' ? answerRuns(c, options) : c.kind === 'task' ? taskRuns(c) : 0);
  const answerMax = Math.max(0, ...cases.map(asked));
  const max = Math.max(options.repetitions, options.more?.max ?? 0, answerMax);
  const slots = schedule({ cases: cases.length, repetitions: max, arms: arms.length, seed: options.seed, blockSize: options.blockSize });
  // Extra (adaptive) repetitions leave answer and task cases out: an answer tool or an agent may be slow and paid for.
  const retrievalCases = cases.filter((c) => c.kind === 'retrieval').length;
  const answerCalls = cases.reduce((sum, c) => sum + asked(c), 0);
  const total = (repetitions: number) => arms.length * (retrievalCases * repetitions + answerCalls);
  const outcomes = () => arms.map((a) => a.outcome);
  let planned = options.repetitions;
  let growing = (options.more?.max ?? 0) > planned;
  let done = 0;
  for (const slot of slots) {
    if (growing && slot.repetition === planned) {
      // A repetition boundary past the plan: go on only while more is wanted (and someone is still running).
      const running = arms.some((a) => a.outcome.stoppedEarly === undefined);
      if (running && planned < options.more!.max && options.more!.wanted(outcomes(), planned)) planned++;
      else growing = false;
    }
    if (!growing && slot.repetition >= Math.max(planned, answerMax)) break;
    const c = cases[slot.caseIndex]!;
    if (slot.repetition >= (c.kind === 'retrieval' ? planned : asked(c))) continue;
    const arm = arms[slot.arm]!;
    const { observation, ...failed } = await runSlot(arm, slot.arm, c, slot.repetition, options);
    arm.outcome.observations.push(observation);
    options.onProgress?.({ done: ++done, total: total(planned), arm: slot.arm, observation, ...failed });
  }
  for (const arm of arms) arm.outcome.repetitions = planned;
  return outcomes();
}

export async function runSuite(caller: ToolCaller, cases: readonly Case[], options: RunOptions): Promise<RunOutcome> {
  const [outcome] = await runArms([caller], cases, options);
  return outcome!;
}
