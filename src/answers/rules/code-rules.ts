/**
 * Rules over the answer's fenced code: has_code_block (optionally of a language, aliases
 * and JSX dialects accepted, see languages.ts) and has_import / expected imports.
 */
import type { CodeBlock } from './code-blocks.ts';
import { searchImport } from './imports.ts';
import { languageSatisfies, normalizeLanguage } from './languages.ts';
import type { RuleResult } from '../../model/answer-rules.ts';

/** A block counts only when it holds something: an empty ``` pair is not code. */
export function hasCodeBlock(blocks: CodeBlock[], language?: string): RuleResult {
  const filled = blocks.filter((b) => b.code.trim() !== '');
  const match = filled.find((b) => language === undefined || languageSatisfies(b.language, language));
  const what = language === undefined ? 'code block' : `${normalizeLanguage(language)} code block`;
  if (match) return { rule: 'has_code_block', passed: true, message: `Has a ${what} (block ${match.index})`, details: { block: match.index } };
  const seen = [...new Set(filled.map((b) => b.language ?? 'untagged'))];
  return { rule: 'has_code_block', passed: false, message: `No ${what}${seen.length > 0 ? ` (blocks found: ${seen.join(', ')})` : ''}` };
}

export function hasImport(rule: 'has_import' | 'expected_import', body: string, blocks: CodeBlock[], module: string, language?: string): RuleResult {
  const search = searchImport(body, blocks, module, language);
  const of = language === undefined ? '' : ` in ${normalizeLanguage(language)}`;
  if (search.found) {
    return {
      rule,
      passed: true,
      message: `Imports ${JSON.stringify(module)}${of} (${search.found.specifier}, ${search.found.where})`,
      details: { specifier: search.found.specifier, where: search.found.where },
    };
  }
  const seen = search.seen.length > 0 ? `; imports seen: ${search.seen.slice(0, 8).join(', ')}` : '';
  return { rule, passed: false, message: `Missing import of ${JSON.stringify(module)}${of} (searched the ${search.scope})${seen}`, details: { seen: search.seen } };
}
