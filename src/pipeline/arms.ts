/**
 * The measured part of an evaluation, for one server or for two (same-job A/B): build
 * each arm (timed), start each server, check its tools, run the cases on all arms in
 * one interleaved loop, end every server, then score each arm into its own report.
 * A server that fails to start ends the ones already started before the error leaves.
 */
import type { Config, ServerConfig } from '../config/config.ts';
import type { Arm } from './arm.ts';
import type { BuildResult, Report, SamplingInfo } from '../model/report.ts';
import type { AnswerProfile } from '../run/run-answer-case.ts';
import type { RunOutcome } from '../run/run-suite.ts';
import type { AnswerScoring } from '../answers/score-answer.ts';
import type { RuleResult } from '../model/answer-rules.ts';
import type { CaseObservation } from '../model/observation.ts';
import type { Suite } from '../suite/index.ts';
import type { HttpSession, HttpSessionEnd } from '../server/http-session.ts';
import { startStdioSession, type StdioSession } from '../server/stdio-session.ts';
import { resolveCpus } from '../server/cpu-affinity.ts';
import { sharedPortProblem, withFreePort } from '../server/port-check.ts';
import { UsageError } from '../shared/run-errors.ts';
import type { MoreRepetitions, RunOptions } from '../run/run-suite.ts';
import type { EvaluateHooks } from './hooks.ts';
import type { TaskSetupResult } from './task-setup.ts';
import type { PrecisionCheck } from '../compare/latency-precision.ts';
import { runTimedStep } from './timed-step.ts';
import { checkTools } from './tool-check.ts';
import { TOOL_VERSION } from './version.ts';
import { loadAnswerRules, loadArmReports, loadHttpSession, loadLatencyPrecision, loadRunSuite, loadSearchSpec } from './lazy.ts';

export type { Arm, BaseArm } from './arm.ts';

export interface ArmsRun {
  /** One report per arm, in the arms' order. */
  reports: Report[];
  stoppedEarly?: string;
}

/** "1 of 19 cases ran; 18 did not": what a run that stopped early measured. */
function ranCount(report: Report): string {
  const { cases, notRun } = report.summary;
  return `${cases - notRun} of ${cases} cases ran; ${notRun} did not, and the means leave them out`;
}

function prefix(arm: Arm): string {
  return arm.label ? `${arm.label}: ` : '';
}

async function build(arm: Arm, hooks: EvaluateHooks): Promise<BuildResult | undefined> {
  if (!arm.build) return undefined;
  hooks.onPhase?.('build', `${prefix(arm)}${arm.build.command}`);
  const result = await runTimedStep(arm.build, `${prefix(arm)}the build command`);
  const output = result.output;
  if (output) hooks.onPhase?.('build', output.bytes === null ? `${prefix(arm)}output ${output.path}: ${output.error ?? 'not measured'}` : `${prefix(arm)}output ${output.path}: ${output.bytes} bytes in ${output.files} file(s)`);
  return result;
}

type Session = StdioSession | HttpSession;

/** The server as it is started: {port} in a started HTTP server's command and url becomes a free port of our choosing (each arm its own). */
async function withChosenPort(server: ServerConfig): Promise<ServerConfig> {
  return server.url !== undefined && server.command ? withFreePort({ ...server, url: server.url }) : server;
}

/** stdio, or Streamable HTTP when the server has a url (started by us when it also has a command; the HTTP client loads only then). */
async function startSession(config: Config, server: ServerConfig): Promise<Session> {
  const options = { clientName: 'docs-mcp-eval', clientVersion: TOOL_VERSION, connectTimeoutMs: config.initTimeoutMs, rssIntervalMs: config.rssIntervalMs };
  if (server.url === undefined) return startStdioSession(server, options);
  const target = { url: server.url, ...(server.headers ? { headers: server.headers } : {}), ...(server.command ? { server: { ...server, url: server.url } } : {}) };
  const { startHttpSession } = await loadHttpSession();
  return startHttpSession(target, { ...options, readyTimeoutMs: config.readyTimeoutMs });
}

