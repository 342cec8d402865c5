/**
 * Which criteria one evaluator config scores. A config names them (`criteria:` names or
 * inline definitions, `criterion:` shorthand, or names its type implies, e.g. tool_usage
 * rules); a config that names none scores its type's default criterion, so
 * `- type: keyword_coverage` works without a criteria block. Names must resolve: a typo
 * is a config error, never a silently unscored criterion.
 */
import { closestName } from '../../shared/closest-name.ts';
import { isRecord } from '../../shared/plain-data.ts';
import type { EvaluationCriteria, EvaluatorConfig } from '../../model/evaluation.ts';
import { SCALE_HELP, scaleProblem } from './scales.ts';

/** What resolution needs to know about an evaluator type. */
export interface CriteriaDefaults {
  defaultCriterion?: EvaluationCriteria;
  impliedCriteria?: (config: EvaluatorConfig) => string[];
}

export interface ResolvedCriteria {
  criteria: EvaluationCriteria[];
  problems: string[];
}

/** Problems with one criterion definition; `where` prefixes each message. */
export function criterionProblems(value: unknown, where: string): string[] {
  if (!isRecord(value)) return [`${where}: a criterion must be an object with name and scale`];
  const problems: string[] = [];
  if (typeof value.name !== 'string' || value.name.trim() === '') problems.push(`${where}: criterion name must be a non-empty string`);
  if (typeof value.scale !== 'string' || value.scale.trim() === '') {
    problems.push(`${where}: criterion ${String(value.name)} needs a scale (${SCALE_HELP})`);
  } else {
    const problem = scaleProblem(value.scale);
    if (problem !== undefined) problems.push(`${where}: criterion ${String(value.name)}: ${problem}`);
  }
  if (value.weight !== undefined && !(typeof value.weight === 'number' && Number.isFinite(value.weight) && value.weight >= 0)) {
    problems.push(`${where}: criterion ${String(value.name)} weight must be a number >= 0`);
  }
  return problems;
}

/** Same name, different meaning: the aggregate could not tell which one a score belongs to. */
export function sameDefinition(a: EvaluationCriteria, b: EvaluationCriteria): boolean {
  return a.scale === b.scale && (a.weight ?? 1) === (b.weight ?? 1);
}

export function resolveCriteria(config: EvaluatorConfig, pool: readonly EvaluationCriteria[], defaults: CriteriaDefaults): ResolvedCriteria {
  const problems: string[] = [];
  const entries: unknown[] = [];
  if (config.criteria !== undefined) {
    if (Array.isArray(config.criteria)) entries.push(...config.criteria);
    else problems.push('criteria must be a list of criterion names or definitions');
  }
  if (config.criterion !== undefined) {
    if (typeof config.criterion === 'string') entries.push(config.criterion);
    else problems.push('criterion must be a criterion name');
  }
  try {
    entries.push(...(defaults.impliedCriteria?.(config) ?? []));
  } catch {
    // A malformed option (say, rules that are not a list) is reported by the factory, with a better message.
  }
  const fallback = defaults.defaultCriterion;
  if (entries.length === 0) {
    if (fallback) entries.push(fallback.name);
    else problems.push('names no criteria: add criteria: [<name>] (a criterion defined under criteria:)');
  }

  const criteria: EvaluationCriteria[] = [];
  const add = (criterion: EvaluationCriteria): void => {
    if (!criteria.some((c) => c.name === criterion.name)) criteria.push(criterion);
  };
  for (const entry of entries) {
    if (typeof entry === 'string') {
      const found = pool.find((c) => c.name === entry) ?? (entry === fallback?.name ? fallback : undefined);
      if (found) add(found);
      else problems.push(unknownCriterion(entry, pool));
      continue;
    }
    const shape = criterionProblems(entry, 'inline criterion');
    if (shape.length > 0) {
      problems.push(...shape);
      continue;
    }
    const inline = entry as EvaluationCriteria;
    const defined = pool.find((c) => c.name === inline.name);
    if (defined && !sameDefinition(defined, inline)) {
      problems.push(`inline criterion ${inline.name} conflicts with the criterion of that name under criteria: (scale or weight differs)`);
    } else add(defined ?? inline);
  }
  return { criteria, problems };
}

function unknownCriterion(name: string, pool: readonly EvaluationCriteria[]): string {
  const known = pool.map((c) => c.name);
  const near = closestName(name, known);
  const hint = near ? ` (did you mean '${near}'?)` : '';
  return `unknown criterion '${name}'${hint}; define it under criteria:${known.length > 0 ? ` (defined: ${known.join(', ')})` : ''}`;
}
