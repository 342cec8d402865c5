import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CaseObservation, SearchRound } from '../model/observation.ts';
import { caseOutcome } from './case-outcome.ts';

const round = (ms: number, ids: string[]): SearchRound => ({ round: 1, ms, hits: ids.map((id) => ({ id })) });
const event = (observation: Partial<CaseObservation>, failedValidation?: string) => ({
  done: 1,
  total: 1,
  arm: 0,
  observation: { caseId: 'c', repetition: 0, status: 'ok' as const, rounds: [], foundInRound: null, ...observation },
  ...(failedValidation !== undefined ? { failedValidation } : {}),
});
const answer = { tool: 'ask_docs', text: 'an answer', ms: 12.5, calls: [] };

describe('caseOutcome', () => {
  it('judges an answer case by its validations and times it by its answer call (never "miss", never 0 ms)', () => {
    assert.deepEqual(caseOutcome(event({ answer })), { kind: 'pass', ms: 12.5 });
    assert.deepEqual(caseOutcome(event({ answer }, 'no code block')), { kind: 'fail', ms: 12.5 });
  });

  it('judges a retrieval case by its rankings and times it by the sum of its rounds', () => {
    assert.deepEqual(caseOutcome(event({ rounds: [round(1.5, ['a']), round(2, ['b'])], foundInRound: 2 })), { kind: 'ok', ms: 3.5 });
    assert.deepEqual(caseOutcome(event({ rounds: [round(1, ['a'])] })), { kind: 'miss', ms: 1 });
    assert.deepEqual(caseOutcome(event({ rounds: [round(1, [])] })), { kind: 'empty', ms: 1 });
  });

  it('says errored and not-run cases as such, whatever kind', () => {
    assert.equal(caseOutcome(event({ status: 'error', answer })).kind, 'error');
    assert.equal(caseOutcome(event({ status: 'not_run' })).kind, 'not_run');
  });
});
