/**
 * The JSON Schemas of what docs-mcp-eval reads from files another run wrote (a report,
 * a PR artifact's meta.json), generated from the TypeScript types (ts-json-schema-generator)
 * and then bounded, so a file that passes is also safe to render and cheap to process:
 *
 * - objects are closed (additionalProperties: false), as the types are;
 * - every string has a length limit, and refuses line breaks unless its field holds
 *   prose (MULTI_LINE: messages, stderr tails, excerpts, reasoning, queries, commands,
 *   an agent's prompts, answers and tool results);
 * - every array and map has a size limit, and map keys are short single lines;
 * - a few fields get their exact shape (FIELD_RULES): a commit sha, a PR number.
 *
 * Written to src/report/generated/ by the build (scripts/build.ts) and committed; the
 * freshness test (test/report-schema.test.ts) fails when the types changed and the
 * schema was not regenerated (`node scripts/report-schema.ts`).
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createGenerator } from 'ts-json-schema-generator';

type Json = Record<string, unknown>;

export const REPORT_SCHEMA_DIR = 'src/report/generated';

export const SCHEMAS = [
  { type: 'Report', source: 'src/model/report.ts', out: 'report.schema.json' },
  { type: 'PrReportMeta', source: 'src/model/pr-report-meta.ts', out: 'pr-meta.schema.json' },
] as const;

/** Fields whose text may span lines (by property name, wherever it appears); the last five are a task run's prompts, answers, tool results and stop. */
export const MULTI_LINE = new Set(['message', 'stderrTail', 'excerpt', 'reasoning', 'text', 'error', 'title', 'query', 'reason', 'command', 'buildCommand', 'name', 'details', 'prompt', 'system', 'final', 'result', 'stopDetail']);
const ONE_LINE = '^[^\\r\\n\\u2028\\u2029]*$';
const ONE_LINE_MAX = 4096;
const MULTI_LINE_MAX = 200_000;
const ARRAY_MAX = 1_000_000;
const MAP_MAX = 100_000;
const KEY_MAX = 1000;

