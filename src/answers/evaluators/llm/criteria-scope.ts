/**
 * Which criteria a network evaluator scores. `config.criteria` (names, or inline
 * definitions) narrows it; otherwise it scores every criterion it is handed. Definitions
 * come from what `evaluate` receives, then from what the factory was given, then from the
 * config's inline objects — so it works whether the runner passes the run's criteria or only
 * this evaluator's.
 */
import type { EvaluationCriteria, EvaluatorConfig } from '../../../model/evaluation.ts';

export function isCriterion(value: unknown): value is EvaluationCriteria {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return typeof c['name'] === 'string' && typeof c['scale'] === 'string';
}

/** The names in config.criteria, or undefined when the config does not narrow. */
export function configuredNames(config: EvaluatorConfig): string[] | undefined {
  if (!Array.isArray(config.criteria) || config.criteria.length === 0) return undefined;
  return config.criteria.map((c) => (typeof c === 'string' ? c : c.name));
}

export function inlineCriteria(config: EvaluatorConfig): EvaluationCriteria[] {
  return Array.isArray(config.criteria) ? config.criteria.filter(isCriterion) : [];
}

/** A scoping function for one evaluator instance, closed over what its factory knew. */
export function criteriaScope(config: EvaluatorConfig, bound: readonly EvaluationCriteria[]): (asked: EvaluationCriteria[]) => EvaluationCriteria[] {
  const names = configuredNames(config);
  const inline = inlineCriteria(config);
  return (asked) => {
    const pool = asked.length > 0 ? asked : bound;
    if (names === undefined) return [...pool];
    const out: EvaluationCriteria[] = [];
    for (const name of new Set(names)) {
      const found = pool.find((c) => c.name === name) ?? bound.find((c) => c.name === name) ?? inline.find((c) => c.name === name);
      if (found) out.push(found);
    }
    return out;
  };
}
