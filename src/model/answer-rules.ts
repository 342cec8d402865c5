/**
 * Answer quality (seed 000): validation rules over a tool's answer. Plain data in and
 * out, so rules run the same in the pipeline, in tests and in custom evaluators.
 */

/** The answer as an agent reads it: all text items joined, plus structuredContent when present. */
export interface AnswerInput {
  text: string;
  structured?: unknown;
}

export type RuleSpec =
  | { type: 'contains'; value: string; caseSensitive?: boolean }
  | { type: 'contains_any'; values: string[]; caseSensitive?: boolean }
  | { type: 'contains_all'; values: string[]; caseSensitive?: boolean }
  | { type: 'matches_regex'; pattern: string; flags?: string }
  | { type: 'has_code_block'; language?: string }
  | { type: 'has_import'; module: string; language?: string }
  | { type: 'min_length'; chars: number }
  | { type: 'has_citation' }
  | { type: 'confidence_above'; threshold: number }
  | { type: 'sources_count'; min: number }
  | { type: 'json_schema'; schema: Record<string, unknown> }
  | { type: 'code_parses'; languages?: string[] };

export type RuleType = RuleSpec['type'];

/** What a case expects of its answer: seed 000's `expected` block. */
export interface AnswerExpect {
  rules: RuleSpec[];
  /** Must appear (seed 000 expectedKeywords). */
  keywords?: string[];
  /** Must not appear: cross-project contamination (seed 000 forbiddenKeywords). */
  forbiddenKeywords?: string[];
  /** Modules the answer's code must import (seed 000 expectedImports). */
  imports?: string[];
}

export interface RuleResult {
  /** The rule type, or keyword / forbidden_keyword / expected_import for the list checks. */
  rule: string;
  passed: boolean;
  /** One line a person can act on: "Missing expected keyword \"proof\"". */
  message: string;
  details?: Record<string, unknown>;
}

/** Run-time settings for the rules, not part of a case. */
export interface RuleOptions {
  /** Folder holding the tree-sitter runtime and grammars for code_parses (default: dist/grammars or node_modules). */
  grammarsDir?: string;
  /** Longest one code block may take to parse before it is reported as failing (default 5000). */
  parseTimeoutMs?: number;
}
