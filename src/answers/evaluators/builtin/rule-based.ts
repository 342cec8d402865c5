/**
 * rule_based: pass/fail by the answer rules (seed 000), with the RuleResults in metadata.
 * Its first criterion (default `validations`) is scored by the case's own rules
 * (`context.expect`: rules, keywords, forbidden keywords, imports) plus the config's
 * `rules`; a config rule with `criterion:` scores that criterion instead. Config rules
 * are answer RuleSpecs or seed 004's simple rules (simple-rules.ts).
 *
 * When the pipeline already ran the case's rules it passes them as `context.validations`;
 * they are reused rather than run twice (code_parses can take seconds). `caseRules: false`
 * leaves the case's rules out (a config that only checks its own rules).
 */
import { answerInput, checkRuleSpecs, runRules } from '../../rules/index.ts';
import type { AnswerExpect, AnswerInput, RuleResult, RuleSpec, RuleType } from '../../rules/index.ts';
import { closestName } from '../../../shared/closest-name.ts';
import { isRecord } from '../../../shared/plain-data.ts';
import { assertKnownOptions, booleanOption } from '../options.ts';
import type { EvaluationCriteria, EvaluationInput, EvaluationResult, Evaluator, EvaluatorConfig } from '../../../model/evaluation.ts';
import { compileSimpleRule, isSimpleRule, SIMPLE_RULE_TYPES, type CompiledRule } from './simple-rules.ts';

export const RULE_BASED = 'rule_based';

export const VALIDATIONS_CRITERION: EvaluationCriteria = {
  name: 'validations',
  description: 'Every validation rule of the case passes',
  scale: 'pass/fail',
};

/** Every answer rule type, checked complete by the compiler, for "did you mean". */
const RULE_TYPES: Record<RuleType, true> = {
  contains: true, contains_any: true, contains_all: true, matches_regex: true, has_code_block: true, has_import: true,
  min_length: true, has_citation: true, confidence_above: true, sources_count: true, json_schema: true, code_parses: true,
};
const KNOWN_TYPES = [...Object.keys(RULE_TYPES), ...SIMPLE_RULE_TYPES];

type RunRules = typeof runRules;

/**
 * Criteria the rules name, so a config need not list them twice. Without a criteria
 * list, the case's rules and rules without `criterion:` still score `validations`.
 */
export function ruleBasedCriteria(config: EvaluatorConfig): string[] {
  const rules = Array.isArray(config.rules) ? (config.rules as unknown[]) : [];
  const named = [...new Set(rules.flatMap((r) => (isRecord(r) && typeof r.criterion === 'string' ? [r.criterion] : [])))];
  const listed = config.criteria !== undefined || config.criterion !== undefined;
  const needsMain = config.caseRules !== false || rules.some((r) => !isRecord(r) || r.criterion === undefined);
  return named.length > 0 && !listed && needsMain ? [VALIDATIONS_CRITERION.name, ...named] : named;
}

export function createRuleBased(config: EvaluatorConfig, criteria: EvaluationCriteria[], run: RunRules = runRules): Evaluator {
  assertKnownOptions(config, ['rules', 'caseRules']);
  const caseRules = booleanOption(config, 'caseRules', true);
  if (config.rules !== undefined && !Array.isArray(config.rules)) throw new Error('rules must be a list of rules');
  const main = criteria[0]?.name ?? VALIDATIONS_CRITERION.name;
  const rules = ((config.rules ?? []) as unknown[]).map((raw, i) => parseRule(raw, `rules[${i}]`, main, criteria));

  return {
    type: RULE_BASED,
    async evaluate(input: EvaluationInput): Promise<EvaluationResult[]> {
      const answer = answerInput(input.response, input.structured);
      const results: EvaluationResult[] = [];
      for (const criterion of criteria) {
        const checked: RuleResult[] = criterion.name === main && caseRules ? await caseResults(input, answer, run) : [];
        for (const rule of rules.filter((r) => r.criterion === criterion.name)) checked.push(await runCompiled(rule.compiled, answer, run));
        results.push({ criterionName: criterion.name, evaluatorType: RULE_BASED, score: checked.every((r) => r.passed), reasoning: summary(checked), metadata: { rules: checked } });
      }
      return results;
    },
  };
}

function parseRule(raw: unknown, where: string, main: string, criteria: EvaluationCriteria[]): { criterion: string; compiled: CompiledRule } {
  if (!isRecord(raw) || typeof raw.type !== 'string') throw new Error(`${where} must be an object with a type`);
  const { criterion = main, ...rule } = raw;
  if (typeof criterion !== 'string' || !criteria.some((c) => c.name === criterion)) {
    throw new Error(`${where}: criterion ${JSON.stringify(criterion)} is not among this evaluator's criteria`);
  }
  if (isSimpleRule(rule.type)) return { criterion, compiled: compileSimpleRule(rule, where) };
  if (!Object.hasOwn(RULE_TYPES, rule.type as string)) {
    const near = closestName(rule.type as string, KNOWN_TYPES);
    throw new Error(`${where}: unknown rule type '${String(rule.type)}'${near ? ` (did you mean '${near}'?)` : ''}; known: ${KNOWN_TYPES.join(', ')}`);
  }
  const spec = rule as RuleSpec;
  const problems = checkRuleSpecs([spec]).map((p) => p.replace(/^rules\[0\]/, where));
  if (problems.length > 0) throw new Error(problems.join('; '));
  return { criterion, compiled: { spec } };
}

async function caseResults(input: EvaluationInput, answer: AnswerInput, run: RunRules): Promise<RuleResult[]> {
  const given = input.context?.validations;
  if (Array.isArray(given) && given.every(isRuleResult)) return [...given];
  const expect = input.context?.expect;
  if (isRecord(expect) && Array.isArray(expect.rules)) return run(answer, expect as unknown as AnswerExpect);
  return [];
}

async function runCompiled(rule: CompiledRule, answer: AnswerInput, run: RunRules): Promise<RuleResult> {
  if ('check' in rule) return rule.check(answer);
  const [result] = await run(answer, { rules: [rule.spec] });
  if (!result) throw new Error(`the ${rule.spec.type} rule returned no result`);
  return rule.negate ? rule.negate(result) : result;
}

function isRuleResult(value: unknown): value is RuleResult {
  return isRecord(value) && typeof value.rule === 'string' && typeof value.passed === 'boolean' && typeof value.message === 'string';
}

function summary(checked: RuleResult[]): string {
  if (checked.length === 0) return 'no rules to check';
  const failed = checked.filter((r) => !r.passed);
  if (failed.length === 0) return `all ${checked.length} rules passed`;
  return `${failed.length} of ${checked.length} rules failed: ${failed.map((r) => r.message).join('; ')}`;
}
