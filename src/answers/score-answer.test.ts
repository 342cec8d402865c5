/**
 * scoreAnswer reads validations the run already checked on the same answer (the early
 * check behind progress and --fail-fast) instead of running the rules a second time,
 * and runs them itself when there are none.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scoreAnswer } from './score-answer.ts';
import { parseSuite } from '../suite/index.ts';
import { createRegistry } from './evaluators/registry.ts';
import type { CaseObservation } from '../model/observation.ts';
import type { RuleResult } from '../model/answer-rules.ts';

const SUITE = `name: checked
cases:
  - id: init
    kind: answer
    tool: ask_docs
    input: { question: "How do I start a zkApp?" }
    expect: { rules: [{ type: min_length, chars: 5 }] }
`;

describe('scoreAnswer and validations checked during the run', () => {
  const c = parseSuite(SUITE, 'checked.yaml').cases[0];
  assert.ok(c?.kind === 'answer');
  const observation = (): CaseObservation => ({ caseId: 'init', repetition: 0, status: 'ok', rounds: [], foundInRound: null, answer: { tool: 'ask_docs', text: 'Extend SmartContract.', ms: 3, calls: [] } });
  const scoring = { criteria: [], evaluators: [], registry: createRegistry(), toolMap: {} };

  it('runs the rules itself when the run checked nothing', async () => {
    const answer = await scoreAnswer(c, observation(), scoring);
    assert.deepEqual(answer?.validations.map((v) => [v.rule, v.passed]), [['min_length', true]]);
  });

  it('uses what the run checked for that very answer, and only for it', async () => {
    const checked = observation();
    const earlier: RuleResult[] = [{ rule: 'min_length', passed: false, message: 'as checked during the run' }];
    const validated = new WeakMap([[checked, earlier]]);
    const answer = await scoreAnswer(c, checked, { ...scoring, validated });
    assert.deepEqual(answer?.validations, earlier);
    assert.equal(answer?.passed, false);
    const other = await scoreAnswer(c, observation(), { ...scoring, validated });
    assert.equal(other?.passed, true, 'another observation of the same case is checked afresh');
  });
});
