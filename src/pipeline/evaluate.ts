/**
 * One evaluation, end to end: suite -> build -> server -> run -> score -> report ->
 * compare. With compare-ref it is a same-job A/B: the base ref is checked out and set
 * up, both arms are built and started, their cases alternate block by block, and the
 * base report is the baseline. The CLI and the Action are thin wrappers around this;
 * it writes no files and prints nothing itself (hooks carry progress out).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { BuildConfig, Config, ServerConfig } from '../config/config.ts';
import { compareReports, runMetricsOf } from '../compare/compare-reports.ts';
import type { Gate } from '../compare/gates.ts';
import { applyGates } from '../compare/judge-gates.ts';
import type { Comparison, Evaluation } from '../model/comparison.ts';
import { currentGit } from '../report/environment.ts';
import type { Report } from '../model/report.ts';
import { EMPTY_ANSWER_PROFILE } from '../run/run-answer-case.ts';
import type { Normalize } from '../run/extract/id-source.ts';
import type { Case } from '../model/case.ts';
import { filterCases, loadSuite, suiteHash, type Suite } from '../suite/index.ts';
import { shardCases } from '../suite/shard.ts';
import { runArms, type Arm } from './arms.ts';
import type { EvaluateHooks } from './hooks.ts';
import { UsageError } from '../shared/run-errors.ts';
import { applyQrels } from './import-qrels.ts';
import { preflight, type Preflight } from './preflight.ts';
import { endStepLeftovers } from './timed-step.ts';
import { sharedPortProblem } from '../server/port-check.ts';


export type { Evaluation } from '../model/comparison.ts';

/**
 * (Re)applies the fail-on gates: value gates to the run's own metrics, change gates to
 * the comparison (listed as not judged when there is none). The outcome also goes into
 * the report, so the written JSON says which gates held, failed or could not be judged.
 */
export function judgeGates(evaluation: Evaluation, gates: readonly Gate[]): void {
  if (gates.length === 0) {
    delete evaluation.gates;
    delete evaluation.report.gates;
    return;
  }
  evaluation.gates = applyGates(gates, evaluation.comparison?.rows ?? null, runMetricsOf(evaluation.report));
  evaluation.report.gates = evaluation.gates;
}

export { TOOL_VERSION } from './version.ts';

/** Judged ids normalised like the server's (search.normalize), so file paths match chunk ids and the reverse. */
async function normalizeJudgments(cases: readonly Case[], normalize: Normalize | undefined): Promise<Case[]> {
  if (!normalize) return [...cases];
  const { normalizeId } = await import('../run/extract/id-source.ts');
  return cases.map((c) => {
    if (c.kind !== 'retrieval') return c;
    const best = new Map<string, number>();
    for (const j of c.relevant) {
      const id = normalizeId(j.id, normalize);
      if (id !== '') best.set(id, Math.max(best.get(id) ?? 0, j.grade));
    }
    return { ...c, relevant: [...best].map(([id, grade]) => ({ id, grade })) };
  });
}

async function selectCases(config: Config, hooks: EvaluateHooks): Promise<Suite> {
  const loaded = await loadSuite(config.cases);
  const suite = config.qrels ? { ...loaded, cases: await applyQrels(loaded.cases, config.qrels, (m) => hooks.onPhase?.('suite', m)) } : loaded;
  const filtered = filterCases(suite.cases, config.filter);
  if (filtered.length === 0) throw new UsageError(`no case of ${config.cases} matches the filters`);
  const cases = await normalizeJudgments(filtered, config.shape.search.normalize);
  // A subset is another dataset as far as comparison goes: its means are over other cases.
  const hash = filtered.length === suite.cases.length && !config.qrels ? suite.hash : suiteHash(suite.name, suite.facets, cases, suite);
  // A shard keeps the whole selection's hash: merge checks that the shards belong together.
  return { ...suite, cases: config.shard ? shardCases(cases, config.shard) : cases, hash };
}

