/**
 * Seed 004's simple rules (regex, length, includes, json_parse) for datasets written for
 * it. Each runs as an answer rule (seed 000's RuleSpec) wherever one fits, negated where
 * seed 004 asks for the opposite, so regexes use the same linear-time engine and every
 * rule reads the same answer body (without its <response_metadata> block):
 *
 *   { type: regex, pattern: "^#", flags: m, expectedOutcome: match | noMatch }  -> matches_regex
 *   { type: includes, keywords: [a, b], caseSensitive: false, expectedOutcome: all | any | none }
 *                                                          -> contains_all / contains_any
 *   { type: length, min: 200, max: 4000 }                  -> min_length, or checked here with a max
 *   { type: json_parse }                                   -> checked here: the body is JSON
 */
import { stripResponseMetadata } from '../../rules/metadata.ts';
import type { AnswerInput, RuleResult, RuleSpec } from '../../../model/answer-rules.ts';

export type CompiledRule =
  /** Run `spec`; `negate` turns its result into this rule's (for noMatch / none). */
  | { spec: RuleSpec; negate?: (result: RuleResult) => RuleResult }
  | { check: (answer: AnswerInput) => RuleResult };

export const SIMPLE_RULE_TYPES = ['regex', 'length', 'includes', 'json_parse'] as const;

export function isSimpleRule(type: unknown): boolean {
  return (SIMPLE_RULE_TYPES as readonly unknown[]).includes(type);
}

/** Throws with `where` in the message when the rule is malformed. */
export function compileSimpleRule(rule: Record<string, unknown>, where: string): CompiledRule {
  const fail = (message: string): never => {
    throw new Error(`${where} (${String(rule.type)}): ${message}`);
  };
  const allow = (...keys: string[]): void => {
    const extra = Object.keys(rule).filter((k) => k !== 'type' && !keys.includes(k));
    if (extra.length > 0) fail(`unknown key ${extra.join(', ')}; known: ${keys.join(', ') || 'none'}`);
  };
  switch (rule.type) {
    case 'regex': {
      allow('pattern', 'flags', 'expectedOutcome');
      const { pattern, flags, expectedOutcome = 'match' } = rule;
      if (typeof pattern !== 'string' || pattern === '') return fail('pattern must be a non-empty string');
      if (flags !== undefined && typeof flags !== 'string') return fail('flags must be a string');
      if (expectedOutcome !== 'match' && expectedOutcome !== 'noMatch') return fail('expectedOutcome must be match or noMatch');
      const spec: RuleSpec = { type: 'matches_regex', pattern, ...(flags !== undefined ? { flags } : {}) };
      if (expectedOutcome === 'match') return { spec };
      const shown = `/${pattern}/${flags ?? ''}`;
      return {
        spec,
        negate: (r) => ({ rule: 'regex', passed: !r.passed, message: r.passed ? `Matches ${shown}, which it must not` : `Does not match ${shown}`, ...details(r) }),
      };
    }
    case 'includes': {
      allow('keywords', 'caseSensitive', 'expectedOutcome');
      const { keywords, caseSensitive, expectedOutcome = 'all' } = rule;
      if (!Array.isArray(keywords) || keywords.length === 0 || !keywords.every((k): k is string => typeof k === 'string' && k !== '')) {
        return fail('keywords must be a non-empty list of strings');
      }
      if (caseSensitive !== undefined && typeof caseSensitive !== 'boolean') return fail('caseSensitive must be true or false');
      const sensitive = caseSensitive === true;
      if (expectedOutcome === 'all') return { spec: { type: 'contains_all', values: keywords, caseSensitive: sensitive } };
      if (expectedOutcome === 'any') return { spec: { type: 'contains_any', values: keywords, caseSensitive: sensitive } };
      if (expectedOutcome !== 'none') return fail('expectedOutcome must be all, any or none');
      return {
        spec: { type: 'contains_any', values: keywords, caseSensitive: sensitive },
        negate: (r) => ({ rule: 'includes', passed: !r.passed, message: r.passed ? `${r.message}, which must not appear` : 'None of the excluded keywords appear', ...details(r) }),
      };
    }
    case 'length': {
      allow('min', 'max');
      const { min, max } = rule;
      for (const [key, value] of [['min', min], ['max', max]] as const) {
        if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 0)) fail(`${key} must be a whole number >= 0`);
      }
      if (min === undefined && max === undefined) return fail('give min, max or both');
      if (max === undefined) return { spec: { type: 'min_length', chars: min as number } };
      const low = (min as number | undefined) ?? 0;
      const high = max as number;
      if (low > high) return fail('min is above max');
      return {
        check: (answer) => {
          // Counted as min_length counts: code points of the trimmed body.
          const length = [...stripResponseMetadata(answer.text).trim()].length;
          const passed = length >= low && length <= high;
          return { rule: 'length', passed, message: `${length} characters (allowed ${low}..${high})`, details: { length } };
        },
      };
    }
    case 'json_parse':
      allow();
      return {
        check: (answer) => {
          const problem = jsonProblem(stripResponseMetadata(answer.text).trim());
          return problem === undefined ? { rule: 'json_parse', passed: true, message: 'Parses as JSON' } : { rule: 'json_parse', passed: false, message: `Not JSON: ${problem}` };
        },
      };
    default:
      return fail('not a simple rule');
  }
}

function details(result: RuleResult): { details?: Record<string, unknown> } {
  return result.details ? { details: result.details } : {};
}

function jsonProblem(text: string): string | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
