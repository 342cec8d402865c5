/**
 * Rules over the answer's text as a reader sees it (the metadata block removed):
 * contains / contains_any / contains_all (substring, as seed 000 defines them),
 * matches_regex (linear-time, see regex.ts), min_length, and the expected / forbidden
 * keyword checks (whole-word, see keywords.ts).
 */
import { findKeyword } from './keywords.ts';
import { compilePattern, firstMatch } from './regex.ts';
import type { RuleResult } from '../../model/answer-rules.ts';

function includes(text: string, value: string, caseSensitive = false): boolean {
  return caseSensitive ? text.includes(value) : text.toLowerCase().includes(value.toLowerCase());
}

const quote = (value: string) => JSON.stringify(value);

export function contains(body: string, value: string, caseSensitive?: boolean): RuleResult {
  const found = includes(body, value, caseSensitive);
  return { rule: 'contains', passed: found, message: found ? `Contains ${quote(value)}` : `Does not contain ${quote(value)}` };
}

export function containsAny(body: string, values: string[], caseSensitive?: boolean): RuleResult {
  const found = values.filter((v) => includes(body, v, caseSensitive));
  return {
    rule: 'contains_any',
    passed: found.length > 0,
    message: found.length > 0 ? `Contains ${found.map(quote).join(', ')}` : `Contains none of ${values.map(quote).join(', ')}`,
    details: { found },
  };
}

export function containsAll(body: string, values: string[], caseSensitive?: boolean): RuleResult {
  const missing = values.filter((v) => !includes(body, v, caseSensitive));
  return {
    rule: 'contains_all',
    passed: missing.length === 0,
    message: missing.length === 0 ? `Contains all ${values.length} values` : `Missing ${missing.map(quote).join(', ')}`,
    details: { missing },
  };
}

export function matchesRegex(body: string, pattern: string, flags?: string): RuleResult {
  const compiled = compilePattern(pattern, flags);
  const shown = `/${pattern}/${flags ?? ''}`;
  if (!compiled.ok) return { rule: 'matches_regex', passed: false, message: `Pattern ${shown} cannot be used: ${compiled.problem}` };
  const match = firstMatch(compiled.regex, body);
  return match === undefined
    ? { rule: 'matches_regex', passed: false, message: `Does not match ${shown}` }
    : { rule: 'matches_regex', passed: true, message: `Matches ${shown}: ${quote(match)}`, details: { match } };
}

/** Length in characters (code points) of the trimmed body, so an emoji counts once. */
export function minLength(body: string, chars: number): RuleResult {
  const length = [...body.trim()].length;
  return {
    rule: 'min_length',
    passed: length >= chars,
    message: `${length} characters (minimum ${chars})`,
    details: { length },
  };
}

export function expectedKeyword(body: string, keyword: string): RuleResult {
  const seen = findKeyword(body, keyword);
  return {
    rule: 'keyword',
    passed: seen !== undefined,
    message: seen !== undefined ? `Found expected keyword ${quote(keyword)}` : `Missing expected keyword ${quote(keyword)}`,
    ...(seen !== undefined ? { details: { seen } } : {}),
  };
}

export function forbiddenKeyword(body: string, keyword: string): RuleResult {
  const seen = findKeyword(body, keyword);
  return {
    rule: 'forbidden_keyword',
    passed: seen === undefined,
    message: seen === undefined ? `Avoids forbidden keyword ${quote(keyword)}` : `Contains forbidden keyword ${quote(keyword)} (as ${quote(seen)})`,
    ...(seen !== undefined ? { details: { seen } } : {}),
  };
}
