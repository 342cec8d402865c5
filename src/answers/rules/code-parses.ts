/**
 * code_parses: every fenced block in a checked language must parse with a real parser
 * (tree-sitter; see parsers/). Seed 000 counted braces, which passes `if (x { }` and
 * fails a brace inside a string.
 *
 * Which blocks: those tagged with a language that has a parser (typescript, tsx,
 * javascript, jsx, python, rust, go), narrowed by the rule's `languages`. An untagged
 * block is not checked (its language would be a guess), and a block in a language
 * without a parser (solidity, shell…) is skipped; both are listed in the message, neither
 * fails. An answer with no checkable block passes and says so: pair the rule with
 * has_code_block to require code.
 */
import type { CodeBlock } from './code-blocks.ts';
import { normalizeLanguage } from './languages.ts';
import { checkSyntax, parserLanguages } from './parsers/parse.ts';
import type { SyntaxIssue } from './parsers/parse.ts';
import type { RuleOptions, RuleResult } from '../../model/answer-rules.ts';

interface BlockReport {
  block: number;
  language: string;
  /** Line of the block's first code line in the answer (1-based). */
  answerLine: number;
  issues: SyntaxIssue[];
  total: number;
}

export async function codeParses(blocks: CodeBlock[], languages: string[] | undefined, options: RuleOptions): Promise<RuleResult> {
  const checked = new Set((languages ?? parserLanguages()).map(normalizeLanguage));
  const parseable = new Set(parserLanguages());
  const skipped: string[] = [];
  const failures: BlockReport[] = [];
  const unavailable: string[] = [];
  const passed: string[] = [];
  const unclosed: string[] = [];
  for (const block of blocks) {
    const name = `block ${block.index}`;
    if (block.language === undefined) {
      skipped.push(`${name} (untagged)`);
      continue;
    }
    if (!checked.has(block.language)) {
      skipped.push(`${name} (${block.language}${parseable.has(block.language) ? ': not in languages' : ': no parser'})`);
      continue;
    }
    const outcome = await checkSyntax(block.language, block.code, {
      ...(options.grammarsDir !== undefined ? { grammarsDir: options.grammarsDir } : {}),
      ...(options.parseTimeoutMs !== undefined ? { timeoutMs: options.parseTimeoutMs } : {}),
    });
    if (outcome.status === 'ok') passed.push(`${name} (${block.language})`);
    else if (outcome.status === 'unavailable') unavailable.push(`${name} (${block.language}): cannot check: ${outcome.reason}`);
    else failures.push({ block: block.index, language: block.language, answerLine: block.line + 1, issues: outcome.issues, total: outcome.total });
    // A truncated answer: its last block usually fails to parse for that reason alone.
    if (!block.closed) unclosed.push(name);
  }
  const details = { parsed: passed, skipped, failures, unavailable, unclosed };
  const skippedNote =
    (skipped.length > 0 ? `; not checked: ${skipped.join(', ')}` : '') + (unclosed.length > 0 ? `; no closing fence: ${unclosed.join(', ')}` : '');
  if (failures.length > 0 || unavailable.length > 0) {
    const lines = [...failures.flatMap(describeFailure), ...unavailable];
    return { rule: 'code_parses', passed: false, message: lines.join('; ') + skippedNote, details };
  }
  if (passed.length === 0) {
    return { rule: 'code_parses', passed: true, message: `no code block in a checked language${skippedNote}`, details };
  }
  return { rule: 'code_parses', passed: true, message: `${passed.length} code block(s) parse${skippedNote}`, details };
}

/** "block 2 (python), line 3: syntax error near 'def'", one line per issue described. */
function describeFailure(report: BlockReport): string[] {
  const lines = report.issues.map((issue) => `block ${report.block} (${report.language}), line ${issue.line}: ${issue.message}`);
  const more = report.total - report.issues.length;
  if (more > 0) lines.push(`block ${report.block}: ${more} more syntax error(s)`);
  return lines;
}
