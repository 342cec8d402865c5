/** Reading the judge's answer: the JSON (bare or fenced) and each criterion's score on its scale. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { EvaluationCriteria } from '../../../model/evaluation.ts';
import { parseAnswerJson } from './checked-chat.ts';
import { readVerdict } from './judge-verdict.ts';

const CRITERIA: EvaluationCriteria[] = [
  { name: 'helpfulness', description: 'd', scale: 'likert5' },
  { name: 'tone', description: 'd', scale: '[excellent, good, poor]' },
  { name: 'ok', description: 'd', scale: 'binary' },
];

describe('the judge answer', () => {
  it('is JSON bare or alone in one fence; two fences or prose only are not JSON', () => {
    assert.deepEqual(parseAnswerJson('{"a":1}'), { ok: true, data: { a: 1 } });
    assert.deepEqual(parseAnswerJson('```json\n{"a":1}\n```'), { ok: true, data: { a: 1 } });
    assert.deepEqual(parseAnswerJson('Sure:\n```\n{"a":1}\n```\nDone.'), { ok: true, data: { a: 1 } });
    assert.deepEqual(parseAnswerJson('```json\n{"a":1}\n```\n```json\n{"a":2}\n```'), { ok: false });
    assert.deepEqual(parseAnswerJson('a score of 4'), { ok: false });
  });

  it('reads each score on its scale, and keeps the scale\'s own spelling', () => {
    const items = readVerdict({ results: [
      { criterion: 'Helpfulness', reasoning: 'r', score: ' 5 ' },
      { criterion: 'tone', reasoning: 'r', score: 'GOOD' },
      { criterion: 'ok', score: 'no' },
      { criterion: 'unknown', score: 1 },
      { criterion: 'helpfulness', reasoning: 'second', score: 1 },
    ] }, CRITERIA);
    assert.ok(typeof items !== 'string');
    assert.deepEqual([...items.values()], [
      { criterion: 'helpfulness', reasoning: 'r', score: 5 },
      { criterion: 'tone', reasoning: 'r', score: 'good' },
      { criterion: 'ok', reasoning: '', score: false },
    ]);
  });

  it('an off-scale score is that criterion\'s problem; a broken shape is the whole answer\'s', () => {
    const items = readVerdict({ results: [{ criterion: 'helpfulness', score: 11 }, { criterion: 'tone', score: 'fine' }, { criterion: 'ok', score: true }] }, CRITERIA);
    assert.ok(typeof items !== 'string');
    assert.match(JSON.stringify(items.get('helpfulness')), /scored \\"helpfulness\\" 11, which is not on its scale likert5/);
    assert.match(JSON.stringify(items.get('tone')), /"fine\\", which is not on its scale \[excellent, good, poor\] \(one of \\"excellent\\", \\"good\\", \\"poor\\"/);
    assert.deepEqual(items.get('ok'), { criterion: 'ok', reasoning: '', score: true });
    assert.equal(readVerdict([1], CRITERIA), 'the answer is not a JSON object');
    assert.equal(readVerdict({ result: [] }, CRITERIA), 'the answer has no "results" list');
    assert.equal(readVerdict({ results: ['x'] }, CRITERIA), 'results[0] is not an object with a "criterion" name');
  });
});
