/**
 * GitHub's published OpenAPI description, loaded once per process and only when first
 * needed: it is 13 MB, and most test processes never start a double.
 *
 * The spec is OpenAPI 3.0, whose `nullable: true` Ajv only half understands (it refuses
 * `nullable` without `type`, and an `enum` never admits null), so it is rewritten into
 * plain JSON Schema once, in place, right after parsing.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export type Json = { [key: string]: unknown };

export interface Spec {
  paths: Record<string, Record<string, Json>>;
  components: Record<string, Record<string, Json>>;
}

/** The `$id` under which the whole document is registered with Ajv, so refs can point anywhere in it. */
export const SPEC_ID = 'https://github-double.test/api.github.com.json';

let cached: { spec: Spec; loadMs: number } | undefined;

export function loadSpec(): Spec {
  if (!cached) {
    const started = performance.now();
    const file = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
    const spec = JSON.parse(readFileSync(file, 'utf8')) as Spec;
    rewriteNullable(spec);
    cached = { spec, loadMs: performance.now() - started };
  }
  return cached.spec;
}

/** Milliseconds spent reading, parsing and rewriting the spec (0 before the first load). */
export function specLoadMs(): number {
  return cached?.loadMs ?? 0;
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows a local `#/…` JSON pointer within the spec. */
export function resolvePointer(pointer: string): unknown {
  let node: unknown = loadSpec();
  for (const raw of pointer.replace(/^#\//, '').split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    node = isObject(node) ? node[key] : undefined;
  }
  return node;
}

/** An object that may be a `{ $ref }` to a component (parameters, responses): the referenced object. */
export function deref(value: unknown): Json | undefined {
  let node = value;
  for (let hops = 0; hops < 10 && isObject(node) && typeof node['$ref'] === 'string'; hops++) {
    node = resolvePointer(node['$ref']);
  }
  return isObject(node) ? node : undefined;
}

export function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

// Keys whose values are data, not schemas: a `nullable` there is not ours to rewrite.
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const']);

function rewriteNullable(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) rewriteNullable(item);
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (!DATA_KEYS.has(key)) rewriteNullable(value);
  }
  if (!('nullable' in node) || typeof node['nullable'] !== 'boolean') return;
  const nullable = node['nullable'];
  delete node['nullable'];
  if (!nullable) return;
  const type = node['type'];
  if (typeof type === 'string') {
    node['type'] = [type, 'null'];
    const values = node['enum'];
    if (Array.isArray(values) && !values.includes(null)) values.push(null);
    return;
  }
  // No `type` (an allOf/anyOf/$ref wrapper): null becomes an explicit alternative.
  const rest: Json = { ...node };
  for (const key of Object.keys(node)) delete node[key];
  node['anyOf'] = [{ type: 'null' }, rest];
}
