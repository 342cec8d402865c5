/**
 * An answer case's observation -> its result: the validation rules (seed 000) decide
 * pass/fail, and the evaluators (seed 004) give the 0..1 score. Without configured
 * evaluators the score is the rule-based one (validations passed, as pass/fail), so
 * every answer case has a score the delta table can follow.
 */
import type { AnswerResult } from '../model/report.ts';
import type { CaseObservation } from '../model/observation.ts';
import type { AnswerCase } from '../model/case.ts';
import { answerPrompt } from './answer-prompt.ts';
import { answerInput, runRules } from './rules/index.ts';
import { readMetric, stripResponseMetadata } from './rules/metadata.ts';
import type { RuleOptions, RuleResult } from './rules/index.ts';
import type { EvaluationCriteria, EvaluationStorageProvider, EvaluatorConfig } from '../model/evaluation.ts';
import type { EvaluatorRegistry } from './evaluators/registry.ts';
import { runEvaluation } from './evaluators/runner.ts';
import type { JudgeSession } from './evaluators/llm/judge-session.ts';

export const VALIDATIONS_CRITERION: EvaluationCriteria = {
  name: 'validations',
  description: 'Every validation rule of the case passes (seed 000)',
  scale: 'pass/fail',
};

export interface AnswerScoring {
  criteria: EvaluationCriteria[];
  /** Lets tool_usage rules name logical tools (ask_docs) while the log holds the server's names. */
  toolMap: Record<string, string>;
  evaluators: EvaluatorConfig[];
  registry: EvaluatorRegistry;
  rules?: RuleOptions;
  /** Where each case's aggregated evaluation is appended (seed 004's storage provider). */
  storage?: EvaluationStorageProvider;
  /** The run's judging session (cache, concurrency, budget, usage): report.judging is read from it. */
  session?: JudgeSession;
  /** Validations the run already checked as each answer arrived (progress, --fail-fast), with the same rules: not run twice. */
  validated?: WeakMap<CaseObservation, RuleResult[]>;
}

const EXCERPT = 2_000;


/** Which ask of a repeated answer case this is (1-based), so each stored evaluation says which answer it judged. */
export interface AskNumber {
  ask: number;
  of: number;
}

export async function scoreAnswer(c: AnswerCase, observation: CaseObservation, scoring: AnswerScoring, ask?: AskNumber): Promise<AnswerResult | undefined> {
  const answer = observation.answer;
  if (!answer) return undefined;
  const input = answerInput(answer.text, answer.structured);
  const validations = scoring.validated?.get(observation) ?? (await runRules(input, c.expect, scoring.rules));
  const confidence = readMetric(input, 'confidence');
  const evaluators = [...scoring.evaluators, ...(c.evaluators ?? [])];
  const criteria = evaluators.length > 0 ? scoring.criteria : [VALIDATIONS_CRITERION];
  const configs = evaluators.length > 0 ? evaluators : [{ type: 'rule_based', criteria: [VALIDATIONS_CRITERION.name] }];
  const evaluation = await runEvaluation(
    {
      prompt: answerPrompt(c),
      // The server's <response_metadata> (its self-reported confidence) is for the rules, never
      // for the judge, the embeddings or the lexical evaluators: they score what a reader reads.
      response: stripResponseMetadata(answer.text).trim(),
      ...(answer.structured !== undefined ? { structured: answer.structured } : {}),
      ...(c.groundTruth !== undefined ? { groundTruth: c.groundTruth } : {}),
      criteria,
      messageHistory: answer.calls,
      context: { expect: c.expect, validations, toolMap: scoring.toolMap, ...(answer.context ? { grounding: answer.context } : {}) },
      // The case's identity and the tool call it made, so a stored result stands on its own: the
      // input as sent (templates such as {project} filled, the profile's defaults added), not as written.
      metadata: { caseId: c.id, name: c.name, tool: c.tool, input: answer.calls[0]?.args ?? c.input, ...(c.project !== undefined ? { project: c.project } : {}), ...(ask ? { ask: ask.ask, asks: ask.of } : {}) },
    },
    { evaluators: configs, criteria, registry: scoring.registry, ...(scoring.storage ? { storage: scoring.storage } : {}) },
  );
  return {
    tool: answer.tool,
    excerpt: answer.text.slice(0, EXCERPT),
    chars: answer.text.length,
    passed: validations.every((v) => v.passed),
    validations,
    ...(confidence.ok ? { confidence: confidence.value } : {}),
    score: evaluation.overallScore ?? null,
    ...(evaluation.unjudged ? { unjudged: evaluation.unjudged } : {}),
    criteria: evaluation.normalized,
    evaluations: evaluation.results,
    ...(answer.context ? { context: answer.context } : {}),
  };
}
