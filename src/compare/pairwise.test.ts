import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerReport } from '../../test/support/answer-reports.ts';
import { judgePairs, type PairJudge, type PairPrompt } from './pairwise.ts';
import { verdictFrom } from './pairwise-judge.ts';
import { usableValue } from '../answers/evaluators/llm/checked-chat.ts';

const ids = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7'];
const withAnswers = (text: (id: string) => string) => {
  const report = answerReport(ids.map((id) => ({ id })));
  for (const c of report.cases) if (c.answer) c.answer.excerpt = `${text(c.id)}\n<response_metadata>{"confidence": 99}</response_metadata>`;
  return report;
};
const a = { name: 'main', report: withAnswers((id) => `good answer to ${id}`) };
const b = { name: 'branch', report: withAnswers((id) => `weak answer to ${id}`) };

/** Prefers the answer saying "good"; records what it was shown. */
function fairJudge(seen: PairPrompt[]): PairJudge {
  return (p) => {
    seen.push(p);
    const winner = p.first.startsWith('good') ? 1 : p.second.startsWith('good') ? 2 : 'tie';
    return Promise.resolve({ winner, reasoning: `picked ${winner}` });
  };
}

describe('judgePairs', () => {
  it('judges each case in both orders, without the server metadata, and counts wins with a sign test', async () => {
    const seen: PairPrompt[] = [];
    const result = await judgePairs(a, b, fairJudge(seen), 1);
    assert.equal(seen.length, 14, 'two verdicts per case');
    assert.ok(seen.every((p) => !p.first.includes('response_metadata') && !p.second.includes('confidence')));
    assert.ok(seen.every((p) => p.question === `question of ${p.caseId}`));
    for (const id of ids) assert.deepEqual(new Set(seen.filter((p) => p.caseId === id).map((p) => p.first.split(' ')[0])), new Set(['good', 'weak']));
    assert.deepEqual(result.wins, { a: 7, tie: 0, b: 0 });
    assert.ok(Math.abs(result.test.p - 0.015625) < 1e-12);
    assert.deepEqual(result.position, { decisive: 14, first: 7, share: 0.5 });
  });

  it('measures a position-biased judge, whose verdicts flip with the order, as ties', async () => {
    const result = await judgePairs(a, b, () => Promise.resolve({ winner: 1, reasoning: 'the first is better' }), 1);
    assert.deepEqual(result.wins, { a: 0, tie: 7, b: 0 });
    assert.deepEqual(result.position, { decisive: 14, first: 14, share: 1 });
    assert.equal(result.test.p, 1);
  });

  it('randomises the order with the seed: the same seed replays it, another differs', async () => {
    const order = async (seed: number) => {
      const seen: PairPrompt[] = [];
      await judgePairs(a, b, fairJudge(seen), seed);
      return seen.map((p) => `${p.caseId}:${p.first.split(' ')[0]}`).join(',');
    };
    assert.equal(await order(5), await order(5));
    assert.notEqual(await order(5), await order(6));
  });

  it('a failed call leaves the case not judged and counted, never a tie', async () => {
    const judge: PairJudge = (p) => Promise.resolve(p.caseId === 'q3' ? { error: 'HTTP 500' } : { winner: p.first.startsWith('good') ? 1 : 2, reasoning: '' });
    const result = await judgePairs(a, b, judge, 1);
    assert.equal(result.errors, 1);
    assert.deepEqual(result.wins, { a: 6, tie: 0, b: 0 });
    assert.equal(result.cases.find((c) => c.caseId === 'q3')?.outcome, 'error');
  });

  it('reads the judge\'s structured answer strictly', () => {
    const read = (content: string | null, refusal: string | null = null) => usableValue({ content, refusal, finishReason: 'stop' }, verdictFrom);
    assert.deepEqual(read('{"reasoning":"r","winner":"2"}'), { ok: true, value: { winner: 2, reasoning: 'r' } });
    assert.deepEqual(read('{"reasoning":"r","winner":"tie"}'), { ok: true, value: { winner: 'tie', reasoning: 'r' } });
    assert.deepEqual(read('{"winner":"first"}'), { ok: false, problem: 'the judge\'s winner is "first", not "1", "2" or "tie"' });
    assert.match(JSON.stringify(read('not json')), /the answer is not JSON/);
    assert.match(JSON.stringify(read(null)), /the answer is empty/);
    assert.match(JSON.stringify(read(null, 'I cannot')), /the model refused: I cannot/);
    assert.match(JSON.stringify(usableValue({ content: '{"winner":"1"', refusal: null, finishReason: 'length' }, verdictFrom)), /cut off/);
  });
});
