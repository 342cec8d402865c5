/**
 * Importer for speakeasy-api/docs-mcp's agent scenario files (`agent-eval`), so their
 * scenarios run unchanged as task cases: a YAML (or JSON) mapping of scenario id ->
 * { name, prompt, category?, systemPrompt?, setup?, maxTurns?, maxBudgetUsd?, assertions },
 * keys starting with `_` being no scenario (`_defaults` holds anchors, `_config` suite
 * settings: its system_prompt is the default system prompt), YAML merge keys (`<<: *x`)
 * applied as speakeasy's parser applies them; or the older list of scenarios, ids made
 * from their names. Fields speakeasy uses to build and name its own server (docsDir,
 * docsSpec, mcpServerName, ...) are read and reported as not used: the server under test is
 * the one docs-mcp-eval starts.
 */
import type { Suite, TaskCase } from '../model/case.ts';
import { DatasetError, type DatasetIssue } from './dataset-error.ts';
import { duplicateIdIssues } from './cross-case-checks.ts';
import validate from './generated/speakeasy-agent-validator.js';
import { assignIds, suiteName } from './import-speakeasy.ts';
import { DEFAULT_CATEGORY } from './normalise-cases.ts';
import { toTaskCase, type RawTaskCase } from './normalise-task-case.ts';
import { schemaIssues } from './schema-issues.ts';
import { caseSourceAt, formatDataPath, type DataPath, type SourceDocument } from './source-document.ts';
import { UNUSED_SCENARIO_FIELDS } from './speakeasy-agent-schema.ts';
import { withLazyHash } from './suite-hash.ts';
import { taskIssues } from './task-checks.ts';
import { isRecord } from '../shared/plain-data.ts';

const CASE_ID = /^[A-Za-z0-9][A-Za-z0-9._:/-]*$/;

/** YAML merge keys (`<<: *anchor` or `<<: [*a, *b]`) applied, as `yaml`'s merge option does: the mapping's own keys win, then the earlier source. */
export function applyMergeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(applyMergeKeys);
  if (!isRecord(value)) return value;
  const { '<<': merge, ...own } = value;
  const sources = (Array.isArray(merge) ? merge : merge === undefined ? [] : [merge]).filter(isRecord).map((s) => applyMergeKeys(s) as Record<string, unknown>);
  const merged: Record<string, unknown> = {};
  for (const source of [...sources].reverse()) Object.assign(merged, source);
  for (const [key, v] of Object.entries(own)) merged[key] = applyMergeKeys(v);
  return merged;
}

interface Scenario {
  id: string;
  item: Record<string, unknown>;
  path: DataPath;
}

function scenariosOf(data: unknown): Scenario[] {
  if (Array.isArray(data)) {
    const items = data.filter(isRecord);
    const ids = assignIds(items.map((item) => ({ name: typeof item['name'] === 'string' ? item['name'] : '', ...(typeof item['id'] === 'string' ? { id: item['id'] } : {}) })));
    return items.map((item, index) => ({ id: ids[index]!, item, path: [index] }));
  }
  if (!isRecord(data)) return [];
  return Object.entries(data)
    .filter(([key, item]) => !key.startsWith('_') && isRecord(item))
    .map(([key, item]) => ({ id: key, item: item as Record<string, unknown>, path: [key] }));
}

function keyIssues(data: unknown, source: SourceDocument, file: string): DatasetIssue[] {
  if (Array.isArray(data)) {
    const ids = data.map((item) => (isRecord(item) && typeof item['id'] === 'string' ? item['id'] : undefined));
    return duplicateIdIssues(ids, source, file, (index) => [index]);
  }
  if (!isRecord(data)) return [];
  return Object.keys(data)
    .filter((key) => !key.startsWith('_') && !CASE_ID.test(key))
    .map((key) => {
      const { line, column } = source.locate([key]);
      return { file, line, column, path: formatDataPath([key]), message: `scenario id "${key}": ids use letters, digits and . _ : / - and start with a letter or digit` };
    });
}

/** Reads a parsed agent scenario file; throws a DatasetError listing every problem. */
export function importSpeakeasyAgent(original: SourceDocument, file: string): Suite {
  const source: SourceDocument = { ...original, data: applyMergeKeys(original.data) };
  const schemaProblems = schemaIssues(validate, source, file);
  const scenarios = scenariosOf(source.data);
  const issues = [...schemaProblems, ...keyIssues(source.data, source, file), ...taskIssues(scenarios, source, file, schemaProblems)];
  if (issues.length > 0) throw new DatasetError(issues);

  const config = isRecord(source.data) && isRecord(source.data['_config']) ? source.data['_config'] : {};
  const suiteSystemPrompt = typeof config['system_prompt'] === 'string' ? config['system_prompt'] : undefined;
  const cases = scenarios.map(({ id, item, path }): TaskCase => {
    const raw = item as unknown as Omit<RawTaskCase, 'id' | 'kind'>;
    const systemPrompt = raw.systemPrompt ?? suiteSystemPrompt;
    return toTaskCase(
      {
        id,
        kind: 'task',
        name: raw.name ?? id,
        prompt: raw.prompt,
        assertions: raw.assertions,
        ...(raw.category === undefined ? {} : { category: raw.category }),
        ...(systemPrompt === undefined ? {} : { systemPrompt }),
        ...(raw.setup === undefined ? {} : { setup: raw.setup }),
        ...(raw.maxTurns === undefined ? {} : { maxTurns: raw.maxTurns }),
        ...(raw.maxBudgetUsd === undefined ? {} : { maxBudgetUsd: raw.maxBudgetUsd }),
      },
      caseSourceAt(original, file, path),
      DEFAULT_CATEGORY,
    );
  });
  return withLazyHash({ name: suiteName(file), files: [file], format: 'speakeasy-agent', facets: {}, cases, notes: unusedNotes(scenarios, config, file) });
}

/** One line per field speakeasy uses that this run does not, with how many scenarios set it. */
function unusedNotes(scenarios: readonly Scenario[], config: Record<string, unknown>, file: string): string[] {
  const used = UNUSED_SCENARIO_FIELDS.map((field) => [field, scenarios.filter((s) => s.item[field] !== undefined).length] as const).filter(([, n]) => n > 0);
  const notes: string[] = [];
  if (used.length > 0) {
    notes.push(
      `${file}: ${used.map(([field, n]) => `${field} (${n} scenario${n === 1 ? '' : 's'})`).join(', ')} not used: the server under test is the one docs-mcp-eval starts (--server-command or docs-mcp-eval.yml), under the names it lists`,
    );
  }
  if (config['feedback_tool'] !== undefined) notes.push(`${file}: _config.feedback_tool not used: the agent is judged by the assertions, not asked to rate the docs`);
  return notes;
}
