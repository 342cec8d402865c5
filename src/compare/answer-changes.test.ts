import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CaseResult } from '../model/report.ts';
import { caseChanges } from './case-changes.ts';

function answerCase(id: string, passed: boolean, score: number, status: CaseResult['status'] = 'ok'): CaseResult {
  return {
    id,
    name: id,
    kind: 'answer',
    tool: 'ask_docs',
    category: 'ask_docs',
    tags: [],
    query: 'q',
    filters: {},
    relevant: [],
    status,
    rankedIds: [],
    rounds: [],
    foundInRound: null,
    latency: { search: [], fetch: [], answer: [1] },
    answer: { tool: 'ask_docs', excerpt: '', chars: 0, passed, validations: [], score, criteria: {}, evaluations: [] },
  };
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
