/**
 * json_schema: the answer's data validated by Ajv (JSON Schema draft-07). The data is
 * structuredContent when the tool returned it, else the answer text parsed as JSON, else
 * the first ```json block. Schema `pattern`s run on the same linear-time engine as
 * matches_regex, so a schema cannot hang a run either. `format` is not validated
 * (no format vocabulary is loaded); unknown keywords are schema errors, found at load time.
 */
import { ajvModule } from '../../shared/load-ajv.ts';
import type { Ajv, CodeOptions, ErrorObject, ValidateFunction } from 'ajv';
import type { CodeBlock } from './code-blocks.ts';
import { compilePattern } from './regex.ts';
import type { RuleResult } from '../../model/answer-rules.ts';

const linearRegExp: NonNullable<CodeOptions['regExp']> = Object.assign(
  (pattern: string, flags: string) => {
    const compiled = compilePattern(pattern, flags);
    if (!compiled.ok) throw new Error(`pattern ${JSON.stringify(pattern)}: ${compiled.problem}`);
    return { test: (s: string) => compiled.regex.test(s) };
  },
  // Only used by Ajv's standalone code generation, which this module never asks for.
  { code: 'undefined' },
);

let ajv: Ajv | undefined;
const compiled = new WeakMap<object, { validate: ValidateFunction } | { problem: string }>();

function compileSchema(schema: Record<string, unknown>): { validate: ValidateFunction } | { problem: string } {
  let entry = compiled.get(schema);
  if (!entry) {
    ajv ??= new (ajvModule().Ajv)({ allErrors: true, strictTypes: false, strictTuples: false, strictRequired: false, validateFormats: false, addUsedSchema: false, logger: false, code: { regExp: linearRegExp } });
    try {
      entry = { validate: ajv.compile(schema) };
    } catch (error) {
      entry = { problem: `invalid JSON Schema: ${error instanceof Error ? error.message : String(error)}` };
    }
    compiled.set(schema, entry);
  }
  return entry;
}

/** The problem with a schema, or undefined when Ajv compiles it: for checkRuleSpecs. */
export function schemaProblem(schema: Record<string, unknown>): string | undefined {
  const entry = compileSchema(schema);
  return 'problem' in entry ? entry.problem : undefined;
}

export type SchemaData = { ok: true; data: unknown; source: string } | { ok: false; message: string };

export function answerData(text: string, structured: unknown, blocks: CodeBlock[]): SchemaData {
  if (structured !== undefined) return { ok: true, data: structured, source: 'structuredContent' };
  const parsed = parseJson(text.trim());
  if (parsed.ok) return { ok: true, data: parsed.data, source: 'text' };
  const block = blocks.find((b) => b.language === 'json');
  if (!block) return { ok: false, message: 'no structuredContent, the text is not JSON and has no ```json block' };
  const inBlock = parseJson(block.code);
  return inBlock.ok ? { ok: true, data: inBlock.data, source: `block ${block.index}` } : { ok: false, message: `block ${block.index} (json) is not valid JSON: ${inBlock.error}` };
}

function parseJson(text: string): { ok: true; data: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, data: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export type SchemaCheck = { ok: true } | { ok: false; errors: string[] };

export function validateAgainst(schema: Record<string, unknown>, data: unknown): SchemaCheck {
  const entry = compileSchema(schema);
  if ('problem' in entry) return { ok: false, errors: [entry.problem] };
  if (entry.validate(data)) return { ok: true };
  return { ok: false, errors: (entry.validate.errors ?? []).map(describe) };
}

/** "/sources/0: must be string", naming the extra or missing property where Ajv knows it. */
function describe(error: ErrorObject): string {
  const at = error.instancePath === '' ? '/' : error.instancePath;
  const params = error.params as Record<string, unknown>;
  const extra = typeof params['additionalProperty'] === 'string' ? ` '${params['additionalProperty']}'` : '';
  return `${at}: ${error.message ?? error.keyword}${extra}`;
}

export function jsonSchemaRule(schema: Record<string, unknown>, text: string, structured: unknown, blocks: CodeBlock[]): RuleResult {
  const data = answerData(text, structured, blocks);
  if (!data.ok) return { rule: 'json_schema', passed: false, message: data.message };
  const check = validateAgainst(schema, data.data);
  if (check.ok) return { rule: 'json_schema', passed: true, message: `${data.source} matches the schema`, details: { source: data.source } };
  const shown = check.errors.slice(0, 5).join('; ') + (check.errors.length > 5 ? `; ${check.errors.length - 5} more` : '');
  return { rule: 'json_schema', passed: false, message: `${data.source} does not match the schema: ${shown}`, details: { source: data.source, errors: check.errors } };
}
