/**
 * The built-in evaluators: deterministic, local and free, so they run on every case
 * (the LLM judge and semantic similarity register themselves from their own folders).
 * Each has a default criterion, used when its config names none.
 */
import type { CriteriaDefaults } from '../criteria.ts';
import type { EvaluationCriteria, Evaluator, EvaluatorConfig } from '../../../model/evaluation.ts';
import { createKeywordCoverage, KEYWORD_COVERAGE, KEYWORD_COVERAGE_CRITERION } from './keyword-coverage.ts';
import { createLexicalSimilarity, LEXICAL_SIMILARITY, LEXICAL_SIMILARITY_CRITERION } from './lexical-similarity.ts';
import { createRuleBased, RULE_BASED, ruleBasedCriteria, VALIDATIONS_CRITERION } from './rule-based.ts';
import { createSentiment, SENTIMENT, SENTIMENT_CRITERION } from './sentiment.ts';
import { createToolUsage, TOOL_USAGE, TOOL_USAGE_CRITERION, toolUsageCriteria } from './tool-usage.ts';
import { createToxicity, TOXICITY, TOXICITY_CRITERION } from './toxicity.ts';

export interface BuiltinEvaluator extends CriteriaDefaults {
  type: string;
  factory: (config: EvaluatorConfig, criteria: EvaluationCriteria[]) => Evaluator;
}

export const BUILTIN_EVALUATORS: readonly BuiltinEvaluator[] = [
  { type: RULE_BASED, factory: (config, criteria) => createRuleBased(config, criteria), defaultCriterion: VALIDATIONS_CRITERION, impliedCriteria: ruleBasedCriteria },
  { type: KEYWORD_COVERAGE, factory: createKeywordCoverage, defaultCriterion: KEYWORD_COVERAGE_CRITERION },
  { type: LEXICAL_SIMILARITY, factory: createLexicalSimilarity, defaultCriterion: LEXICAL_SIMILARITY_CRITERION },
  { type: SENTIMENT, factory: (config, criteria) => createSentiment(config, criteria), defaultCriterion: SENTIMENT_CRITERION },
  { type: TOXICITY, factory: createToxicity, defaultCriterion: TOXICITY_CRITERION },
  { type: TOOL_USAGE, factory: createToolUsage, defaultCriterion: TOOL_USAGE_CRITERION, impliedCriteria: toolUsageCriteria },
];

export { VALIDATIONS_CRITERION };
