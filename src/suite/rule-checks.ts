/**
 * Load-time checks of answer rules that a JSON Schema cannot make: a pattern RE2 cannot
 * run, an unknown language, a broken json_schema (checkRuleSpecs, owned by the scoring
 * stage so the loader and the rules agree). Each problem is reported at the rule's field
 * when the message names it (`cases[3].expect.rules[1].pattern`), else at the rule.
 */
import { checkRuleSpecs } from '../answers/rules/index.ts';
import type { RuleSpec } from '../model/answer-rules.ts';
import type { DatasetIssue } from './dataset-error.ts';
import { formatDataPath } from './source-document.ts';
import type { DataPath, SourceDocument } from './source-document.ts';
import { isRecord } from '../shared/plain-data.ts';

/** One case's rule list and where it is written. */
export interface RuleList {
  rules: unknown;
  path: DataPath;
}

/**
 * The rule lists of the answer cases in `data[casesKey]`, found at `rulesPath` inside
 * each case that `isAnswer` accepts. Defensive: the data may not be schema-valid yet.
 */
export function ruleLists(data: unknown, casesKey: string, rulesPath: readonly string[], isAnswer: (item: Record<string, unknown>) => boolean): RuleList[] {
  const items = isRecord(data) && Array.isArray(data[casesKey]) ? (data[casesKey] as unknown[]) : [];
  return items.flatMap((item, index) => {
    if (!isRecord(item) || !isAnswer(item)) return [];
    let rules: unknown = item;
    for (const key of rulesPath) rules = isRecord(rules) ? rules[key] : undefined;
    return rules === undefined ? [] : [{ rules, path: [casesKey, index, ...rulesPath] }];
  });
}

/**
 * Problems of every rule the schema found nothing wrong with (a rule with a schema error
 * would only be reported twice).
 */
export function ruleIssues(lists: readonly RuleList[], schemaProblems: readonly DatasetIssue[], source: SourceDocument, file: string): DatasetIssue[] {
  const flagged = schemaProblems.map((issue) => issue.path);
  return lists.flatMap(({ rules, path }) => {
    if (!Array.isArray(rules)) return [];
    return rules.flatMap((rule: unknown, index) => {
      const rulePath = [...path, index];
      const shown = formatDataPath(rulePath);
      if (!isRecord(rule) || flagged.some((p) => p === shown || p.startsWith(`${shown}.`) || p.startsWith(`${shown}[`))) return [];
      return checkRuleSpecs([rule as unknown as RuleSpec]).map((problem): DatasetIssue => {
        const message = problem.replace(/^rules\[\d+\] \([^)]*\): /, '');
        const field = fieldNamed(rule, message);
        const at = field === undefined ? rulePath : [...rulePath, field];
        const { line, column } = source.locate(at);
        return { file, line, column, path: formatDataPath(at), message };
      });
    });
  });
}

/**
 * The rule field a problem is about: one whose name the message uses as a word
 * ("pattern /(a)\1/: ...", "unknown language ..." for `languages` too), or whose value
 * it quotes; undefined when none is recognisable.
 */
function fieldNamed(rule: Record<string, unknown>, message: string): string | undefined {
  const fields = Object.keys(rule).filter((key) => key !== 'type');
  const words = new Set(message.toLowerCase().split(/[^a-z_]+/));
  return (
    fields.find((key) => words.has(key.toLowerCase()) || (key.endsWith('s') && words.has(key.slice(0, -1).toLowerCase()))) ??
    fields.find((key) => typeof rule[key] === 'string' && message.includes(JSON.stringify(rule[key])))
  );
}

