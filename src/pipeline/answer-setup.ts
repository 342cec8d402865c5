/**
 * What answer cases need before the server starts: the tool map and input defaults
 * (the suite's, overridden by a --profile file), and the evaluators, validated against
 * the criteria so a misconfigured evaluator fails the run before it costs anything.
 */
import path from 'node:path';
import type { Config } from '../config/config.ts';
import type { AnswerProfile } from '../run/run-answer-case.ts';
import { registerNetworkEvaluators } from '../answers/evaluators/llm/index.ts';
import { createRegistry } from '../answers/evaluators/registry.ts';
import { openJudgeSession } from '../answers/evaluators/llm/judge-session.ts';
import { JsonlFileStorage } from '../answers/evaluators/storage/jsonl-storage.ts';
import { validateEvaluatorConfigs } from '../answers/evaluators/runner.ts';
import type { EvaluatorConfig } from '../model/evaluation.ts';
import { VALIDATIONS_CRITERION, type AnswerScoring } from '../answers/score-answer.ts';
import { DatasetError, formatDatasetIssue, loadProfile, type Suite } from '../suite/index.ts';
import { questionIssues } from '../suite/question-checks.ts';
import { UsageError } from '../shared/run-errors.ts';

export interface AnswerSetup {
  profile: AnswerProfile;
  scoring: AnswerScoring;
  /** Load-time warnings about the answer cases (file:line and why), for the caller to say. */
  warnings: string[];
}

export async function answerSetup(config: Config, suite: Suite): Promise<AnswerSetup> {
  // An answer case without a question: refused with context: search, else a warning when a judge would see its JSON.
  const questions = questionIssues(suite);
  if (questions.errors.length > 0) throw new DatasetError(questions.errors);
  const file = config.profile ? await loadProfile(config.profile) : undefined;
  // Precedence: the suite's defaults, the profile file's, then docs-mcp-eval.yml's.
  const profile: AnswerProfile = {
    toolMap: { ...suite.toolMap, ...file?.toolMap, ...config.answerOverrides.toolMap },
    inputDefaults: { ...file?.inputDefaults, ...config.answerOverrides.inputDefaults },
  };
  // Network evaluators (LLM judge, embeddings) are registered here, not as built-ins: they
  // cost money and need a key; validation below reports a missing one before any server starts.
  // One judging session per run: the call cache, the concurrency bound, the budget and the usage totals.
  const session = openJudgeSession(config.judging);
  const registry = registerNetworkEvaluators(createRegistry({ baseDir: path.dirname(config.cases) }), { session });
  const criteria = suite.criteria ?? [];
  const evaluators = suite.evaluators ?? [];
  const perCase: EvaluatorConfig[] = suite.cases.flatMap((c) => (c.kind === 'answer' ? (c.evaluators ?? []) : []));
  if (suite.cases.some((c) => c.kind === 'answer')) {
    const all = [...evaluators, ...perCase];
    const configs = all.length > 0 ? all : [{ type: 'rule_based', criteria: [VALIDATIONS_CRITERION.name] }];
    const known = all.length > 0 ? criteria : [VALIDATIONS_CRITERION];
    // Custom modules are imported here, so a broken one fails the run before any server starts.
    const problems = validateEvaluatorConfigs(configs, known, registry);
    if (problems.length === 0) problems.push(...(await registry.preload(configs, known)));
    if (problems.length > 0) throw new UsageError(`invalid evaluators in ${config.cases}:\n  ${problems.join('\n  ')}`);
  }
  const storage = config.store ? new JsonlFileStorage(config.store) : undefined;
  const warnings = questions.warnings.map(formatDatasetIssue);
  return { profile, scoring: { criteria, evaluators, registry, toolMap: profile.toolMap, session, ...(storage ? { storage } : {}) }, warnings };
}
