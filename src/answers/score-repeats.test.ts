import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AnswerResult } from '../model/report.ts';
import { compareReports } from '../compare/compare-reports.ts';
import { answerReport } from '../../test/support/answer-reports.ts';
import { combineAnswers } from './score-repeats.ts';

function result(score: number | null, passed: boolean, extra: Partial<AnswerResult> = {}): AnswerResult {
  return { tool: 'ask_docs', excerpt: `score ${score}`, chars: 8, passed, validations: [], score, criteria: { correctness: score }, evaluations: [], ...extra };
}

describe('an answer case asked several times', () => {
  it('asked once: exactly the one result, no repeats', () => {
    const one = result(0.5, true);
    assert.equal(combineAnswers([one]), one);
    assert.equal(combineAnswers([undefined]), undefined);
  });

  it('scores the mean of its answers, keeps each score with sd and range, and passes only when every answer passed', () => {
    const combined = combineAnswers([result(1, true, { confidence: 80 }), result(0.5, false), result(0, true, { confidence: 60 })])!;
    assert.equal(combined.score, 0.5);
    assert.equal(combined.criteria['correctness'], 0.5);
    assert.equal(combined.passed, false);
    assert.equal(combined.confidence, 70, 'the mean of the confidences reported');
    assert.equal(combined.excerpt, 'score 0.5', 'the answer shown is the first that failed');
    assert.deepEqual(combined.repeats, { asked: 3, missing: 0, scores: [1, 0.5, 0], sd: Math.sqrt(1 / 6), min: 0, max: 1, passed: 2, passRate: 2 / 3, shown: 1 });
  });

  it('an ask without an answer scores 0 and fails; an answer not judged leaves the case not judged', () => {
    const missing = combineAnswers([result(1, true), undefined])!;
    assert.equal(missing.score, 0.5);
    assert.equal(missing.criteria['correctness'], 0.5);
    assert.equal(missing.repeats?.missing, 1);
    assert.equal(missing.repeats?.passRate, 0.5);
    const unjudged = combineAnswers([result(1, true), result(null, true, { unjudged: [{ criterion: 'correctness', evaluator: 'llm_judge', reason: 'budget' }] })])!;
    assert.equal(unjudged.score, null);
    assert.deepEqual(unjudged.unjudged, [{ criterion: 'correctness', evaluator: 'llm_judge', reason: 'budget' }]);
  });

  it('the paired comparison uses the per-case means: a drop on every case is called, however the single answers vary', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const before = answerReport(ids.map((id) => ({ id, score: 0.9 })));
    const after = answerReport(ids.map((id) => ({ id, score: 0.9 })));
    // Each case asked 3 times; one answer of three dropped to 0 on every case: the mean falls by 0.3.
    for (const c of after.cases) c.answer = combineAnswers([result(0.9, true), result(0, false), result(0.9, true)])!;
    const row = compareReports(before, after).rows.find((r) => r.id === 'answer.score')!;
    assert.equal(row.evidence?.kind, 'paired');
    assert.ok(row.evidence?.kind === 'paired' && row.evidence.losses === 7);
    assert.equal(row.verdict, 'worse', row.basis);
    const pass = compareReports(before, after).rows.find((r) => r.id === 'answer.pass_rate')!;
    assert.ok(pass.evidence?.kind === 'paired' && pass.evidence.losses === 7, 'pass rate per case: 1 -> 2/3');
  });
});
