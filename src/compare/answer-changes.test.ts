import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CaseResult } from '../model/report.ts';
import { caseChanges } from './case-changes.ts';
import { answerCase as answerSpecCase } from '../../test/support/answer-reports.ts';

function answerCase(id: string, passed: boolean, score: number, status: CaseResult['status'] = 'ok'): CaseResult {
  return { ...answerSpecCase({ id, score, status: 'ok', ...(passed ? {} : { failed: ['missing "x"'] }) }), status };
}

describe('answer case changes', () => {
  it('calls passed -> failed a regression even when the score holds', () => {
    const [change] = caseChanges([answerCase('a', true, 1)], [answerCase('a', false, 1)]);
    assert.equal(change?.direction, 'regressed');
    assert.equal(change?.kind, 'answer');
    assert.deepEqual([change?.passedBefore, change?.passedAfter], [true, false]);
  });

  it('calls a score drop a regression and a rise an improvement', () => {
    assert.equal(caseChanges([answerCase('a', true, 0.9)], [answerCase('a', true, 0.6)])[0]?.direction, 'regressed');
    assert.equal(caseChanges([answerCase('a', false, 0.2)], [answerCase('a', false, 0.5)])[0]?.direction, 'improved');
  });

  it('reports no change for the same answer, and an error as a regression', () => {
    assert.deepEqual(caseChanges([answerCase('a', true, 1)], [answerCase('a', true, 1)]), []);
    assert.equal(caseChanges([answerCase('a', true, 1)], [answerCase('a', false, 0, 'error')])[0]?.direction, 'regressed');
  });
});
