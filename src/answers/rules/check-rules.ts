/**
 * Load-time check of a case's rules, so a pattern RE2 cannot run, a misspelt language or a
 * broken JSON Schema is reported when the dataset loads, before any server starts, rather
 * than as a failed case after a long run. Returns one line per problem, e.g.
 * `rules[2] (matches_regex): backreferences (\1…) are not supported: …`; empty when fine.
 * Field types are checked defensively too: rules may come from YAML the schema let through.
 */
import { importFamily, importLanguages } from './imports.ts';
import { schemaProblem } from './json-schema.ts';
import { canonicalLanguage } from './languages.ts';
import { parserLanguages } from './parsers/parse.ts';
import { compilePattern } from './regex.ts';
import type { RuleSpec } from '../../model/answer-rules.ts';

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

export function checkRuleSpecs(rules: RuleSpec[]): string[] {
  const problems: string[] = [];
  rules.forEach((rule, i) => {
    for (const problem of checkRule(rule)) problems.push(`rules[${i}] (${String((rule as { type?: unknown }).type)}): ${problem}`);
  });
  return problems;
}

function checkRule(rule: RuleSpec): string[] {
  switch (rule.type) {
    case 'contains':
      return isText(rule.value) ? [] : ['value must be a non-empty string'];
    case 'contains_any':
    case 'contains_all':
      return Array.isArray(rule.values) && rule.values.length > 0 && rule.values.every(isText) ? [] : ['values must be a non-empty list of non-empty strings'];
    case 'matches_regex': {
      if (typeof rule.pattern !== 'string' || rule.pattern === '') return ['pattern must be a non-empty string'];
      const compiled = compilePattern(rule.pattern, rule.flags);
      return compiled.ok ? [] : [`pattern /${rule.pattern}/: ${compiled.problem}`];
    }
    case 'has_code_block':
      return rule.language === undefined ? [] : checkLanguage(rule.language);
    case 'has_import': {
      const problems = isText(rule.module) ? [] : ['module must be a non-empty string'];
      if (rule.language !== undefined && importFamily(rule.language) === undefined) {
        problems.push(`has_import cannot read ${JSON.stringify(rule.language)} imports (it reads ${importLanguages().join(', ')} and their aliases)`);
      }
      return problems;
    }
    case 'min_length':
      return isCount(rule.chars) ? [] : ['chars must be a number ≥ 0'];
    case 'has_citation':
      return [];
    case 'confidence_above':
      return typeof rule.threshold === 'number' && Number.isFinite(rule.threshold) ? [] : ['threshold must be a number'];
    case 'sources_count':
      return isCount(rule.min) ? [] : ['min must be a number ≥ 0'];
    case 'json_schema': {
      if (typeof rule.schema !== 'object' || rule.schema === null || Array.isArray(rule.schema)) return ['schema must be a JSON Schema object'];
      const problem = schemaProblem(rule.schema);
      return problem === undefined ? [] : [problem];
    }
    case 'code_parses':
      return (rule.languages ?? []).flatMap((language) => {
        const known = checkLanguage(language);
        if (known.length > 0) return known;
        const canonical = canonicalLanguage(language) ?? language;
        return parserLanguages().includes(canonical) ? [] : [`no parser for ${JSON.stringify(language)} (parsers: ${parserLanguages().join(', ')})`];
      });
    default:
      return [`unknown rule type`];
  }
}

function checkLanguage(language: unknown): string[] {
  if (typeof language !== 'string') return ['language must be a string'];
  return canonicalLanguage(language) === undefined ? [`unknown language ${JSON.stringify(language)}`] : [];
}