async function startAll(config: Config, all: readonly Arm[], hooks: EvaluateHooks): Promise<Session[]> {
  const sessions: Session[] = [];
  try {
    for (const arm of all) {
      // The port is chosen before the line is logged, so the log names the url the server really gets.
      const server = await withChosenPort(arm.server);
      hooks.onPhase?.('server', `${prefix(arm)}${server.url ?? server.command}`);
      sessions.push(await startSession(config, server));
    }
  } catch (err) {
    await Promise.all(sessions.map((s) => s.close()));
    throw err;
  }
  return sessions;
}

/** Percent with one decimal, for progress lines. */
const pct = (x: number) => `±${(x * 100).toFixed(1)}%`;

type PrecisionOf = (outcomes: readonly RunOutcome[]) => PrecisionCheck;

/** The precision of a same-job A/B's median latencies so far (loaded only for adaptive runs). */
async function precisionCheck(config: Config): Promise<PrecisionOf> {
  const { latencyPrecision } = await loadLatencyPrecision();
  return (outcomes) => latencyPrecision(outcomes[0]!.observations, outcomes[1]!.observations, config.stats);
}

/** Same-job A/B: more repetitions while a median-latency CI is wider than its target (compare/latency-precision.ts). */
function adaptiveRepetitions(config: Config, hooks: EvaluateHooks, precisionOf: PrecisionOf): MoreRepetitions {
  return {
    max: config.maxRepetitions,
    wanted(outcomes, done) {
      const check = precisionOf(outcomes);
      const widest = check.rows[0];
      if (check.settled || !widest) return false;
      if (done === config.repetitions) {
        hooks.onPhase?.('run', `${widest.id} CI ${pct(widest.halfWidth)} after ${done} repetitions, target ${pct(widest.target)}: repeating the retrieval cases, up to ${config.maxRepetitions}`);
      }
      return true;
    },
  };
}

/** The final precision of an adaptive run, said in the log when it took extra repetitions. */
function finalPrecision(config: Config, outcomes: readonly RunOutcome[], hooks: EvaluateHooks, precisionOf: PrecisionOf): SamplingInfo {
  const check = precisionOf(outcomes);
  const done = outcomes[0]!.repetitions;
  const widest = check.rows[0];
  if (done > config.repetitions && widest) {
    const how = check.settled ? 'within target' : `the cap; widest ${widest.id}`;
    hooks.onPhase?.('run', `${done} repetitions: ${how} ${pct(widest.halfWidth)} (target ${pct(widest.target)})`);
  }
  return { minRepetitions: config.repetitions, maxRepetitions: config.maxRepetitions, settled: check.settled, rows: check.rows };
}

/**
 * The CPUs every server runs on: an explicit list applies to any run; `auto` pins only a
 * same-job A/B, where both servers must share the same CPUs (server/cpu-affinity.ts).
 */
function serverCpus(config: Config, arms: number, hooks: EvaluateHooks): string | null {
  if (config.serverCpus === 'auto' && arms < 2) return null;
  const { cpus, note } = resolveCpus(config.serverCpus);
  if (note !== undefined) hooks.onPhase?.('server', note);
  else if (cpus !== null) hooks.onPhase?.('server', `${arms > 1 ? 'both servers' : 'the server'} pinned to CPU ${cpus} (--server-cpus)`);
  return cpus;
}

/**
 * An answer case's first failed validation, checked as soon as the answer arrives: progress
 * shows it, and --fail-fast stops there. The results are kept in `validated`, which scoring
 * reads instead of running the same rules on the same answer again.
 */
async function firstFailedValidation(scoring: AnswerScoring | undefined, validated: WeakMap<CaseObservation, RuleResult[]>): Promise<NonNullable<RunOptions['answerFailure']>> {
  const { answerInput, runRules } = await loadAnswerRules();
  return async (c, observation) => {
    const answer = observation.answer;
    if (c.kind !== 'answer' || !answer) return undefined;
    const validations = await runRules(answerInput(answer.text, answer.structured), c.expect, scoring?.rules);
    validated.set(observation, validations);
    return validations.find((v) => !v.passed)?.message;
  };
}

