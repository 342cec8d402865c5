/**
 * One evaluation, end to end: suite -> build -> server -> run -> score -> report ->
 * compare. The CLI and the Action are thin wrappers around this; it writes no files
 * and prints nothing itself (hooks carry progress out).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import pkg from '../../package.json' with { type: 'json' };
import type { Config } from '../config/config.ts';
import { compareReports } from '../compare/compare-reports.ts';
import type { Comparison } from '../compare/types.ts';
import { currentEnvironment, currentGit } from '../report/environment.ts';
import { buildReport } from '../report/build-report.ts';
import { readReport } from '../report/read-report.ts';
import type { BuildResult, Report } from '../report/types.ts';
import type { ProgressEvent } from '../run/run-suite.ts';
import { runSuite, type RunOutcome } from '../run/run-suite.ts';
import { EMPTY_ANSWER_PROFILE } from '../run/run-answer-case.ts';
import { defaultProfile } from '../run/search-profile.ts';
import { scoreCases } from '../score/score-cases.ts';
import { filterCases, loadSuite, suiteHash, type Suite } from '../suite/index.ts';
import { runBuild } from '../target/build-step.ts';
import { registerProcessTree } from '../target/cleanup.ts';
import { startStdioSession, type SessionEnd } from '../target/stdio-session.ts';
import { BuildFailedError, UsageError } from './errors.ts';
import { checkTools } from './tool-check.ts';

export type Phase = 'suite' | 'build' | 'server' | 'run' | 'score' | 'compare';

export interface EvaluateHooks {
  onPhase?: (phase: Phase, detail: string) => void;
  onProgress?: (event: ProgressEvent) => void;
}

export interface Evaluation {
  report: Report;
  comparison: Comparison | null;
  /** Why there is no comparison, when there is none. */
  baselineNote?: string;
  stoppedEarly?: string;
}

export const TOOL_VERSION: string = pkg.version;

async function selectCases(config: Config): Promise<Suite> {
  const suite = await loadSuite(config.cases);
  const cases = filterCases(suite.cases, config.filter);
  if (cases.length === 0) throw new UsageError(`no case of ${config.cases} matches the filters`);
  if (cases.length === suite.cases.length) return suite;
  // A subset is another dataset as far as comparison goes: its means are over other cases.
  return { ...suite, cases, hash: suiteHash(suite.name, suite.facets, cases, suite) };
}

async function build(config: Config, hooks: EvaluateHooks): Promise<BuildResult | undefined> {
  if (!config.build) return undefined;
  hooks.onPhase?.('build', config.build.command);
  // The build runs in its own process group, out of reach of a terminal's Ctrl-C:
  // the cleanup registry aborts it instead.
  const controller = new AbortController();
  const running = runBuild({ command: config.build.command, cwd: config.build.cwd, timeoutMs: config.build.timeoutMs, signal: controller.signal });
  const unregister = registerProcessTree(async () => {
    controller.abort();
    await running.catch(() => undefined);
  }, () => []);
  const result = await running.finally(unregister);
  if (result.exitCode !== 0) {
    throw new BuildFailedError(`the build command failed (exit ${String(result.exitCode)}) after ${Math.round(result.ms)} ms`, result.stderrTail);
  }
  return result;
}

async function baselineFor(config: Config, report: Report): Promise<{ comparison: Comparison | null; note?: string }> {
  if (config.baseline === null) return { comparison: null, note: 'no baseline requested' };
  if (!existsSync(config.baseline)) {
    if (config.baselineRequired) throw new UsageError(`baseline not found: ${config.baseline}`);
    return { comparison: null, note: `no baseline at ${path.relative(process.cwd(), config.baseline)} yet` };
  }
  const baseline = await readReport(config.baseline);
  return { comparison: compareReports(baseline, report, { baselineLabel: path.basename(config.baseline) }) };
}

export async function evaluate(config: Config, hooks: EvaluateHooks = {}): Promise<Evaluation> {
  hooks.onPhase?.('suite', config.cases);
  const suite = await selectCases(config);
  // The answer modules (rules, evaluators, network clients) load only for suites with answer cases.
  const answers = suite.cases.some((c) => c.kind === 'answer')
    ? await (await import('./answer-setup.ts')).answerSetup(config, suite)
    : { profile: EMPTY_ANSWER_PROFILE };
  const buildResult = await build(config, hooks);

  hooks.onPhase?.('server', config.server.command);
  const session = await startStdioSession(config.server, {
    clientName: 'docs-mcp-eval',
    clientVersion: TOOL_VERSION,
    connectTimeoutMs: config.timeoutMs,
    rssIntervalMs: config.rssIntervalMs,
  });
  let outcome: RunOutcome;
  let end: SessionEnd;
  try {
    const profile = checkTools(session.tools, suite.cases, defaultProfile, answers.profile, (m) => hooks.onPhase?.('run', m));
    hooks.onPhase?.('run', `${suite.cases.length} cases × ${config.repetitions}`);
    const runOptions = {
      profile,
      answerProfile: answers.profile,
      warmup: config.warmup,
      repetitions: config.repetitions,
      timeoutMs: config.timeoutMs,
      failFast: config.failFast,
      maxConsecutiveTimeouts: config.maxConsecutiveTimeouts,
      ...(hooks.onProgress ? { onProgress: hooks.onProgress } : {}),
    };
    outcome = await runSuite(session, suite.cases, runOptions);
  } finally {
    // Always end the server's whole process tree, whatever happened in the run.
    end = await session.close();
  }

  hooks.onPhase?.('score', `k=${config.k}`);
  const results = await scoreCases(suite.cases, outcome.observations, { k: config.k, facets: suite.facets, ...('scoring' in answers ? { answers: answers.scoring } : {}) });
  const report = buildReport({
    version: TOOL_VERSION,
    createdAt: new Date(),
    git: currentGit(config.server.cwd),
    environment: currentEnvironment(),
    target: { transport: 'stdio', command: config.server.command, cwd: config.server.cwd, ...(config.build ? { buildCommand: config.build.command } : {}) },
    suite,
    settings: { k: config.k, warmup: config.warmup, repetitions: config.repetitions, timeoutMs: config.timeoutMs },
    results,
    ...(buildResult ? { build: buildResult } : {}),
    memory: end.memory,
    server: { stderrTail: end.stderrTail, exitCode: end.exit?.code ?? null, exitSignal: end.exit?.signal ?? null },
  });

  hooks.onPhase?.('compare', config.baseline ?? 'none');
  const { comparison, note } = await baselineFor(config, report);
  const evaluation: Evaluation = { report, comparison };
  if (note !== undefined) evaluation.baselineNote = note;
  if (outcome.stoppedEarly !== undefined) evaluation.stoppedEarly = outcome.stoppedEarly;
  return evaluation;
}
