/**
 * Every quality mean says over how many cases it is and why the rest are missing, hand
 * counted: cases that never ran leave every mean; errored cases are measured (0); answer
 * cases not judged leave the score and the criteria they lack, under their cause.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { summarize } from './summarize.ts';
import { caseResult } from '../../test/support/reports.ts';
import { answerCase } from '../../test/support/answer-reports.ts';

const relevant = [{ id: 'd1', grade: 1 }];

describe('means with their counts', () => {
  it('retrieval: a case not run leaves the mean; an errored one scores 0', () => {
    const summary = summarize(
      [
        caseResult({ id: 'hit', ranked: ['d1'], relevant }),
        caseResult({ id: 'second', ranked: ['x', 'd1'], relevant }),
        caseResult({ id: 'broke', ranked: [], relevant, status: 'error' }),
        caseResult({ id: 'never', ranked: [], relevant, status: 'not_run' }),
      ],
      [5],
    );
    assert.equal(summary.metrics['mrr@5'], (1 + 0.5 + 0) / 3);
    assert.deepEqual(summary.counts?.['mrr@5'], { n: 3, of: 4, missing: { not_run: 1 } });
    assert.deepEqual(summary.counts?.['facet.precision'], { n: 0, of: 4, missing: { not_applicable: 3, not_run: 1 } });
  });

  it('answers: each cause counted where it applies', () => {
    const summary = summarize(
      [
        answerCase({ id: 'judged', score: 0.8, criteria: { quality: 0.8 }, confidence: 0.9 }),
        answerCase({ id: 'budget', score: null, criteria: { quality: null }, unjudged: [{ criterion: 'quality', evaluator: 'llm_judge', reason: 'not judged (budget)', cause: 'budget' }] }),
        answerCase({ id: 'old', score: null, criteria: { quality: null }, unjudged: [{ criterion: 'quality', evaluator: 'llm_judge', reason: 'HTTP 500' }] }),
        answerCase({ id: 'broke', status: 'error' }),
        answerCase({ id: 'never', status: 'not_run' }),
      ],
      [5],
    );
    // The score: the judged case and the errored one (0); two not judged, one not run.
    assert.equal(summary.metrics['answer.score'], 0.4);
    assert.deepEqual(summary.counts?.['answer.score'], { n: 2, of: 5, missing: { budget: 1, evaluator_error: 1, not_run: 1 } });
    assert.equal(summary.metrics['criterion.quality'], 0.8);
    assert.deepEqual(summary.counts?.['criterion.quality'], { n: 1, of: 5, missing: { budget: 1, evaluator_error: 1, no_answer: 1, not_run: 1 } });
    // Passed: judged, budget, old (their validations passed); the errored case fails; the one not run is left out.
    assert.equal(summary.metrics['answer.pass_rate'], 3 / 4);
    assert.deepEqual(summary.counts?.['answer.pass_rate'], { n: 4, of: 5, missing: { not_run: 1 } });
    assert.deepEqual(summary.counts?.['answer.confidence'], { n: 1, of: 5, missing: { not_reported: 2, no_answer: 1, not_run: 1 } });
  });
});
