/**
 * Checking requests and responses against the operation that documents them.
 * Validators are compiled lazily per operation (+ status) and cached: compiling every
 * schema GitHub publishes would take far longer than the tests that use a handful.
 *
 * Request bodies are checked strictly: an object schema that does not say otherwise
 * rejects unknown properties. GitHub itself ignores them, but an invented field is a
 * bug in the code under test that the real API would hide, so here it must fail.
 */
import { Ajv } from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { deref, escapePointer, isObject, loadSpec, resolvePointer, SPEC_ID, type Json } from './spec.ts';
import type { RouteMatch } from './routes.ts';

let ajvs: { body: Ajv; params: Ajv } | undefined;
const cache = new Map<string, ValidateFunction | null>();
let compileMs = 0;

/** Milliseconds spent compiling validators so far in this process. */
export function validatorCompileMs(): number {
  return compileMs;
}

function instances(): { body: Ajv; params: Ajv } {
  if (!ajvs) {
    const formats = {
      'date-time': /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/,
      uri: (s: string) => URL.canParse(s),
      email: /^[^@\s]+@[^@\s]+$/,
    };
    const body = new Ajv({ allErrors: true, strict: false, validateSchema: false, logger: false, formats });
    // The whole document, so `#/components/...` refs inside any schema resolve in place.
    body.addSchema({ $id: SPEC_ID, ...loadSpec() });
    const params = new Ajv({ allErrors: true, strict: false, validateSchema: false, logger: false, formats, coerceTypes: 'array' });
    ajvs = { body, params };
  }
  return ajvs;
}

function compiled(key: string, build: () => { ajv: Ajv; schema: Json } | undefined): ValidateFunction | null {
  let fn = cache.get(key);
  if (fn === undefined) {
    const started = performance.now();
    const built = build();
    fn = built ? built.ajv.compile(built.schema) : null;
    compileMs += performance.now() - started;
    cache.set(key, fn);
  }
  return fn;
}

/** One line per Ajv error (at most five: a failed anyOf explains itself at length). */
export function formatErrors(prefix: string, errors: ErrorObject[] | null | undefined): string[] {
  if (!errors?.length) return [`${prefix}: invalid`];
  const lines = errors.map((e) => {
    const extra = typeof e.params['additionalProperty'] === 'string' ? ` '${e.params['additionalProperty']}'` : '';
    return `${prefix}${e.instancePath}: ${e.message ?? 'invalid'}${extra}`;
  });
  return [...new Set(lines)].slice(0, 5);
}

function parameters(match: RouteMatch, location: string): Json[] {
  const list = Array.isArray(match.operation['parameters']) ? (match.operation['parameters'] as unknown[]) : [];
  return list.map((p) => deref(p)).filter((p): p is Json => p !== undefined && p['in'] === location);
}

/** Problems with the path and query parameters; query values are coerced in place (strings → numbers). */
export function checkParameters(match: RouteMatch, query: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [location, values] of [['path', { ...match.params }], ['query', query]] as const) {
    const declared = parameters(match, location);
    const names = new Set(declared.map((p) => String(p['name'])));
    if (location === 'query') {
      for (const name of Object.keys(values)) {
        if (!names.has(name)) problems.push(`${match.route}: query parameter '${name}' is not declared`);
      }
    }
    const validate = compiled(`${match.route} ${location}`, () => ({
      ajv: instances().params,
      schema: {
        type: 'object',
        properties: Object.fromEntries(declared.map((p) => [String(p['name']), inline(p['schema'] ?? {}, 0)])),
        required: declared.filter((p) => p['required'] === true).map((p) => String(p['name'])),
      },
    }));
    if (validate && !validate(values)) problems.push(...formatErrors(`${match.route}: ${location} parameters`, validate.errors));
  }
  return problems;
}

/** Problems with a JSON request body (`undefined` = no body sent). */
export function checkRequestBody(match: RouteMatch, body: unknown): string[] {
  const requestBody = deref(match.operation['requestBody']);
  const content = requestBody?.['content'];
  const schema = isObject(content) && isObject(content['application/json']) ? content['application/json']['schema'] : undefined;
  if (body === undefined) {
    return requestBody?.['required'] === true ? [`${match.route}: request body is required`] : [];
  }
  if (schema === undefined) return [`${match.route}: request body is not accepted by this operation`];
  const validate = compiled(`${match.route} request`, () => ({ ajv: instances().body, schema: strict(schema, new Set()) as Json }));
  return validate && !validate(body) ? formatErrors(`${match.route}: request body`, validate.errors) : [];
}

/** Problems with a JSON response the double is about to send; statuses the operation does not document are not checked. */
export function checkResponse(match: RouteMatch, status: number, body: unknown): string[] {
  const responses = match.operation['responses'];
  if (!isObject(responses) || !(String(status) in responses)) return [];
  const pointer = responsePointer(match, status);
  if (!pointer) {
    return body === undefined ? [] : [`${match.route}: response ${status}: the operation documents no body`];
  }
  const validate = compiled(`${match.route} ${status}`, () => ({ ajv: instances().body, schema: { $ref: `${SPEC_ID}${pointer}` } }));
  return validate && !validate(body) ? formatErrors(`${match.route}: response ${status} body`, validate.errors) : [];
}

/** The JSON pointer (in the spec) of a documented response's JSON schema. */
export function responsePointer(match: RouteMatch, status: number): string | undefined {
  let pointer = `#/paths/${escapePointer(match.template)}/${match.method}/responses/${status}`;
  let response = resolvePointer(pointer);
  if (isObject(response) && typeof response['$ref'] === 'string') {
    pointer = response['$ref'];
    response = resolvePointer(pointer);
  }
  const content = isObject(response) ? response['content'] : undefined;
  if (!isObject(content) || !isObject(content['application/json'])) return undefined;
  return `${pointer}/content/application~1json/schema`;
}

/** A parameter schema with its refs copied in (they are small), for the standalone params Ajv. */
function inline(schema: unknown, depth: number): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inline(s, depth));
  if (!isObject(schema)) return schema;
  if (typeof schema['$ref'] === 'string' && depth < 20) return inline(resolvePointer(schema['$ref']), depth + 1);
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, k === 'enum' ? v : inline(v, depth)]));
}

/**
 * A request schema copy whose object schemas reject undeclared properties. Refs are copied in
 * (cycles left as absolute refs into the registered document); allOf members are left open
 * because each sees only part of the object.
 */
function strict(schema: unknown, seen: Set<string>, insideAllOf = false): unknown {
  if (Array.isArray(schema)) return schema.map((s) => strict(s, seen, insideAllOf));
  if (!isObject(schema)) return schema;
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    if (seen.has(ref)) return { $ref: `${SPEC_ID}${ref}` };
    return strict(resolvePointer(ref), new Set([...seen, ref]), insideAllOf);
  }
  const copy: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isObject(value)) {
      copy[key] = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, strict(s, seen)]));
    } else if (key === 'enum' || key === 'example' || key === 'default') {
      copy[key] = value;
    } else {
      copy[key] = strict(value, seen, key === 'allOf');
    }
  }
  if (isObject(copy['properties']) && copy['additionalProperties'] === undefined && !insideAllOf) {
    copy['additionalProperties'] = false;
  }
  return copy;
}