/** The comparison with the stored baseline read by the preflight (timings judged against the history, when given), or why there is none. */
function storedBaseline(config: Config, checked: Preflight, report: Report): { comparison: Comparison | null; note?: string } {
  if (config.baseline === null) return { comparison: null, note: 'no baseline requested' };
  if (!checked.baseline) return { comparison: null, note: `no baseline at ${path.relative(process.cwd(), config.baseline)} yet` };
  const history = checked.history ? { history: checked.history, historyOptions: { minRuns: config.historyMinRuns } } : {};
  return { comparison: compareReports(checked.baseline, report, { baselineLabel: path.basename(config.baseline), stats: config.stats, ...history }) };
}

/**
 * A base arm given directly (the library's way to run two servers side by side in one
 * job, e.g. the calibration benchmark); compare-ref makes one from a git worktree.
 */
export interface BaseArm {
  server: ServerConfig;
  build: BuildConfig | null;
  /** What the comparison calls the base (a ref, a label). */
  ref: string;
  sha: string;
}

function arms(config: Config, base: BaseArm | undefined): Arm[] {
  const head: Arm = { server: config.server, build: config.build, git: currentGit(config.server.cwd) };
  if (!base) return [head];
  const sameJob = { id: randomUUID(), baseRef: base.ref, baseSha: base.sha };
  return [
    { server: base.server, build: base.build, git: { sha: base.sha, ref: base.ref }, sameJob: { ...sameJob, role: 'base' }, label: 'base' },
    { ...head, sameJob: { ...sameJob, role: 'head' }, label: 'head' },
  ];
}

export async function evaluate(config: Config, hooks: EvaluateHooks = {}, given?: { base?: BaseArm }): Promise<Evaluation> {
  hooks.onPhase?.('suite', config.cases);
  const suite = await selectCases(config, hooks);
  // Paths and the baseline are checked before anything is built or started.
  const checked = await preflight(config, (message) => hooks.onPhase?.('suite', message));
  // The answer modules (rules, evaluators, network clients) load only for suites with answer cases.
  const answers = suite.cases.some((c) => c.kind === 'answer')
    ? await (await import('./answer-setup.ts')).answerSetup(config, suite)
    : { profile: EMPTY_ANSWER_PROFILE };
  // Checked before the base is checked out: two servers cannot share one fixed port.
  const collision = config.compareRef ? sharedPortProblem(config.server) : undefined;
  if (collision !== undefined) throw new UsageError(collision);
  // git worktree handling loads only for same-job runs.
  const checkout = config.compareRef ? await (await import('./base-checkout.ts')).checkoutBase(config, (detail) => hooks.onPhase?.('build', detail)) : undefined;
  const base: BaseArm | undefined = checkout ?? given?.base;
  try {
    const run = await runArms(config, suite, arms(config, base), answers, hooks);
    const head = run.reports.at(-1)!;
    const evaluation: Evaluation = { report: head, comparison: null };
    hooks.onPhase?.('compare', base ? `same job, base ${base.ref}` : (config.baseline ?? 'none'));
    if (base) {
      const baseReport = run.reports[0]!;
      evaluation.baseReport = baseReport;
      const label = base.sha && base.sha !== base.ref ? `${base.ref} (${base.sha.slice(0, 7)})` : base.ref;
      evaluation.comparison = compareReports(baseReport, head, { baselineLabel: label, stats: config.stats });
    } else {
      const { comparison, note } = storedBaseline(config, checked, head);
      evaluation.comparison = comparison;
      if (note !== undefined) evaluation.baselineNote = note;
    }
    if (run.stoppedEarly !== undefined) evaluation.stoppedEarly = run.stoppedEarly;
    judgeGates(evaluation, config.gates);
    return evaluation;
  } finally {
    // Background processes a build or setup left (they may have served the run) end with it.
    await endStepLeftovers();
    await checkout?.remove();
  }
}