/** Exact shapes and tighter limits, by `<definition or root type>.<property path>`. */
const FIELD_RULES: Record<string, Json> = {
  'Report.cases': { maxItems: 100_000 },
  // Each cutoff is a set of rows in the comparison: a handful in practice (1, 5, 10).
  'Report.settings.cutoffs': { maxItems: 32 },
  // Criteria are rows too: a dataset names a handful; a metric map of thousands is no report of ours.
  'RunSummary.metrics': { type: 'object', maxProperties: 1000 },
  'RunSummary.counts': { type: 'object', maxProperties: 1000 },
  'AnswerResult.criteria': { type: 'object', maxProperties: 500 },
  'PrReportMeta.prNumber': { type: 'integer', minimum: 1, maximum: 2 ** 31 },
  'PrReportMeta.headSha': { pattern: '^(?:[0-9a-f]{40}|[0-9a-f]{64})$' },
  'PrReportMeta.key': { maxLength: 200, pattern: '^[^\\u0000-\\u001f\\u007f]*$' },
  'PrReportMeta.reportFile': { pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$' },
  'PrReportMeta.markdownFile': { pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$' },
};

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const hasType = (node: Json, type: string) => node['type'] === type || (Array.isArray(node['type']) && node['type'].includes(type));

/** Bounds for one schema node reached through property `prop` (`direct`: the property's own node, not its items or values). */
function bound(node: Json, at: string, prop: string | undefined, direct: boolean): void {
  if (hasType(node, 'string') && node['enum'] === undefined && node['const'] === undefined) {
    const multi = prop !== undefined && MULTI_LINE.has(prop);
    node['maxLength'] ??= multi ? MULTI_LINE_MAX : ONE_LINE_MAX;
    if (!multi) node['pattern'] ??= ONE_LINE;
  }
  if (hasType(node, 'array')) node['maxItems'] ??= ARRAY_MAX;
  if (hasType(node, 'object') && node['additionalProperties'] !== false && node['additionalProperties'] !== undefined) {
    node['maxProperties'] ??= MAP_MAX;
    node['propertyNames'] ??= { maxLength: KEY_MAX, pattern: ONE_LINE };
  }
  const rule = direct ? FIELD_RULES[at] : undefined;
  if (rule === undefined) return;
  // Beside a $ref, draft-07 ignores every other keyword: the reference goes into an allOf.
  if (typeof node['$ref'] === 'string') {
    node['allOf'] = [{ $ref: node['$ref'] }];
    delete node['$ref'];
  }
  Object.assign(node, rule);
}

/** Walks `node` (at `at`: a definition and a property path), bounding every value schema by the property it belongs to. */
function walk(node: unknown, at: string, prop: string | undefined, direct = true): void {
  if (!isObject(node)) return;
  bound(node, at, prop, direct);
  for (const [name, child] of Object.entries(isObject(node['properties']) ? node['properties'] : {})) walk(child, `${at}.${name}`, name);
  if (node['items'] !== undefined) walk(node['items'], at, prop, false);
  if (isObject(node['additionalProperties'])) walk(node['additionalProperties'], at, prop, false);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) for (const branch of Array.isArray(node[key]) ? node[key] : []) walk(branch, at, prop, false);
}

/**
 * Definition names the generator made from file offsets (`Record<string,structure-src_model_…-9360-…>`)
 * change with every edit of the file: renamed to plain identifiers, anonymous parts by a hash of their content.
 */
function renameDefinitions(schema: Json): void {
  const definitions = (schema['definitions'] ?? {}) as Record<string, Json>;
  const renamed = new Map<string, string>();
  const taken = new Set<string>();
  for (const [name, definition] of Object.entries(definitions)) {
    const anonymous = name.replace(/structure-[^,>|)]+/g, () => `S${createHash('sha256').update(JSON.stringify(definition)).digest('hex').slice(0, 8)}`);
    let safe = anonymous.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');
    while (taken.has(safe)) safe += '_';
    taken.add(safe);
    renamed.set(name, safe);
  }
  const rewrite = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(rewrite);
    if (!isObject(node)) return;
    if (typeof node['$ref'] === 'string') node['$ref'] = `#/definitions/${renamed.get(decodeURIComponent(node['$ref'].replace('#/definitions/', '')))}`;
    Object.values(node).forEach(rewrite);
  };
  schema['definitions'] = Object.fromEntries(Object.entries(definitions).map(([name, definition]) => [renamed.get(name)!, definition]));
  rewrite(schema);
}

/** The bounded schema of `type` in `source` (paths relative to `root`). */
export function reportSchema(root: string, spec: (typeof SCHEMAS)[number]): Json {
  const schema = createGenerator({
    path: path.join(root, spec.source),
    tsconfig: path.join(root, 'tsconfig.json'),
    type: spec.type,
    additionalProperties: false,
    skipTypeCheck: true,
    jsDoc: 'none',
    topRef: false,
    expose: 'all',
  }).createSchema(spec.type) as Json;
  renameDefinitions(schema);
  walk(schema, spec.type, undefined);
  for (const [name, definition] of Object.entries(schema['definitions'] as Record<string, Json>)) walk(definition, name, undefined);
  return { $comment: `Generated by scripts/report-schema.ts from ${spec.type} (${spec.source}). Do not edit.`, ...schema };
}

export function schemaText(schema: Json): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}

/** Writes every schema under `outRoot`; returns the files written. */
export function generateReportSchemas(outRoot: string, root: string = outRoot): string[] {
  return SCHEMAS.map((spec) => {
    const file = path.join(outRoot, REPORT_SCHEMA_DIR, spec.out);
    writeFileSync(file, schemaText(reportSchema(root, spec)));
    return file;
  });
}

if (import.meta.filename === process.argv[1]) {
  const root = path.resolve(import.meta.dirname, '..');
  for (const file of generateReportSchemas(root)) process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
}
