/**
 * Answer quality rules (seed 000), the module's public face: run a case's rules on an
 * answer, and check a dataset's rules when it loads.
 */
export { answerInput, runRules } from './run-rules.ts';
export { checkRuleSpecs } from './check-rules.ts';
export { extractCodeBlocks } from './code-blocks.ts';
export type { CodeBlock } from './code-blocks.ts';
export type { AnswerExpect, AnswerInput, RuleOptions, RuleResult, RuleSpec, RuleType } from '../../model/answer-rules.ts';
