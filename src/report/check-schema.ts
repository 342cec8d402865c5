/**
 * Checking a file another run wrote (a report, a PR artifact's meta.json) against its
 * JSON Schema, generated from the types and bounded (scripts/report-schema.ts), before
 * anything reads a field of it. Ajv is loaded and each schema compiled on first use
 * (never on the Action's way to the server's spawn), and stops at the first problem,
 * which is named: where (a JSON pointer), what was expected, what was found.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { ajvModule } from '../shared/load-ajv.ts';
import reportSchema from './generated/report.schema.json' with { type: 'json' };
import prMetaSchema from './generated/pr-meta.schema.json' with { type: 'json' };

const SCHEMAS = { report: reportSchema, 'pr-meta': prMetaSchema } as const;
export type SchemaName = keyof typeof SCHEMAS;

const compiled = new Map<SchemaName, ValidateFunction>();

function validator(name: SchemaName): ValidateFunction {
  let validate = compiled.get(name);
  if (!validate) {
    // verbose: errors carry the offending value, which the message quotes.
    const ajv = new (ajvModule().Ajv)({ allErrors: false, verbose: true, strict: true, allowUnionTypes: true });
    validate = ajv.compile(SCHEMAS[name]);
    compiled.set(name, validate);
  }
  return validate;
}

/** A value as a message quotes it: its type and the start of its JSON, on one line. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  const kind = Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : typeof value === 'string' ? 'a string' : `a ${typeof value}`;
  if (typeof value === 'object') return kind;
  const json = JSON.stringify(value);
  return `${kind} ${json.length > 60 ? `${json.slice(0, 57)}...` : json}`;
}

const ONE_LINE = /^\^\[\^\\r\\n/;

function expectation(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type':
      return `expected ${Array.isArray(p['type']) ? p['type'].join(' or ') : String(p['type'])}, found ${describeValue(error.data)}`;
    case 'required':
      return `missing required field "${String(p['missingProperty'])}"`;
    case 'additionalProperties':
      return `unexpected field "${String(p['additionalProperty']).slice(0, 80)}" (not part of this format)`;
    case 'enum':
      return `expected one of ${(p['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}, found ${describeValue(error.data)}`;
    case 'const':
      return `expected ${JSON.stringify(p['allowedValue'])}, found ${describeValue(error.data)}`;
    case 'maxLength':
      return `expected at most ${String(p['limit'])} characters, found ${String((error.data as string).length)}`;
    case 'pattern':
      return ONE_LINE.test(String(p['pattern'])) ? `expected one line, found a line break in ${describeValue(error.data)}` : `expected a value matching ${String(p['pattern'])}, found ${describeValue(error.data)}`;
    case 'maxItems':
      return `expected at most ${String(p['limit'])} items, found ${String((error.data as unknown[]).length)}`;
    case 'maxProperties':
      return `expected at most ${String(p['limit'])} keys, found ${String(Object.keys(error.data as object).length)}`;
    case 'propertyNames':
      return `key ${describeValue(p['propertyName'])} is not allowed (keys are single lines of at most 1000 characters)`;
    case 'minimum':
    case 'maximum':
      return `expected a number ${error.keyword === 'minimum' ? '>=' : '<='} ${String(p['limit'])}, found ${describeValue(error.data)}`;
    default:
      return `${error.message ?? 'does not match the format'}, found ${describeValue(error.data)}`;
  }
}

/**
 * The first problem of `value` against schema `name`, as "<JSON pointer>: <expected, found>";
 * undefined when it passes. Of the errors Ajv gives for the first failing keyword (one per
 * branch of a union), the deepest is the one that says what is wrong.
 */
export function firstSchemaProblem(name: SchemaName, value: unknown): string | undefined {
  const validate = validator(name);
  if (validate(value)) return undefined;
  const errors = validate.errors ?? [];
  const deepest = errors.reduce<ErrorObject | undefined>((best, e) => (best === undefined || e.instancePath.length > best.instancePath.length ? e : best), undefined);
  if (!deepest) return '/: does not match the format';
  const key = deepest.propertyName !== undefined && deepest.keyword !== 'propertyNames' ? `key ${describeValue(deepest.propertyName)}: ` : '';
  return `${deepest.instancePath || '/'}: ${key}${expectation(deepest)}`;
}
