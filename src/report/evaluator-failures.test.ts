/**
 * One definition of "an evaluator failed on this case" for health and the
 * `evaluator.errors` metric: errored results and off-scale scores count, skips do not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerCase } from '../../test/support/answer-reports.ts';
import { evaluatorFailed, offScaleUnjudged } from './evaluator-failures.ts';
import { answerMetrics } from './summarize.ts';

const offScale = answerCase({
  id: 'off',
  score: null,
  criteria: { helpfulness: null },
  evaluations: [{ criterionName: 'helpfulness', evaluatorType: 'off_scale', score: 7 }],
  unjudged: [{ criterion: 'helpfulness', evaluator: 'off_scale', reason: 'score 7 is not on the likert5 scale' }],
});
const down = answerCase({
  id: 'down',
  score: null,
  evaluations: [{ criterionName: 'helpfulness', evaluatorType: 'llm_judge', score: 'error', error: 'HTTP 500' }],
  unjudged: [{ criterion: 'helpfulness', evaluator: 'llm_judge', reason: 'HTTP 500' }],
});
const skippedOnly = answerCase({ id: 'skip', evaluations: [{ criterionName: 's', evaluatorType: 'semantic_similarity', score: 'error', error: 'skipped', metadata: { skipped: true } }] });
const judged = answerCase({ id: 'ok', evaluations: [{ criterionName: 'helpfulness', evaluatorType: 'llm_judge', score: 4 }] });

describe('evaluator failures', () => {
  it('are errored results and criteria left unjudged by an off-scale score, never skips', () => {
    assert.deepEqual([offScale, down, skippedOnly, judged].map(evaluatorFailed), [true, true, false, false]);
    assert.deepEqual(offScaleUnjudged(offScale).map((u) => u.criterion), ['helpfulness']);
    assert.deepEqual(offScaleUnjudged(down), [], 'an errored criterion is an error, not off scale');
  });

  it('are what evaluator.errors counts', () => {
    assert.equal(answerMetrics([offScale, down, skippedOnly, judged]).metrics['evaluator.errors'], 2);
  });
});
