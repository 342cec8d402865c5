import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AnswerExpect, RuleResult } from '../../rules/index.ts';
import type { EvaluationCriteria, EvaluationInput } from '../../../model/evaluation.ts';
import { createRuleBased, ruleBasedCriteria, VALIDATIONS_CRITERION } from './rule-based.ts';

const format: EvaluationCriteria = { name: 'format', description: '', scale: 'pass/fail' };
const answer = 'Refresh the token:\n\n```ts\nimport { Client } from "acme";\n```\n';

async function judge(config: Record<string, unknown>, criteria: EvaluationCriteria[], extra: Partial<EvaluationInput> = {}) {
  const results = await createRuleBased({ type: 'rule_based', ...config }, criteria).evaluate({ response: answer, criteria, ...extra }, criteria);
  return Object.fromEntries(results.map((r) => [r.criterionName, r]));
}

describe('rule_based', () => {
  it("passes when every one of the case's rules passes, with the RuleResults in metadata", async () => {
    const expect: AnswerExpect = { rules: [{ type: 'has_code_block', language: 'typescript' }], keywords: ['token'] };
    const result = (await judge({}, [VALIDATIONS_CRITERION], { context: { expect } })).validations;
    assert.equal(result?.score, true);
    assert.match(result?.reasoning ?? '', /all 2 rules passed/);
    assert.equal((result?.metadata?.rules as RuleResult[]).length, 2);
  });

  it('fails with the failing messages', async () => {
    const expect: AnswerExpect = { rules: [{ type: 'min_length', chars: 5000 }], forbiddenKeywords: ['solana'] };
    const result = (await judge({}, [VALIDATIONS_CRITERION], { context: { expect } })).validations;
    assert.equal(result?.score, false);
    assert.match(result?.reasoning ?? '', /1 of 2 rules failed: .*minimum 5000/);
  });

  it('reuses validations the pipeline already ran instead of running them again', async () => {
    let ran = 0;
    const run = () => { ran++; return Promise.resolve([]); };
    const validations: RuleResult[] = [{ rule: 'contains', passed: false, message: 'Does not contain "x"' }];
    const [result] = await createRuleBased({ type: 'rule_based' }, [VALIDATIONS_CRITERION], run).evaluate(
      { response: answer, criteria: [], context: { validations, expect: { rules: [{ type: 'contains', value: 'x' }] } } },
      [VALIDATIONS_CRITERION],
    );
    assert.equal(ran, 0);
    assert.equal(result?.score, false);
  });

  it('passes a case with no rules at all, and leaves case rules out with caseRules: false', async () => {
    assert.equal((await judge({}, [VALIDATIONS_CRITERION])).validations?.score, true);
    const expect: AnswerExpect = { rules: [{ type: 'min_length', chars: 5000 }] };
    const only = await judge({ caseRules: false, rules: [{ type: 'contains', value: 'token' }] }, [VALIDATIONS_CRITERION], { context: { expect } });
    assert.equal(only.validations?.score, true);
  });

  it('routes config rules to their criteria', async () => {
    const rules = [{ type: 'has_code_block' }, { criterion: 'format', type: 'matches_regex', pattern: '^Refresh' }, { criterion: 'format', type: 'min_length', chars: 10_000 }];
    const results = await judge({ rules }, [VALIDATIONS_CRITERION, format]);
    assert.equal(results.validations?.score, true);
    assert.equal(results.format?.score, false);
    assert.equal((results.format?.metadata?.rules as RuleResult[]).length, 2);
    assert.deepEqual(ruleBasedCriteria({ type: 'rule_based', rules }), ['validations', 'format']);
    assert.deepEqual(ruleBasedCriteria({ type: 'rule_based', caseRules: false, rules: [{ criterion: 'format', type: 'has_citation' }] }), ['format']);
  });

  describe("seed 004's simple rules", () => {
    const one = async (rule: Record<string, unknown>, response = answer) =>
      (await createRuleBased({ type: 'rule_based', caseRules: false, rules: [rule] }, [format]).evaluate({ response, criteria: [] }, [format]))[0];

    it('regex match and noMatch', async () => {
      assert.equal((await one({ type: 'regex', pattern: 'token' }))?.score, true);
      assert.equal((await one({ type: 'regex', pattern: 'TOKEN', flags: 'i', expectedOutcome: 'noMatch' }))?.score, false);
      assert.equal((await one({ type: 'regex', pattern: 'solana', expectedOutcome: 'noMatch' }))?.score, true);
    });

    it('length with min, max or both', async () => {
      assert.equal((await one({ type: 'length', min: 10 }))?.score, true);
      assert.equal((await one({ type: 'length', max: 10 }))?.score, false);
      assert.equal((await one({ type: 'length', min: 2, max: 5 }, 'abcd'))?.score, true);
      assert.equal((await one({ type: 'length', max: 4 }, 'abc<response_metadata>{"confidence":1}</response_metadata>'))?.score, true);
    });

    it('includes all, any and none', async () => {
      assert.equal((await one({ type: 'includes', keywords: ['token', 'client'] }))?.score, true);
      assert.equal((await one({ type: 'includes', keywords: ['token', 'solana'] }))?.score, false);
      assert.equal((await one({ type: 'includes', keywords: ['token', 'solana'], expectedOutcome: 'any' }))?.score, true);
      const none = await one({ type: 'includes', keywords: ['Token'], caseSensitive: true, expectedOutcome: 'none' });
      assert.equal(none?.score, true);
      assert.equal((await one({ type: 'includes', keywords: ['token'], expectedOutcome: 'none' }))?.score, false);
    });

    it('json_parse reads the body without its metadata block', async () => {
      assert.equal((await one({ type: 'json_parse' }, ' {"a": 1} <response_metadata>x</response_metadata>'))?.score, true);
      const bad = await one({ type: 'json_parse' });
      assert.equal(bad?.score, false);
      assert.match(bad?.reasoning ?? '', /Not JSON/);
    });
  });

  it('rejects malformed rules when built, naming the rule', () => {
    const build = (rules: unknown) => () => createRuleBased({ type: 'rule_based', rules }, [VALIDATIONS_CRITERION]);
    assert.throws(build([{ type: 'contain', value: 'x' }]), /rules\[0\]: unknown rule type 'contain' \(did you mean 'contains'\?\)/);
    assert.throws(build([{ type: 'min_length', chars: -1 }]), /rules\[0\] \(min_length\): chars must be/);
    assert.throws(build([{ type: 'regex', pattern: 'x', expectedOutcome: 'nomatch' }]), /rules\[0\] \(regex\): expectedOutcome must be match or noMatch/);
    assert.throws(build([{ type: 'length' }]), /give min, max or both/);
    assert.throws(build([{ type: 'contains', value: 'x', criterion: 'nope' }]), /criterion "nope" is not among/);
    assert.throws(build('contains'), /rules must be a list/);
  });
});