export async function runArms(
  config: Config,
  suite: Suite,
  all: readonly Arm[],
  answers: { profile: AnswerProfile; scoring?: AnswerScoring },
  hooks: EvaluateHooks,
  tasks?: TaskSetupResult,
): Promise<ArmsRun> {
  // Skipped task cases (no agent configured here) are left out of the run and listed in the report.
  const cases = tasks?.runner ? suite.cases : suite.cases.filter((c) => c.kind !== 'task');
  const collision = all.length > 1 ? all.map((arm) => sharedPortProblem(arm.server)).find((p) => p !== undefined) : undefined;
  if (collision !== undefined) throw new UsageError(collision);
  const builds: (BuildResult | undefined)[] = [];
  for (const arm of all) builds.push(await build(arm, hooks));
  const cpus = serverCpus(config, all.length, hooks);
  const starting = startAll(config, cpus === null ? all : all.map((arm) => ({ ...arm, server: { ...arm.server, cpus } })), hooks);
  // The case runner loads while the servers boot (a stdio server is spawned as startAll is
  // called): nothing of it is needed before the spawn.
  const runner = Promise.all([loadRunSuite(), loadSearchSpec()]);
  // Awaited below; until then a failure is not unhandled (the start's own error comes first).
  runner.catch(() => undefined);
  const sessions = await starting;
  let outcomes: RunOutcome[];
  const validated = new WeakMap<CaseObservation, RuleResult[]>();
  const adaptive = all.length === 2 && config.maxRepetitions > config.repetitions;
  const precisionOf = adaptive ? await precisionCheck(config) : undefined;
  const ends: HttpSessionEnd[] = [];
  try {
    const note = (m: string) => hooks.onPhase?.('run', m);
    // Both arms get the same profile: a fetch tool only one side has is not compared.
    const [{ runArms: runCases }, { searchProfileFrom }] = await runner;
    const search = await searchProfileFrom(config.shape);
    const profiles = sessions.map((s) => checkTools(s.tools, cases, search, answers.profile, note));
    const profile = profiles.find((p) => p.fetchTool === null) ?? profiles[0]!;
    hooks.onPhase?.('run', `${cases.length} cases × ${config.repetitions}${all.length > 1 ? ` × ${all.length} arms, blocks of ${config.blockSize}` : ''} (seed ${config.seed})`);
    const runTask = tasks?.runner ? await tasks.runner(sessions.map((s) => s.tools), note) : undefined;
    outcomes = await runCases(sessions, cases, {
      profile,
      answerProfile: answers.profile,
      warmup: config.warmup,
      repetitions: config.repetitions,
      answerRepetitions: config.answerRepetitions,
      timeoutMs: config.timeoutMs,
      failFast: config.failFast,
      ...((config.failFast || hooks.onProgress) && cases.some((c) => c.kind === 'answer') ? { answerFailure: await firstFailedValidation(answers.scoring, validated) } : {}),
      depth: config.k,
      maxConsecutiveTimeouts: config.maxConsecutiveTimeouts,
      seed: config.seed,
      blockSize: config.blockSize,
      ...(hooks.onProgress ? { onProgress: hooks.onProgress } : {}),
      ...(precisionOf ? { more: adaptiveRepetitions(config, hooks, precisionOf) } : {}),
      ...(runTask ? { runTask } : {}),
    });
  } finally {
    // Always end every server's whole process tree, whatever happened in the run.
    for (const s of sessions) ends.push(await s.close());
  }

  const sampling = precisionOf ? finalPrecision(config, outcomes, hooks, precisionOf) : undefined;
  hooks.onPhase?.('score', `k=${config.cutoffs.join(',')}`);
  // Scoring and the reports load after the run, like everything not needed to start the server.
  const { armReports } = await loadArmReports();
  const reports = await armReports({
    config, suite, cases, arms: all, outcomes, ends, builds, validated, cpus,
    ...(answers.scoring ? { scoring: answers.scoring } : {}), ...(sampling ? { sampling } : {}), ...(hooks.onJudging ? { onJudging: hooks.onJudging } : {}), ...(hooks.judgingLog ? { judgingLog: hooks.judgingLog } : {}),
    ...(tasks ? { tasks: tasks.info, ...(tasks.plan.run && tasks.plan.judgeSession ? { judgeSession: tasks.plan.judgeSession } : {}) } : {}),
  });
  const stopped = outcomes.map((o, i) => (o.stoppedEarly !== undefined ? `${prefix(all[i]!)}${o.stoppedEarly} (${ranCount(reports[i]!)})` : undefined)).filter((s) => s !== undefined);
  return { reports, ...(stopped.length > 0 ? { stoppedEarly: stopped.join('; ') } : {}) };
}
