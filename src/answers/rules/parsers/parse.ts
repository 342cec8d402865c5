/**
 * Syntax check of one code snippet with tree-sitter. tree-sitter always builds a tree and
 * marks what it could not fit: ERROR nodes (unexpected text) and MISSING nodes (a token it
 * had to invent, like a `)`), each with a position. Those are the syntax errors reported.
 *
 * What this is not: a compiler. Grammars are error-tolerant and a little permissive (JS
 * `{a: 1,,}` passes), types and names are not checked, and a fragment is judged as a whole
 * file (top-level statements are fine in every grammar used here; `...` placeholders are not).
 */
import type { Node, Parser } from '@vscode/tree-sitter-wasm';
import { PARSER_GRAMMARS } from './grammar-files.ts';
import { loadGrammar, loadRuntime } from './load.ts';

export interface SyntaxIssue {
  /** 1-based, within the snippet. */
  line: number;
  /** 1-based, in UTF-8 bytes as tree-sitter counts them. */
  column: number;
  message: string;
}

export type ParseOutcome =
  | { status: 'ok'; grammar: string }
  | { status: 'errors'; grammar: string; issues: SyntaxIssue[]; total: number }
  | { status: 'unavailable'; reason: string };

export interface ParseOptions {
  grammarsDir?: string;
  /** A parse running longer is stopped and reported (error recovery on odd input can be slow). */
  timeoutMs?: number;
  /** How many issues to describe; all are counted. */
  maxIssues?: number;
}

/** Canonical languages that have a parser. */
export function parserLanguages(): string[] {
  return Object.keys(PARSER_GRAMMARS);
}

export async function checkSyntax(language: string, code: string, options: ParseOptions = {}): Promise<ParseOutcome> {
  const grammars = PARSER_GRAMMARS[language];
  if (!grammars) return { status: 'unavailable', reason: `no parser for ${language}` };
  let runtime;
  try {
    runtime = await loadRuntime(options.grammarsDir);
  } catch (error) {
    return { status: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
  }
  let first: ParseOutcome | undefined;
  for (const file of grammars) {
    const loading = loadGrammar(runtime, file);
    if (!loading) continue;
    const parser = new runtime.module.Parser();
    try {
      parser.setLanguage(await loading);
      const outcome = parseOnce(parser, file, code, options);
      if (outcome.status === 'ok') return outcome;
      first ??= outcome;
    } finally {
      parser.delete();
    }
  }
  return first ?? { status: 'unavailable', reason: `grammar ${grammars.join(' / ')} not found in ${runtime.dir}` };
}

function parseOnce(parser: Parser, grammar: string, code: string, options: ParseOptions): ParseOutcome {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const deadline = performance.now() + timeoutMs;
  const tree = parser.parse(code, null, { progressCallback: () => performance.now() > deadline });
  if (!tree) return { status: 'errors', grammar, issues: [{ line: 1, column: 1, message: `parsing stopped after ${timeoutMs} ms` }], total: 1 };
  try {
    if (!tree.rootNode.hasError) return { status: 'ok', grammar };
    const issues: SyntaxIssue[] = [];
    const total = collectIssues(tree.rootNode, issues, options.maxIssues ?? 3);
    return { status: 'errors', grammar, issues, total };
  } finally {
    tree.delete();
  }
}

/** Depth-first, in source order; an ERROR node is one issue (its insides are not searched). */
function collectIssues(node: Node, issues: SyntaxIssue[], max: number): number {
  if (node.isError || node.isMissing) {
    if (issues.length < max) issues.push({ line: node.startPosition.row + 1, column: node.startPosition.column + 1, message: describe(node) });
    return 1;
  }
  if (!node.hasError) return 0;
  let total = 0;
  for (const child of node.children) if (child) total += collectIssues(child, issues, max);
  return total;
}

function describe(node: Node): string {
  if (node.isMissing) return node.isNamed ? `missing ${node.type}` : `missing '${node.type}'`;
  const near = node.text.trimStart().split('\n', 1)[0]?.trim() ?? '';
  if (near === '') return 'syntax error';
  return `syntax error near '${near.length > 24 ? `${near.slice(0, 24)}…` : near}'`;
}
