/**
 * Ajv errors turned into issues a person can act on: positioned at the line where the
 * field is written, naming the field, the value and (for typos) the likely intended name,
 * instead of "must NOT have additional properties".
 */
import type { Ajv, AnySchemaObject, ErrorObject, Options, ValidateFunction } from 'ajv';
import { ajvModule } from '../shared/load-ajv.ts';
import { closestName } from '../shared/closest-name.ts';
import type { DatasetIssue } from './dataset-error.ts';
import { formatDataPath } from './source-document.ts';
import type { DataPath, SourceDocument } from './source-document.ts';

/**
 * Compiles a dataset schema. allErrors: report every problem, not the first; verbose:
 * errors carry their schema and data, which the messages below quote.
 */
export function compileDatasetSchema(schema: AnySchemaObject): ValidateFunction {
  return datasetAjv().compile(schema);
}

/** The Ajv set-up for dataset schemas; scripts/generate-validators.ts compiles with the same one. */
export function datasetAjv(extra: Options = {}): Ajv {
  // discriminator: a rule's `type` picks its one schema, so a bad rule gets that schema's
  // errors instead of every alternative's.
  const ajv = new (ajvModule().Ajv)({ allErrors: true, verbose: true, strict: true, strictRequired: false, allowUnionTypes: true, discriminator: true, ...extra });
  // Editor-only keywords (VS Code JSON/YAML language services); Ajv must accept, not judge, them.
  ajv.addKeyword({ keyword: 'defaultSnippets' });
  ajv.addKeyword({ keyword: 'patternErrorMessage' });
  // Message-only keyword: { otherKind: [fields] } names the fields of the other case kind,
  // so they are reported as "for retrieval cases" rather than as unknown.
  ajv.addKeyword({ keyword: 'otherKindFields' });
  return ajv;
}

