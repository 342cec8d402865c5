/**
 * Readers for an evaluator's options in its dataset config. Factories call them when the
 * config is validated, so a wrong option fails the run before any server starts, with a
 * message naming the option; a misspelt one gets a "did you mean".
 */
import { closestName } from '../../shared/closest-name.ts';
import type { EvaluatorConfig } from '../../model/evaluation.ts';

/** Keys every evaluator config may carry, whatever its type. */
const COMMON_KEYS = ['type', 'criteria', 'criterion', 'module'];

/** Throws on a key the evaluator does not know: a typo would otherwise silently fall back to a default. */
export function assertKnownOptions(config: EvaluatorConfig, known: readonly string[]): void {
  const allowed = [...COMMON_KEYS, ...known];
  const unknown = Object.keys(config).filter((key) => !allowed.includes(key));
  if (unknown.length === 0) return;
  const hints = unknown.map((key) => {
    const near = closestName(key, known);
    return near ? `'${key}' (did you mean '${near}'?)` : `'${key}'`;
  });
  throw new Error(`unknown option${unknown.length > 1 ? 's' : ''} ${hints.join(', ')}; known: ${known.join(', ') || 'none'}`);
}

export function stringOption(config: EvaluatorConfig, key: string): string | undefined {
  const value = config[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new Error(`option ${key} must be a non-empty string`);
  return value;
}

export function booleanOption(config: EvaluatorConfig, key: string, fallback: boolean): boolean {
  const value = config[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new Error(`option ${key} must be true or false`);
  return value;
}

export function numberOption(config: EvaluatorConfig, key: string, fallback: number): number {
  const value = config[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`option ${key} must be a number`);
  return value;
}

export function stringListOption(config: EvaluatorConfig, key: string): string[] | undefined {
  const value = config[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((v): v is string => typeof v === 'string' && v !== '')) {
    throw new Error(`option ${key} must be a list of non-empty strings`);
  }
  return value;
}

export function choiceOption<T extends string>(config: EvaluatorConfig, key: string, choices: readonly T[], fallback: T): T {
  const value = config[key];
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as T;
  const near = typeof value === 'string' ? closestName(value, choices) : undefined;
  throw new Error(`option ${key} must be one of ${choices.join(', ')}; got ${JSON.stringify(value)}${near ? ` (did you mean '${near}'?)` : ''}`);
}
