/**
 * Runs a case's answer rules: one result per rule in order, then one per expected
 * keyword, forbidden keyword and expected import. Every text rule reads the answer body:
 * the text without its <response_metadata> block, which is data about the answer, not
 * part of it (a source URL in it must not satisfy or trip a keyword).
 */
import { extractCodeBlocks } from './code-blocks.ts';
import type { CodeBlock } from './code-blocks.ts';
import { codeParses } from './code-parses.ts';
import { hasCodeBlock, hasImport } from './code-rules.ts';
import { jsonSchemaRule } from './json-schema.ts';
import { stripResponseMetadata } from './metadata.ts';
import { confidenceAbove, hasCitation, sourcesCount } from './source-rules.ts';
import { contains, containsAll, containsAny, expectedKeyword, forbiddenKeyword, matchesRegex, minLength } from './text-rules.ts';
import type { AnswerExpect, AnswerInput, RuleOptions, RuleResult, RuleSpec } from '../../model/answer-rules.ts';

interface Answer {
  input: AnswerInput;
  body: string;
  blocks: CodeBlock[];
}

/** What the rules read from an answer: its text, and its structuredContent only when it has one. */
export function answerInput(text: string, structured: unknown): AnswerInput {
  return structured === undefined ? { text } : { text, structured };
}

export async function runRules(answer: AnswerInput, expect: AnswerExpect, options: RuleOptions = {}): Promise<RuleResult[]> {
  const body = stripResponseMetadata(answer.text);
  const read: Answer = { input: answer, body, blocks: extractCodeBlocks(body) };
  const results: RuleResult[] = [];
  for (const rule of expect.rules) results.push(await runRule(rule, read, options));
  for (const keyword of expect.keywords ?? []) results.push(expectedKeyword(body, keyword));
  for (const keyword of expect.forbiddenKeywords ?? []) results.push(forbiddenKeyword(body, keyword));
  for (const module of expect.imports ?? []) results.push(hasImport('expected_import', body, read.blocks, module));
  return results;
}

async function runRule(rule: RuleSpec, answer: Answer, options: RuleOptions): Promise<RuleResult> {
  const { body, blocks, input } = answer;
  switch (rule.type) {
    case 'contains':
      return contains(body, rule.value, rule.caseSensitive);
    case 'contains_any':
      return containsAny(body, rule.values, rule.caseSensitive);
    case 'contains_all':
      return containsAll(body, rule.values, rule.caseSensitive);
    case 'matches_regex':
      return matchesRegex(body, rule.pattern, rule.flags);
    case 'has_code_block':
      return hasCodeBlock(blocks, rule.language);
    case 'has_import':
      return hasImport('has_import', body, blocks, rule.module, rule.language);
    case 'min_length':
      return minLength(body, rule.chars);
    case 'has_citation':
      return hasCitation(body, blocks);
    case 'confidence_above':
      return confidenceAbove(input, rule.threshold);
    case 'sources_count':
      return sourcesCount(input, rule.min);
    case 'json_schema':
      return jsonSchemaRule(rule.schema, body, input.structured, blocks);
    case 'code_parses':
      return codeParses(blocks, rule.languages, options);
    default: {
      // A dataset the loader did not check: say so instead of throwing mid-run.
      const type = (rule as { type?: unknown }).type;
      return { rule: String(type), passed: false, message: `Unknown rule type ${JSON.stringify(type)}` };
    }
  }
}
