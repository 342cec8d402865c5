import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkRuleSpecs } from './check-rules.ts';
import type { RuleSpec } from '../../model/answer-rules.ts';

describe('checkRuleSpecs', () => {
  it('accepts seed 000 rules and the new ones', () => {
    const rules: RuleSpec[] = [
      { type: 'min_length', chars: 200 },
      { type: 'has_citation' },
      { type: 'confidence_above', threshold: 40 },
      { type: 'contains_any', values: ['smart contract', 'proof'] },
      { type: 'has_code_block', language: 'typescript' },
      { type: 'has_import', module: 'o1js', language: 'ts' },
      { type: 'matches_regex', pattern: '(?i)zk(app|program)s?\\b', flags: 'm' },
      { type: 'sources_count', min: 2 },
      { type: 'json_schema', schema: { type: 'object' } },
      { type: 'code_parses', languages: ['ts', 'golang', 'py', 'rs', 'jsx'] },
    ];
    assert.deepEqual(checkRuleSpecs(rules), []);
  });

  it('reports unsupported regex syntax and flags with the rule position', () => {
    assert.deepEqual(checkRuleSpecs([{ type: 'has_citation' }, { type: 'matches_regex', pattern: '(\\w+) \\1' }, { type: 'matches_regex', pattern: 'x', flags: 'gi' }]), [
      'rules[1] (matches_regex): pattern /(\\w+) \\1/: backreferences (\\1…) are not supported: matches_regex uses a linear-time engine (RE2 syntax) so no pattern can hang a run',
      "rules[2] (matches_regex): pattern /x/: flag 'g' is not supported (use i, m, s)",
    ]);
    assert.match(checkRuleSpecs([{ type: 'matches_regex', pattern: 'proof(?=s)' }])[0] ?? '', /lookahead/);
  });

  it('reports unknown languages and languages a rule cannot handle', () => {
    assert.deepEqual(checkRuleSpecs([{ type: 'has_code_block', language: 'typescrpt' }]), ['rules[0] (has_code_block): unknown language "typescrpt"']);
    assert.match(checkRuleSpecs([{ type: 'has_import', module: 'x', language: 'solidity' }])[0] ?? '', /has_import cannot read "solidity" imports/);
    assert.match(checkRuleSpecs([{ type: 'code_parses', languages: ['sh'] }])[0] ?? '', /no parser for "sh"/);
  });

  it('reports bad values and an invalid schema', () => {
    const rules = [
      { type: 'contains', value: '' },
      { type: 'contains_all', values: [] },
      { type: 'min_length', chars: -1 },
      { type: 'sources_count', min: 'two' },
      { type: 'json_schema', schema: { type: 'strin' } },
      { type: 'nope' },
    ] as unknown as RuleSpec[];
    const problems = checkRuleSpecs(rules);
    assert.equal(problems.length, 6);
    assert.equal(problems[0], 'rules[0] (contains): value must be a non-empty string');
    assert.match(problems[4] ?? '', /^rules\[4\] \(json_schema\): invalid JSON Schema/);
    assert.equal(problems[5], 'rules[5] (nope): unknown rule type');
  });
});
