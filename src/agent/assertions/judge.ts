/**
 * `llm_judge` assertions: the answer's llm_judge evaluator (answers/evaluators/llm), asked
 * one binary criterion (the assertion's `criterion`) about the final message or a file,
 * through the run's judging session, so its cache, budget and usage totals cover these
 * calls too. The connection is the assertion's own options over those of the suite's first
 * llm_judge evaluator. A judge that could not answer leaves the assertion an error (the run
 * is then not judged, never failed for our outage); an optional one not configured is skipped.
 */
import { createLlmJudgeFactory } from '../../answers/evaluators/llm/llm-judge.ts';
import { NetworkConfigError } from '../../answers/evaluators/llm/network-config.ts';
import type { NetworkDeps } from '../../answers/evaluators/llm/network-deps.ts';
import { normalizeScore } from '../../answers/evaluators/normalize.ts';
import type { EvaluationCriteria, EvaluatorConfig } from '../../model/evaluation.ts';
import type { TaskAssertion } from '../../model/task.ts';

type JudgeSpec = Extract<TaskAssertion, { type: 'llm_judge' }>;

export type JudgeAssertion = (a: JudgeSpec, prompt: string, text: string, label: string) => Promise<{ label: string; passed: boolean; skipped?: boolean; error?: boolean; message: string }>;

const CONNECTION_KEYS = ['model', 'baseUrl', 'baseUrlEnv', 'apiKeyEnv', 'timeoutMs', 'maxAttempts', 'temperature', 'optional'] as const;

function criterionOf(a: JudgeSpec): EvaluationCriteria {
  return { name: 'task_assertion', description: a.criterion, scale: 'binary' };
}

/** The evaluator config of one assertion: its connection options over the suite's llm_judge's. */
function configOf(a: JudgeSpec, defaults: EvaluatorConfig | undefined): EvaluatorConfig {
  const pick = (from: object | undefined) => Object.fromEntries(CONNECTION_KEYS.flatMap((k) => (from && (from as Record<string, unknown>)[k] !== undefined ? [[k, (from as Record<string, unknown>)[k]]] : [])));
  return { type: 'llm_judge', ...pick(defaults), ...pick(a), criteria: [criterionOf(a)] };
}

/** The suite's first llm_judge evaluator, whose connection the assertions borrow. */
export function judgeDefaults(evaluators: readonly EvaluatorConfig[] | undefined): EvaluatorConfig | undefined {
  return evaluators?.find((e) => e.type === 'llm_judge');
}

/** Why each llm_judge assertion cannot be asked (checked before any server starts): one line per problem. */
export function judgeProblems(assertions: readonly JudgeSpec[], defaults: EvaluatorConfig | undefined, deps: NetworkDeps): string[] {
  const factory = createLlmJudgeFactory(deps);
  return assertions.flatMap((a) => {
    try {
      factory(configOf(a, defaults), [criterionOf(a)]);
      return [];
    } catch (error) {
      if (error instanceof NetworkConfigError) return [`llm_judge assertion "${a.criterion}": ${error.message}`];
      throw error;
    }
  });
}

export function createJudgeAssertion(defaults: EvaluatorConfig | undefined, deps: NetworkDeps): JudgeAssertion {
  const factory = createLlmJudgeFactory(deps);
  return async (a, prompt, text, label) => {
    const criterion = criterionOf(a);
    const [result] = await factory(configOf(a, defaults), [criterion]).evaluate({ prompt, response: text, criteria: [criterion] }, [criterion]);
    if (!result) return { label, passed: false, error: true, message: `${label}: the judge gave no result` };
    if (result.error !== undefined) {
      const skipped = result.metadata?.['skipped'] === true;
      return { label, passed: false, ...(skipped ? { skipped: true } : { error: true }), message: `${label}: ${skipped ? 'skipped' : 'not judged'}: ${result.error}` };
    }
    const passed = normalizeScore(result.score, criterion.scale) === 1;
    return { label, passed, message: `${label}: ${passed ? 'meets' : 'does not meet'} "${a.criterion}"${result.reasoning ? ` (${result.reasoning})` : ''}` };
  };
}
