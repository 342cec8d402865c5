/**
 * The judge's answer format: a JSON schema sent as OpenAI structured output (strict mode).
 * The answer is read again by judge-verdict.ts, because "OpenAI-compatible" servers may
 * ignore response_format, and even strict decoding can be cut off (finish_reason 'length').
 *
 * `{ results: [{ criterion, reasoning, score }] }`, one alternative per criterion so each
 * criterion's score has its scale's type. `reasoning` comes before `score`: with
 * structured output the model writes keys in schema order, so it reasons, then scores.
 */
import type { EvaluationCriteria, EvaluationScale } from '../../../model/evaluation.ts';
import { parseScale } from '../scales.ts';

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
