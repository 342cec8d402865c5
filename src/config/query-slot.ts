/**
 * Where a search tool takes its query, read from its input schema, whatever the shape: a
 * string (`query`), an array of strings (`queryKeywords: string[]`, filled with the
 * query's words), a field of a nested object (`options.text`) or of the objects of an
 * array (`searches: [{ type, query }]`, qmd). The result is an arguments template with
 * `{query}` or `{words}` in place (templates work inside arrays and objects,
 * run/fill-template.ts), the required siblings on the way filled from their default,
 * const or first enum value. Pure: a schema in, a template out.
 */
import { isRecord } from '../shared/plain-data.ts';

export interface QuerySlot {
  /** The search arguments: the query's place as `{query}` / `{words}`, plus `{limit}` when the tool has a limit. */
  arguments: Record<string, unknown>;
  /** The place in words: `query (string)`, `queryKeywords (array of strings: the query's words)`. */
  where: string;
  /** The top-level argument that takes `{query}` or `{words}`, for messages. */
  queryArg: string;
  limitArg?: string;
  cursorArg?: string;
}

type Schema = Record<string, unknown>;

const QUERY_NAMES = ['query', 'q', 'question', 'search', 'searchquery', 'search_query', 'text', 'prompt', 'keywords', 'querykeywords', 'terms'];
const QUERY_WORDS = /query|keyword|search|question|term|prompt|phrase/i;
const WORDS_ARRAY = /keyword|term|word|token/i;
const LIMIT_NAMES = ['limit', 'top_k', 'topk', 'k', 'max_results', 'maxresults', 'count', 'n', 'num_results', 'size', 'page_size', 'pagesize'];
const CURSOR_NAMES = ['cursor', 'next_cursor', 'page_token', 'pagetoken', 'offset'];

interface Segment {
  key: string;
  /** The value at `key` is an array whose one item holds the rest. */
  array: boolean;
  /** The object that holds `key`: its required siblings are filled. */
  holder: Schema;
}

interface Candidate {
  path: Segment[];
  leaf: 'string' | 'words' | 'list';
  score: number;
}

const typeOf = (s: unknown): string | undefined => (isRecord(s) && typeof s['type'] === 'string' ? s['type'] : undefined);
const propsOf = (s: Schema): Record<string, unknown> => (isRecord(s['properties']) ? s['properties'] : {});
const requiredOf = (s: Schema): string[] => (Array.isArray(s['required']) ? s['required'].filter((r): r is string => typeof r === 'string') : []);

function nameScore(name: string): number {
  const lower = name.toLowerCase();
  if (QUERY_NAMES.includes(lower)) return 3;
  return QUERY_WORDS.test(name) ? 2 : 0;
}

/** Every place a query can go, depth first, at most 3 levels down. */
function collect(schema: Schema, prefix: Segment[], out: Candidate[], depth: number): void {
  const props = propsOf(schema);
  const required = requiredOf(schema);
  for (const [key, prop] of Object.entries(props)) {
    if (!isRecord(prop)) continue;
    const score = nameScore(key) + (required.includes(key) ? 1 : 0) - depth;
    const type = typeOf(prop);
    const here: Segment = { key, array: false, holder: schema };
    if (type === 'string' && prop['enum'] === undefined && prop['const'] === undefined) out.push({ path: [...prefix, here], leaf: 'string', score });
    else if (type === 'array' && typeOf(prop['items']) === 'string') out.push({ path: [...prefix, here], leaf: WORDS_ARRAY.test(key) ? 'words' : 'list', score });
    else if (depth < 2 && type === 'object') collect(prop, [...prefix, here], out, depth + 1);
    else if (depth < 2 && type === 'array' && typeOf(prop['items']) === 'object') collect(prop['items'] as Schema, [...prefix, { ...here, array: true }], out, depth + 1);
  }
}

/** A value for a required argument the query does not fill: its default, const or first enum value. */
function fillerOf(prop: unknown): { value: unknown } | undefined {
  if (!isRecord(prop)) return undefined;
  if (prop['default'] !== undefined) return { value: prop['default'] };
  if (prop['const'] !== undefined) return { value: prop['const'] };
  if (Array.isArray(prop['enum']) && prop['enum'].length > 0) return { value: prop['enum'][0] };
  return undefined;
}

function build(path: readonly Segment[], leaf: unknown): Record<string, unknown> {
  const [first, ...rest] = path;
  if (first === undefined) return {};
  const inner = rest.length === 0 ? leaf : build(rest, leaf);
  const obj: Record<string, unknown> = {};
  for (const key of requiredOf(first.holder)) {
    if (key === first.key) continue;
    const fill = fillerOf(propsOf(first.holder)[key]);
    if (fill) obj[key] = fill.value;
  }
  obj[first.key] = first.array ? [inner] : inner;
  return obj;
}

function describe(c: Candidate): string {
  const spelled = c.path.map((s) => `${s.key}${s.array ? '[0]' : ''}`).join('.');
  if (c.leaf === 'words') return `${spelled} (array of strings: the query's words)`;
  if (c.leaf === 'list') return `${spelled} (array of strings: the query as one item)`;
  return c.path.length > 1 ? `${spelled} (string, inside ${c.path[0]!.array ? 'an array of objects' : 'an object'})` : `${spelled} (string)`;
}

/** The schema's query place and the search arguments around it; undefined when it has no string or array of strings anywhere. */
export function querySlot(schema: unknown): QuerySlot | undefined {
  if (!isRecord(schema)) return undefined;
  const candidates: Candidate[] = [];
  collect(schema, [], candidates, 0);
  if (candidates.length === 0) return undefined;
  // The best name wins; ties go to the first listed (schema order is the author's order).
  const best = candidates.reduce((a, b) => (b.score > a.score ? b : a));
  const leaf = best.leaf === 'words' ? '{words}' : best.leaf === 'list' ? ['{query}'] : '{query}';
  const args = build(best.path, leaf);
  const top = Object.keys(propsOf(schema));
  const find = (names: readonly string[]) => top.find((k) => names.includes(k.toLowerCase()) && k !== best.path[0]!.key);
  const limitArg = find(LIMIT_NAMES);
  const cursorArg = find(CURSOR_NAMES);
  if (limitArg) args[limitArg] = '{limit}';
  if (cursorArg) args[cursorArg] = '{cursor}';
  return { arguments: args, where: describe(best), queryArg: best.path[0]!.key, ...(limitArg ? { limitArg } : {}), ...(cursorArg ? { cursorArg } : {}) };
}
