/**
 * One evaluation, end to end: suite -> build -> server -> run -> score -> report ->
 * compare. With compare-ref it is a same-job A/B: the base ref is checked out and set
 * up, both arms are built and started, their cases alternate block by block, and the
 * base report is the baseline. The CLI and the Action are thin wrappers around this;
 * it writes no files and prints nothing itself (hooks carry progress out).
 */
import type { Config } from '../config/config.ts';
import type { Evaluation } from '../model/comparison.ts';
import { currentGit } from '../report/environment.ts';
import { EMPTY_ANSWER_PROFILE, type AnswerProfile } from '../run/run-answer-case.ts';
import type { AnswerScoring } from '../answers/score-answer.ts';
import type { Normalize } from '../run/extract/id-source.ts';
import type { Case } from '../model/case.ts';
import type { Suite } from '../suite/index.ts';
import { filterCases } from '../suite/filter-cases.ts';
import { loadSuite } from '../suite/load-suite.ts';
import { suiteHash, withCases } from '../suite/suite-hash.ts';
import { shardCases } from '../suite/shard.ts';
import { runArms, type Arm, type BaseArm } from './arms.ts';
import type { EvaluateHooks } from './hooks.ts';
import { UsageError } from '../shared/run-errors.ts';
import { nodeCrypto } from '../shared/lazy-crypto.ts';
import { applyQrels, uncoveredNote } from './import-qrels.ts';
import { preflight } from './preflight.ts';
import { endStepLeftovers } from './timed-step.ts';
import { sharedPortProblem } from '../server/port-check.ts';
import { loadAnswerSetup, loadBaseCheckout, loadIdSource, loadJudgeEvaluation, loadTaskSetup } from './lazy.ts';


export type { Evaluation } from '../model/comparison.ts';

export type { BaseArm } from './arms.ts';
export { TOOL_VERSION } from './version.ts';

/** Judged ids normalised like the server's (search.normalize), so file paths match chunk ids and the reverse. */
async function normalizeJudgments(cases: readonly Case[], normalize: Normalize | undefined): Promise<Case[]> {
  if (!normalize) return [...cases];
  const { normalizeId } = await loadIdSource();
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
  // What an imported format holds that this run does not use (speakeasy's docsDir), said once.
  for (const note of loaded.notes ?? []) hooks.onPhase?.('suite', note);
  const judged = config.qrels ? await applyQrels(loaded.cases, config.qrels, (m) => hooks.onPhase?.('suite', m)) : undefined;
  const suite = judged ? withCases(loaded, judged.cases, () => loaded.hash) : loaded;
  const filtered = filterCases(suite.cases, config.filter);
  if (filtered.length === 0) throw new UsageError(`no case of ${config.cases} matches the filters`);
  const uncovered = judged && config.qrels ? uncoveredNote(filtered, judged.covered, config.qrels) : undefined;
  if (uncovered !== undefined) hooks.onPhase?.('suite', uncovered);
  const cases = await normalizeJudgments(filtered, config.shape.search.normalize);
  // A subset is another dataset as far as comparison goes: its means are over other cases.
  const whole = filtered.length === suite.cases.length && !config.qrels;
  // A shard keeps the whole selection's hash: merge checks that the shards belong together.
  // The hash is computed when the report is built, not before the server's spawn.
  return withCases(suite, config.shard ? shardCases(cases, config.shard) : cases, () => (whole ? suite.hash : suiteHash(suite.name, suite.facets, cases, suite)));
}

function arms(config: Config, base: BaseArm | undefined): Arm[] {
  const head: Arm = { server: config.server, build: config.build, git: currentGit(config.server.cwd) };
  if (!base) return [head];
  const sameJob = { id: nodeCrypto().randomUUID(), baseRef: base.ref, baseSha: base.sha };
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
  const answers: { profile: AnswerProfile; scoring?: AnswerScoring; warnings: string[] } = suite.cases.some((c) => c.kind === 'answer')
    ? await (await loadAnswerSetup()).answerSetup(config, suite)
    : { profile: EMPTY_ANSWER_PROFILE, warnings: [] };
  for (const warning of answers.warnings) hooks.onPhase?.('suite', `warning: ${warning}`);
  // The agent modules (providers, relay) load only for suites with task cases.
  const tasks = suite.cases.some((c) => c.kind === 'task') ? (await loadTaskSetup()).taskSetup(config, suite, answers.scoring?.session, hooks) : undefined;
  // Checked before the base is checked out: two servers cannot share one fixed port.
  const collision = config.compareRef ? sharedPortProblem(config.server) : undefined;
  if (collision !== undefined) throw new UsageError(collision);
  // git worktree handling loads only for same-job runs.
  const checkout = config.compareRef ? await (await loadBaseCheckout()).checkoutBase(config, (detail) => hooks.onPhase?.('build', detail)) : undefined;
  const base: BaseArm | undefined = checkout ?? given?.base;
  try {
    const run = await runArms(config, suite, arms(config, base), answers, hooks, tasks);
    // The comparison and gates load after the run, like everything that is not needed to start the server.
    const { judgedEvaluation } = await loadJudgeEvaluation();
    return judgedEvaluation(config, checked, run, base, hooks);
  } finally {
    // Background processes a build or setup left (they may have served the run) end with it.
    await endStepLeftovers();
    await checkout?.remove();
  }
}
