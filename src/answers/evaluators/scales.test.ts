import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseScale, scaleProblem } from './scales.ts';

describe('parseScale', () => {
  it('knows seed 004 scales, ranges and ordered labels', () => {
    assert.deepEqual(parseScale('Pass/Fail'), { kind: 'truth', name: 'pass/fail' });
    assert.deepEqual(parseScale('likert5'), { kind: 'range', name: 'likert5', min: 1, max: 5, integer: true });
    assert.deepEqual(parseScale('1-10'), { kind: 'range', name: '1-10', min: 1, max: 10, integer: true });
    assert.deepEqual(parseScale('0..1'), { kind: 'range', name: '0..1', min: 0, max: 1, integer: false });
    assert.deepEqual(parseScale('A-D'), { kind: 'labels', name: 'A-D', labels: ['A', 'B', 'C', 'D'] });
    assert.deepEqual(parseScale('[good, "fair", poor]'), { kind: 'labels', name: '[good, "fair", poor]', labels: ['good', 'fair', 'poor'] });
  });

  it('rejects anything else with a message naming what is accepted', () => {
    assert.match(scaleProblem('letter-grade') ?? '', /unknown scale "letter-grade": use binary, pass\/fail, likert5/);
    assert.match(scaleProblem('10-1') ?? '', /from the worst score to a higher best/);
    assert.match(scaleProblem('F-A') ?? '', /best letter to a later/);
    assert.match(scaleProblem('[good, , poor]') ?? '', /empty label/);
    assert.match(scaleProblem('good, Good') ?? '', /listed twice/);
    assert.match(scaleProblem(3) ?? '', /must be text/);
    assert.equal(scaleProblem('numeric'), undefined);
  });
});
