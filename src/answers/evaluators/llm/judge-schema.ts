/**
 * The judge's answer format: a JSON schema sent as OpenAI structured output (strict mode)
 * and checked again here with Ajv, because "OpenAI-compatible" servers may ignore
 * response_format, and even strict decoding can be cut off (finish_reason 'length').
 *
 * `{ results: [{ criterion, reasoning, score }] }`, one alternative per criterion so each
 * criterion's score has its scale's type. `reasoning` comes before `score`: with
 * structured output the model writes keys in schema order, so it reasons, then scores.
 */
import type { Ajv, ValidateFunction } from 'ajv';
import { ajvModule } from '../../../shared/load-ajv.ts';
import type { EvaluationCriteria, EvaluationScale } from '../../../model/evaluation.ts';
import { parseScale } from '../scales.ts';

export interface JudgedItem {
  criterion: string;
  reasoning: string;
  score: number | boolean | string;
}

/** The score's JSON type for a scale (the runner normalises; the judge only answers on the scale). */
export function scoreSchema(scale: EvaluationScale): Record<string, unknown> {
  const spec = parseScale(scale);
  if (typeof spec === 'string') return { type: 'string' }; // rejected at load time; never sent
  switch (spec.kind) {
    case 'truth':
      return { type: 'boolean' };
    case 'percent':
      return { type: 'number', minimum: 0, maximum: 1 };
    case 'range':
      return { type: spec.integer ? 'integer' : 'number', minimum: spec.min, maximum: spec.max };
    case 'labels':
      return { type: 'string', enum: spec.labels };
  }
}

/** What the scale means, for the prompt; it must agree with scoreSchema. */
export function scaleGuide(scale: EvaluationScale): string {
  const spec = parseScale(scale);
  if (typeof spec === 'string') return `a value on the scale "${String(scale)}"`;
  switch (spec.kind) {
    case 'truth':
      return spec.name === 'pass/fail' ? 'true for pass, false for fail' : 'true if the criterion is met, false if not';
    case 'percent':
      return 'number from 0 (not at all) to 1 (fully)';
    case 'range':
      if (spec.name === 'likert5') return 'integer 1 (very poor) to 5 (excellent)';
      return `${spec.integer ? 'integer' : 'number'} from ${spec.min} (worst) to ${spec.max} (best)`;
    case 'labels':
      return `one of ${spec.labels.map((l) => JSON.stringify(l)).join(', ')} (best first, worst last)`;
  }
}

export function judgeSchema(criteria: readonly EvaluationCriteria[]): Record<string, unknown> {
  const alternatives = criteria.map((c) => ({
    type: 'object',
    properties: {
      criterion: { type: 'string', enum: [c.name] },
      reasoning: { type: 'string' },
      score: scoreSchema(c.scale),
    },
    required: ['criterion', 'reasoning', 'score'],
    additionalProperties: false,
  }));
  return {
    type: 'object',
    properties: {
      results: { type: 'array', items: alternatives.length === 1 ? alternatives[0] : { anyOf: alternatives } },
    },
    required: ['results'],
    additionalProperties: false,
  };
}

let ajv: Ajv | undefined;
// One evaluator instance may be built per case; the schema only depends on the criteria.
const compiled = new Map<string, ValidateFunction>();

function validatorFor(schema: Record<string, unknown>): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    ajv ??= new (ajvModule().Ajv)({ allErrors: false, strict: true });
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  return validate;
}

/**
 * The model's parsed JSON -> one item per criterion it answered (first wins on duplicates),
 * or why it is unusable (which the judge treats as a failed attempt).
 */
export function judgedItems(data: unknown, schema: Record<string, unknown>): Map<string, JudgedItem> | string {
  const validate = validatorFor(schema);
  if (!validate(data)) {
    const first = validate.errors?.[0];
    return `the answer does not match the schema: ${first ? `${first.instancePath || '/'} ${first.message ?? ''}` : 'invalid'}`;
  }
  const items = new Map<string, JudgedItem>();
  for (const item of (data as { results: JudgedItem[] }).results) {
    if (!items.has(item.criterion)) items.set(item.criterion, item);
  }
  return items;
}
