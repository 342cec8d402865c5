/**
 * After the run: each arm's report, from its observations (scored), its build, its server's
 * end (memory, stderr tail, exit) and the run's settings. arms.ts loads this once every
 * server is closed, so scoring and report building never delay a server's start.
 */
import type { Config } from '../config/config.ts';
import { currentEnvironment } from '../report/environment.ts';
import { buildReport } from '../report/build-report.ts';
import { judgingSummary } from '../report/judging-summary.ts';
import type { BuildResult, Report, SamplingInfo } from '../model/report.ts';
import type { AnswerScoring } from '../answers/score-answer.ts';
import type { RuleResult } from '../model/answer-rules.ts';
import type { CaseObservation } from '../model/observation.ts';
import type { Suite } from '../suite/index.ts';
import type { HttpSessionEnd } from '../server/http-session.ts';
import type { RunOutcome } from '../run/run-suite.ts';
import type { Arm } from './arm.ts';
import type { EvaluateHooks, JudgingProgress } from './hooks.ts';
import { createJudgingProgress } from './judging-progress.ts';
import { scoreCases } from './score-cases.ts';
import { TOOL_VERSION } from './version.ts';
import type { Case } from '../model/case.ts';
import type { JudgeSession } from '../answers/evaluators/llm/judge-session.ts';
import type { TaskRunInfo } from '../report/task-summary.ts';
import { appendRecord } from '../answers/evaluators/storage/jsonl-storage.ts';
import type { CaseResult } from '../model/report.ts';

export interface ArmsResult {
  config: Config;
  suite: Suite;
  /** The cases that ran (the suite's, less task cases when the tasks were skipped). */
  cases: readonly Case[];
  arms: readonly Arm[];
  outcomes: readonly RunOutcome[];
  ends: readonly HttpSessionEnd[];
  builds: readonly (BuildResult | undefined)[];
  /** Answer validations already run during the run (see arms.ts firstFailedValidation). */
  validated: WeakMap<CaseObservation, RuleResult[]>;
  cpus: string | null;
  scoring?: AnswerScoring;
  sampling?: SamplingInfo;
  /** The task cases' agent, or why they were skipped. */
  tasks?: TaskRunInfo;
  /** The judging session of llm_judge assertions when no answer case brought one. */
  judgeSession?: JudgeSession;
  onJudging?: EvaluateHooks['onJudging'];
  judgingLog?: EvaluateHooks['judgingLog'];
}

/** Kind of the --store line of one task run (beside the answer cases' `evaluation` lines). */
export const TASK_RUN_KIND = 'task_run';

/** Every task run of the head arm into the --store file: the run with its trajectory and assertions, and which task it was. */
async function storeTaskRuns(store: string, results: readonly CaseResult[]): Promise<void> {
  for (const r of results) {
    for (const run of [...(r.task?.runs ?? []), ...(r.task?.withoutDocs ?? [])]) {
      await appendRecord(store, { kind: TASK_RUN_KIND, timestamp: Date.now(), caseId: r.id, name: r.name, category: r.category, ...run });
    }
  }
}

function withoutStorage(scoring: AnswerScoring): AnswerScoring {
  const { storage: _ignored, ...rest } = scoring;
  return rest;
}

/** Tells the hooks (and the judging log) how judging goes as each answer case is scored; undefined when nobody listens. */
function judgingProgress(run: ArmsResult, arm: number): ((done: number, total: number) => void) | undefined {
  const session = run.scoring?.session;
  if (!session || (!run.onJudging && !run.judgingLog)) return undefined;
  const log = run.judgingLog ? createJudgingProgress(run.judgingLog) : undefined;
  const budget = run.config.judging.budget;
  return (done, total) => {
    const event: JudgingProgress = { arm, done, total, usage: session.snapshot(), ...(budget ? { budget } : {}) };
    run.onJudging?.(event);
    log?.(event);
  };
}

export async function armReports(run: ArmsResult): Promise<Report[]> {
  const { config, suite, cases, arms: all, outcomes, ends, builds, validated, cpus, sampling } = run;
  const environment = currentEnvironment();
  const reports: Report[] = [];
  for (const [i, arm] of all.entries()) {
    const end = ends[i]!;
    // Only the head arm appends to the evaluation store: the base is a comparison run.
    const scoring = run.scoring && { ...(i < all.length - 1 ? withoutStorage(run.scoring) : run.scoring), validated };
    const onAnswerScored = judgingProgress(run, i);
    const results = await scoreCases(cases, outcomes[i]!.observations, { k: config.k, cutoffs: config.cutoffs, facets: suite.facets, ...(scoring ? { answers: scoring } : {}), ...(onAnswerScored ? { onAnswerScored } : {}) });
    // Only the head arm appends to the store, as for answer cases.
    if (config.store && i === all.length - 1) await storeTaskRuns(config.store, results);
    const build = builds[i];
    const report = buildReport({
      version: TOOL_VERSION,
      createdAt: new Date(),
      git: arm.git,
      environment,
      target: {
        transport: arm.server.url === undefined ? 'stdio' : 'http',
        command: arm.server.command,
        cwd: arm.server.cwd,
        ...(arm.server.url !== undefined ? { url: arm.server.url } : {}),
        ...(arm.build ? { buildCommand: arm.build.command } : {}),
      },
      suite,
      settings: {
        k: config.k,
        cutoffs: config.cutoffs,
        warmup: config.warmup,
        repetitions: outcomes[i]!.repetitions,
        timeoutMs: config.timeoutMs,
        seed: config.seed,
        ...(all.length > 1 ? { blockSize: config.blockSize } : {}),
        ...(sampling ? { sampling } : {}),
        ...(cpus !== null ? { serverCpus: cpus } : {}),
      },
      results,
      ...(build ? { build } : {}),
      ...(end.memory ? { memory: end.memory } : {}),
      server: { stderrTail: end.stderrTail, exitCode: end.exit?.code ?? null, exitSignal: end.exit?.signal ?? null },
      healthPolicy: config.health,
      ...(run.tasks ? { tasks: run.tasks } : {}),
    });
    const session = scoring?.session ?? run.judgeSession;
    const judging = session ? judgingSummary(session, results) : undefined;
    if (judging) report.judging = judging;
    if (arm.sameJob) report.sameJob = arm.sameJob;
    if (config.shard) report.shard = config.shard;
    reports.push(report);
  }
  return reports;
}