/** Validates `source.data` and returns one issue per problem (none when valid). */
export function schemaIssues(validate: ValidateFunction, source: SourceDocument, file: string): DatasetIssue[] {
  if (validate(source.data)) return [];
  const errors = validate.errors ?? [];
  const oneOfGroups = errors.filter((error) => error.keyword === 'oneOf' && requiredAlternatives(error) !== undefined);
  const issues: DatasetIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const belongsToGroup = oneOfGroups.some(
      (group) => group.instancePath === error.instancePath && error.schemaPath.startsWith(`${group.schemaPath}/`),
    );
    if (belongsToGroup) continue;
    const described = describe(error, source.data);
    if (described === undefined) continue;
    const { line, column } = source.locate(described.at);
    const issue: DatasetIssue = { file, line, column, path: formatDataPath(described.path), message: described.message };
    const key = `${issue.line}:${issue.column}:${issue.path}:${issue.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      issues.push(issue);
    }
  }
  return issues;
}

interface Described {
  /** Shown in the message. */
  path: DataPath;
  /** Where to point (an unknown field points at its key, not at the object holding it). */
  at: DataPath;
  message: string;
}

function describe(error: ErrorObject, root: unknown): Described | undefined {
  const path = pointerToPath(error.instancePath, root);
  const params = error.params as Record<string, unknown>;
  const data = error.data;
  const plain = (message: string): Described => ({ path, at: path, message });
  switch (error.keyword) {
    case 'required':
      return plain(`missing required field "${String(params.missingProperty)}"`);
    case 'additionalProperties': {
      const field = String(params.additionalProperty);
      const otherKind = otherKindOf(field, error.parentSchema);
      if (otherKind !== undefined) return { path, at: [...path, field], message: wrongKindMessage(field, otherKind, data) };
      const known = Object.keys((error.parentSchema?.properties as object | undefined) ?? {});
      const hint = closestName(field, known);
      const message = `unknown field "${field}"${hint ? ` (did you mean "${hint}"?)` : ''}`;
      return { path, at: [...path, field], message };
    }
    case 'type':
      return plain(typeMessage(String(params.type), data));
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String);
      const hint = typeof data === 'string' ? closestName(data, allowed) : undefined;
      return plain(`must be one of ${allowed.join(', ')}; got ${show(data)}${hint ? ` (did you mean "${hint}"?)` : ''}`);
    }
    case 'if':
      // "must match then schema": the then-branch's own errors say what is wrong.
      return undefined;
    case 'discriminator':
      return discriminatorMessage(path, params, error.parentSchema);
    case 'oneOf': {
      if (error.parentSchema?.discriminator !== undefined) return undefined;
      const names = requiredAlternatives(error);
      if (names === undefined) return plain('does not match exactly one of the allowed shapes');
      // A non-object already has its own "must be an object" error; its "required" branches pass vacuously.
      if (!isPlainObject(data)) return undefined;
      const quoted = names.map((name) => `"${name}"`);
      return plain(
        Array.isArray(params.passingSchemas)
          ? `has both ${quoted.join(' and ')}; give only one`
          : `needs ${quoted.join(' or ')} (exactly one of them)`,
      );
    }
    case 'minItems':
      return plain(`must have at least ${count(Number(params.limit), 'item')}`);
    case 'minProperties':
      return plain(`must have at least ${count(Number(params.limit), 'field')}`);
    case 'minLength':
      return plain(Number(params.limit) === 1 ? 'must not be empty' : `must be at least ${count(Number(params.limit), 'character')}`);
    case 'minimum':
      return plain(`must be at least ${String(params.limit)}; got ${show(data)}`);
    case 'maximum':
      return plain(`must be at most ${String(params.limit)}; got ${show(data)}`);
    case 'pattern': {
      const explanation = error.parentSchema?.patternErrorMessage as string | undefined;
      return plain(`${show(data)} is not valid: ${explanation ?? `must match ${String(params.pattern)}`}`);
    }
    default:
      return plain(error.message ?? `fails ${error.keyword}`);
  }
}

function otherKindOf(field: string, schema: AnySchemaObject | undefined): string | undefined {
  const byKind = schema?.otherKindFields as Record<string, string[]> | undefined;
  return Object.entries(byKind ?? {}).find(([, fields]) => fields.includes(field))?.[0];
}

function wrongKindMessage(field: string, otherKind: string, data: unknown): string {
  const kind = isPlainObject(data) ? data.kind : undefined;
  const actual = typeof kind === 'string' ? `this case has kind: ${kind}` : `this case has no kind, so it is a retrieval case (add kind: ${otherKind})`;
  return `"${field}" is for ${otherKind} cases; ${actual}`;
}

/** A `type` (the discriminator) that names no schema: list the ones that exist. */
function discriminatorMessage(path: DataPath, params: Record<string, unknown>, schema: AnySchemaObject | undefined): Described | undefined {
  const tag = String(params.tag);
  const value = params.tagValue;
  // A missing tag is already a "missing required field" error.
  if (value === undefined) return undefined;
  const at = [...path, tag];
  if (typeof value !== 'string') return { path: at, at, message: typeMessage('string', value) };
  const branches = Array.isArray(schema?.oneOf) ? (schema.oneOf as unknown[]) : [];
  const allowed = branches.flatMap((branch) => {
    const properties = isPlainObject(branch) ? branch.properties : undefined;
    const property = isPlainObject(properties) ? properties[tag] : undefined;
    return isPlainObject(property) && typeof property.const === 'string' ? [property.const] : [];
  });
  const hint = closestName(value, allowed);
  return { path: at, at, message: `unknown ${tag} ${show(value)}${hint ? ` (did you mean "${hint}"?)` : ''}; one of ${allowed.join(', ')}` };
}

/** For a `oneOf: [{required: [a]}, {required: [b]}]` error, the names [a, b]; else undefined. */
function requiredAlternatives(error: ErrorObject): string[] | undefined {
  if (!Array.isArray(error.schema)) return undefined;
  const names: string[] = [];
  for (const branch of error.schema as unknown[]) {
    if (!isPlainObject(branch) || Object.keys(branch).length !== 1) return undefined;
    const required = branch.required;
    if (!Array.isArray(required) || required.length !== 1) return undefined;
    names.push(String(required[0]));
  }
  return names;
}

function typeMessage(expected: string, data: unknown): string {
  if (expected.includes(',')) return `must be ${expected.split(',').join(' or ')}; got ${show(data)}`;
  const article = expected === 'integer' || expected === 'object' || expected === 'array' ? 'an' : 'a';
  const noun = expected === 'object' ? 'object (a mapping of fields)' : expected === 'array' ? 'array (a list)' : expected;
  const message = `must be ${article} ${noun}; got ${show(data)}`;
  // YAML reads `id: 2024` or `value: yes`-style scalars as non-strings; quoting is the fix.
  if (expected === 'string' && (typeof data === 'number' || typeof data === 'boolean')) {
    return `${message} (quote it: "${String(data)}")`;
  }
  return message;
}

function show(data: unknown): string {
  if (data === null || data === undefined) return 'an empty value';
  if (Array.isArray(data)) return 'a list';
  if (typeof data === 'object') return 'a mapping';
  if (typeof data === 'string') return JSON.stringify(data.length > 60 ? `${data.slice(0, 57)}...` : data);
  if (typeof data === 'number' || typeof data === 'boolean') return `${typeof data} ${data}`;
  return typeof data;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** `/cases/3/relevant` -> ['cases', 3, 'relevant'], numbers where the data is an array. */
function pointerToPath(pointer: string, root: unknown): DataPath {
  if (pointer === '') return [];
  const path: (string | number)[] = [];
  let node = root;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      const index = Number(segment);
      path.push(index);
      node = node[index];
    } else {
      path.push(segment);
      node = isPlainObject(node) ? node[segment] : undefined;
    }
  }
  return path;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
