/**
 * Where an evaluator reads its text: a dotted path into the EvaluationInput
 * (`response`, `groundTruth`, `context.expect.keywords`, `structured.summary`, ...).
 * Paths are checked when the config is validated; values are read per case.
 */
import { isRecord } from '../../shared/plain-data.ts';
import type { EvaluationInput } from '../../model/evaluation.ts';

const ROOTS = ['response', 'prompt', 'groundTruth', 'structured', 'context', 'metadata'] as const;

/** Throws when the path cannot name anything in an EvaluationInput. */
export function checkFieldPath(path: string, option: string): void {
  const [root] = path.split('.');
  if (!(ROOTS as readonly string[]).includes(root ?? '') || path.split('.').some((part) => part === '')) {
    throw new Error(`option ${option}: '${path}' is not a field; use ${ROOTS.join(', ')}, optionally followed by .path (e.g. context.expect.keywords)`);
  }
}

/** The value at a checked path, or undefined when the case has nothing there. */
export function readField(input: EvaluationInput, path: string): unknown {
  let value: unknown = input;
  for (const part of path.split('.')) {
    if (Array.isArray(value) && /^\d+$/.test(part)) value = value[Number(part)];
    else if (isRecord(value)) value = value[part];
    else return undefined;
  }
  return value;
}

/**
 * A field's value as text to compare: strings as they are, lists of strings one per line,
 * other data as JSON (a structured answer compared to a structured reference).
 */
export function fieldText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join('\n');
  return JSON.stringify(value);
}
