import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { aggregateCase } from './aggregate.ts';
import type { EvaluationCriteria, EvaluationResult } from '../../model/evaluation.ts';

const criteria: EvaluationCriteria[] = [
  { name: 'faithfulness', description: 'f', scale: 'numeric' },
  { name: 'relevance', description: 'r', scale: 'numeric', weight: 3 },
];
const result = (criterionName: string, score: EvaluationResult['score'], extra: Partial<EvaluationResult> = {}): EvaluationResult => ({ criterionName, evaluatorType: 't', score, ...extra });

describe('aggregateCase', () => {
  it('weights the criteria: (1·0.5 + 3·1) / 4', () => {
    assert.equal(aggregateCase([result('faithfulness', 0.5), result('relevance', 1)], criteria).overallScore, 0.875);
  });

  it("leaves an n/a criterion (nothing to judge, ragas' NaN) out of the mean instead of calling the case not judged", () => {
    const out = aggregateCase([result('faithfulness', 'n/a', { reasoning: 'the answer makes no factual claim' }), result('relevance', 0.6)], criteria);
    assert.equal(out.overallScore, 0.6);
    assert.equal(out.unjudged, undefined);
    assert.equal(out.normalized['faithfulness'], null);
  });

  it('an errored criterion makes the case not judged: no score, never a higher one', () => {
    const out = aggregateCase([result('faithfulness', 'error', { error: 'HTTP 500' }), result('relevance', 1)], criteria);
    assert.equal(out.overallScore, undefined);
    assert.deepEqual(out.unjudged?.map((u) => u.criterion), ['faithfulness']);
  });
});
