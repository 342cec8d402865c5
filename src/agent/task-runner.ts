/**
 * The run stage's task runner (run/run-suite.ts `runTask`): one slot of a task case is one
 * repetition, run on the docs arm with the server's tools and, for the uplift, on the arm
 * without them, interleaved (the order alternates with the repetition, so neither arm
 * always runs first against a warm cache or a tired API). Each run is said in a line as
 * it ends, so a long run of agents shows its progress. A server that died under the run
 * makes the slot an error, as for any other case.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { TaskCase } from '../model/case.ts';
import type { CaseObservation } from '../model/observation.ts';
import { runOutcome, type TaskArm, type TaskRun } from '../model/task.ts';
import type { ToolCaller } from '../server/tool-caller.ts';
import { runTaskOnce, type TaskSetup } from './run-task.ts';

export interface TaskRunnerOptions {
  setup: TaskSetup;
  withoutDocs: boolean;
  /** The tools each arm's server listed, by arm index. */
  tools: readonly (readonly Tool[])[];
  /** Per docs tool call. */
  callTimeoutMs: number;
  note?: (message: string) => void;
}

export function armOrder(withoutDocs: boolean, repetition: number): TaskArm[] {
  if (!withoutDocs) return ['docs'];
  return repetition % 2 === 0 ? ['docs', 'without_docs'] : ['without_docs', 'docs'];
}

export function createTaskRunner(options: TaskRunnerOptions): (arm: number, caller: ToolCaller, c: TaskCase, repetition: number) => Promise<CaseObservation> {
  return async (armIndex, caller, c, repetition) => {
    const runs: TaskRun[] = [];
    const of = c.repetitions ?? 1;
    for (const arm of armOrder(options.withoutDocs, repetition)) {
      const docs = arm === 'docs' ? { tools: options.tools[armIndex] ?? [], caller, timeoutMs: options.callTimeoutMs } : undefined;
      const run = await runTaskOnce(c, arm, repetition, options.setup, docs);
      runs.push(run);
      const where = `${arm === 'docs' ? 'with docs' : 'without docs'}${of > 1 ? `, run ${repetition + 1} of ${of}` : ''}`;
      options.note?.(`task ${c.id} (${where}): ${runOutcome(run)} · ${run.turns} turn(s) · ${run.docsCalls} docs call(s) · ${(run.ms / 1000).toFixed(1)} s${run.stopDetail ? ` · ${run.stopDetail}` : ''}`);
    }
    const observation: CaseObservation = { caseId: c.id, repetition, status: 'ok', rounds: [], foundInRound: null, task: { runs } };
    if (!caller.alive) return { ...observation, status: 'error', error: { kind: 'server_exited', message: caller.endReason(), stderrTail: caller.stderrTail() } };
    return observation;
  };
}
