/**
 * Load-time checks of the evaluators a dataset names, with file:line: an unknown
 * evaluator type, a criterion defined twice, an evaluator naming a criterion nobody
 * defines. The run stage validates evaluator options in full (validateEvaluatorConfigs);
 * these are the mistakes a dataset author makes while typing, reported where they are.
 */
import { registerNetworkEvaluators } from '../answers/evaluators/llm/register.ts';
import { createRegistry } from '../answers/evaluators/registry.ts';
import type { EvaluatorRegistry } from '../answers/evaluators/registry.ts';
import { scaleProblem } from '../answers/evaluators/scales.ts';
import { closestName } from '../shared/closest-name.ts';
import type { DatasetIssue } from './dataset-error.ts';
import { formatDataPath } from './source-document.ts';
import type { DataPath, SourceDocument } from './source-document.ts';
import { isRecord, listAt, stringAt } from '../shared/plain-data.ts';

let registry: EvaluatorRegistry | undefined;

/** Every evaluator type a run knows, and each type's default criterion (usable by name without defining it). */
function knownTypes(): EvaluatorRegistry {
  registry ??= registerNetworkEvaluators(createRegistry());
  return registry;
}

/** Problems of the native format's `criteria` and every `evaluators` list (suite-level and per case). */
export function evaluatorIssues(data: unknown, source: SourceDocument, file: string): DatasetIssue[] {
  const issue = (path: DataPath, message: string): DatasetIssue => {
    const { line, column } = source.locate(path);
    return { file, line, column, path: formatDataPath(path), message };
  };
  const issues: DatasetIssue[] = [];
  const firstAt = new Map<string, number>();
  listAt(data, 'criteria').forEach((criterion, index) => {
    issues.push(...scaleIssues(criterion, ['criteria', index], issue));
    const name = stringAt(criterion, 'name');
    if (name === undefined) return;
    const first = firstAt.get(name);
    if (first === undefined) firstAt.set(name, index);
    else issues.push(issue(['criteria', index, 'name'], `criterion "${name}" is defined twice (first at line ${source.locate(['criteria', first, 'name']).line})`));
  });
  const names = [...firstAt.keys()];

  const lists: DataPath[] = [['evaluators']];
  listAt(data, 'cases').forEach((_item, index) => lists.push(['cases', index, 'evaluators']));
  for (const listPath of lists) {
    listAt(valueAt(data, listPath), '').forEach((config, index) => issues.push(...configIssues(config, [...listPath, index], names, issue)));
  }
  return issues;
}

function configIssues(config: unknown, path: DataPath, pool: readonly string[], issue: (path: DataPath, message: string) => DatasetIssue): DatasetIssue[] {
  const type = stringAt(config, 'type');
  if (type === undefined || !isRecord(config)) return []; // the schema reports it
  const scales = listAt(config, 'criteria').flatMap((entry, j) => scaleIssues(entry, [...path, 'criteria', j], issue));
  const definition = knownTypes().get(type);
  if (definition === undefined) {
    const near = closestName(type, knownTypes().types());
    return [issue([...path, 'type'], `unknown evaluator type "${type}"${near ? ` (did you mean "${near}"?)` : ''}; known: ${knownTypes().types().join(', ')}`)];
  }
  // Names this config may use: the suite's criteria, its own inline definitions, its type's default.
  const inline = listAt(config, 'criteria').flatMap((entry) => (isRecord(entry) && typeof entry.name === 'string' ? [entry.name] : []));
  const known = [...pool, ...inline, ...(definition.defaultCriterion ? [definition.defaultCriterion.name] : [])];
  const references: [DataPath, unknown][] = [
    ...listAt(config, 'criteria').map((entry, j): [DataPath, unknown] => [[...path, 'criteria', j], entry]),
    [[...path, 'criterion'], config.criterion],
    // rule_based and tool_usage rules may each name the criterion they count towards.
    ...listAt(config, 'rules').map((rule, k): [DataPath, unknown] => [[...path, 'rules', k, 'criterion'], isRecord(rule) ? rule.criterion : undefined]),
  ];
  return [...scales, ...references.flatMap(([at, name]) => {
    if (typeof name !== 'string' || known.includes(name)) return [];
    const near = closestName(name, known);
    const defined = pool.length > 0 ? ` (defined: ${pool.join(', ')})` : '';
    return [issue(at, `unknown criterion "${name}"${near ? ` (did you mean "${near}"?)` : ''}; define it under the suite's criteria:${defined}`)];
  })];
}

/** A criterion definition whose scale is text but not a known scale (a missing or non-text scale is the schema's to report). */
function scaleIssues(criterion: unknown, path: DataPath, issue: (path: DataPath, message: string) => DatasetIssue): DatasetIssue[] {
  const scale = stringAt(criterion, 'scale');
  if (scale === undefined || scale.trim() === '') return [];
  const problem = scaleProblem(scale);
  return problem === undefined ? [] : [issue([...path, 'scale'], problem)];
}

function valueAt(data: unknown, path: DataPath): unknown {
  let node = data;
  for (const key of path) node = Array.isArray(node) && typeof key === 'number' ? node[key] : isRecord(node) ? node[key] : undefined;
  return node;
}

