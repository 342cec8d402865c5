/**
 * From configs to ready evaluators: check the run's criteria, resolve each config's
 * criteria and build its evaluator. Building *is* the validation (factories throw on bad
 * options), so the dataset loader and the runner share one code path and one set of
 * messages, each naming the evaluator it is about.
 */
import { criterionProblems, resolveCriteria, sameDefinition } from './criteria.ts';
import { closestName } from '../../shared/closest-name.ts';
import type { EvaluatorRegistry } from './registry.ts';
import type { EvaluationCriteria, Evaluator, EvaluatorConfig } from '../../model/evaluation.ts';

export interface PlannedEvaluator {
  config: EvaluatorConfig;
  evaluator: Evaluator;
  /** The criteria this evaluator scores. */
  criteria: EvaluationCriteria[];
}

export interface EvaluationPlan {
  evaluators: PlannedEvaluator[];
  /** Every criterion some evaluator scores, once each: what gets normalised and weighted. */
  criteria: EvaluationCriteria[];
  problems: string[];
}

export function planEvaluation(configs: readonly EvaluatorConfig[], criteria: readonly EvaluationCriteria[], registry: EvaluatorRegistry): EvaluationPlan {
  const problems = runCriteriaProblems(criteria);
  const evaluators: PlannedEvaluator[] = [];
  const scored: EvaluationCriteria[] = [];

  configs.forEach((config, i) => {
    const type = isConfig(config) ? config.type : undefined;
    const label = `evaluators[${i}]${type ? ` (${type})` : ''}`;
    if (!isConfig(config)) {
      problems.push(`${label}: must be an object with a type`);
      return;
    }
    const definition = registry.get(config.type);
    if (!definition) {
      const near = closestName(config.type, registry.types());
      problems.push(
        `${label}: unknown evaluator type '${config.type}'${near ? ` (did you mean '${near}'?)` : ''}; known: ${registry.types().join(', ')}; for your own, use type: custom with module: <file>`,
      );
      return;
    }
    const resolved = resolveCriteria(config, criteria, definition);
    if (resolved.problems.length > 0) {
      problems.push(...resolved.problems.map((p) => `${label}: ${p}`));
      return;
    }
    let evaluator: Evaluator;
    try {
      evaluator = registry.create(config, resolved.criteria);
    } catch (error) {
      problems.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    evaluators.push({ config, evaluator, criteria: resolved.criteria });
    for (const criterion of resolved.criteria) {
      const known = scored.find((c) => c.name === criterion.name);
      if (!known) scored.push(criterion);
      else if (!sameDefinition(known, criterion)) problems.push(`${label}: criterion ${criterion.name} is defined twice with different scales or weights`);
    }
  });
  return { evaluators, criteria: scored, problems };
}

/**
 * Problems with the configs, one line each, empty when the run can start: unknown types
 * (with a "did you mean"), unknown or conflicting criteria, bad options, missing custom
 * modules. Sync, so a loader can call it anywhere; `registry.preload` checks what custom
 * modules export.
 */
export function validateEvaluatorConfigs(configs: readonly EvaluatorConfig[], criteria: readonly EvaluationCriteria[], registry: EvaluatorRegistry): string[] {
  return planEvaluation(configs, criteria, registry).problems;
}

function runCriteriaProblems(criteria: readonly EvaluationCriteria[]): string[] {
  const problems = criteria.flatMap((c, i) => criterionProblems(c, `criteria[${i}]`));
  const names = criteria.map((c) => c.name);
  const twice = [...new Set(names.filter((name, i) => names.indexOf(name) !== i))];
  if (twice.length > 0) problems.push(`criteria: ${twice.join(', ')} defined more than once`);
  return problems;
}

function isConfig(value: unknown): value is EvaluatorConfig {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}
