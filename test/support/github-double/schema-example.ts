/**
 * A deterministic, minimal instance of a schema in the spec: every required property filled,
 * nullable ones null, the spec's own `example` used where it fits. Payload builders start
 * from this and overwrite the fields that mean something, so GitHub's huge objects
 * (pull-request, full-repository, workflow-run) stay schema-valid without hand-copying
 * dozens of URL fields — and stay valid when the spec grows a required field.
 */
import { isObject, resolvePointer, type Json } from './spec.ts';

const cache = new Map<string, unknown>();

/** An example of `#/components/schemas/<name>`; a fresh deep copy each call. */
export function exampleOf(name: string): Json {
  let value = cache.get(name);
  if (value === undefined) {
    value = generate({ $ref: `#/components/schemas/${name}` }, 0);
    cache.set(name, value);
  }
  return structuredClone(value) as Json;
}

function types(schema: Json): string[] {
  const type = schema['type'];
  return Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
}

function generate(schema: unknown, depth: number): unknown {
  if (!isObject(schema)) return null;
  if (typeof schema['$ref'] === 'string') return generate(resolvePointer(schema['$ref']), depth);
  if (depth > 25) return null;
  if (Array.isArray(schema['allOf'])) {
    return Object.assign({}, ...schema['allOf'].map((part) => generate(part, depth + 1) ?? {})) as Json;
  }
  for (const key of ['anyOf', 'oneOf']) {
    const options = schema[key];
    if (!Array.isArray(options)) continue;
    // Null when the spec allows it keeps payloads small; otherwise the first alternative.
    const allowsNull = (options as unknown[]).some((o) => isObject(o) && types(o).length === 1 && types(o)[0] === 'null');
    return allowsNull ? null : generate(options[0], depth + 1);
  }
  const t = types(schema);
  if (t.includes('null')) return null;
  if (Array.isArray(schema['enum'])) return schema['enum'][0] ?? null;
  const kind = t[0] ?? (isObject(schema['properties']) ? 'object' : 'string');
  const example = schema['example'];
  switch (kind) {
    case 'object':
      return object(schema, depth);
    case 'array':
      return [];
    case 'integer':
      return Number.isInteger(example) ? example : 1;
    case 'number':
      return typeof example === 'number' ? example : 1;
    case 'boolean':
      return typeof example === 'boolean' ? example : false;
    default:
      return string(schema, example);
  }
}

function object(schema: Json, depth: number): Json {
  const out: Json = {};
  const properties = isObject(schema['properties']) ? schema['properties'] : {};
  const required = Array.isArray(schema['required']) ? (schema['required'] as string[]) : [];
  for (const name of required) out[name] = generate(properties[name] ?? {}, depth + 1);
  return out;
}

function string(schema: Json, example: unknown): string {
  switch (schema['format']) {
    case 'date-time':
      return '2024-01-01T00:00:00Z';
    case 'uri':
      return typeof example === 'string' && URL.canParse(example) ? example : 'https://github.com/';
    case 'email':
      return 'octocat@github.com';
    default:
      return typeof example === 'string' ? example : 'string';
  }
}
