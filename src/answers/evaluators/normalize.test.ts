import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizeScore } from './normalize.ts';

describe('normalizeScore', () => {
  for (const scale of ['binary', 'pass/fail', 'Pass/Fail']) {
    it(`${scale}: booleans, words and 0/1 map to 0 or 1, anything else to null`, () => {
      assert.equal(normalizeScore(true, scale), 1);
      assert.equal(normalizeScore(false, scale), 0);
      for (const word of ['true', 'PASS', ' yes ']) assert.equal(normalizeScore(word, scale), 1, word);
      for (const word of ['false', 'Fail', 'no']) assert.equal(normalizeScore(word, scale), 0, word);
      assert.equal(normalizeScore(1, scale), 1);
      assert.equal(normalizeScore(0, scale), 0);
      assert.equal(normalizeScore('1', scale), 1);
      assert.equal(normalizeScore(0.5, scale), null);
      assert.equal(normalizeScore('maybe', scale), null);
    });
  }

  it('likert5: (s - 1) / 4 within 1..5, null outside', () => {
    assert.equal(normalizeScore(1, 'likert5'), 0);
    assert.equal(normalizeScore(3, 'likert5'), 0.5);
    assert.equal(normalizeScore(5, 'likert5'), 1);
    assert.equal(normalizeScore(3.5, 'likert5'), 0.625);
    assert.equal(normalizeScore('4', 'likert5'), 0.75);
    assert.equal(normalizeScore(0, 'likert5'), null);
    assert.equal(normalizeScore(6, 'likert5'), null);
    assert.equal(normalizeScore(true, 'likert5'), null);
    assert.equal(normalizeScore('good', 'likert5'), null);
  });

  it('numeric: 0..1 as is, (1, 100] as a percentage, else null', () => {
    assert.equal(normalizeScore(0, 'numeric'), 0);
    assert.equal(normalizeScore(0.42, 'numeric'), 0.42);
    assert.equal(normalizeScore(1, 'numeric'), 1);
    assert.equal(normalizeScore(42, 'numeric'), 0.42);
    assert.equal(normalizeScore(100, 'numeric'), 1);
    assert.equal(normalizeScore('0.25', 'numeric'), 0.25);
    assert.equal(normalizeScore(100.5, 'numeric'), null);
    assert.equal(normalizeScore(-0.1, 'numeric'), null);
    assert.equal(normalizeScore(Number.NaN, 'numeric'), null);
    assert.equal(normalizeScore(Number.POSITIVE_INFINITY, 'numeric'), null);
    assert.equal(normalizeScore(true, 'numeric'), null);
    assert.equal(normalizeScore('', 'numeric'), null);
  });

  it('a range: (s - min) / (max - min); 1 is the worst, outside the range is off-scale', () => {
    // The defect: on 1-10, 8 became 0.08 and 1 (the worst) became 1.0.
    assert.equal(normalizeScore(8, '1-10'), 7 / 9);
    assert.equal(normalizeScore(1, '1-10'), 0);
    assert.equal(normalizeScore(10, '1-10'), 1);
    assert.equal(normalizeScore('5.5', '1-10'), 0.5);
    assert.equal(normalizeScore(0, '1-10'), null);
    assert.equal(normalizeScore(11, '1-10'), null);
    assert.equal(normalizeScore(80, '0-100'), 0.8);
    assert.equal(normalizeScore(3, '1-5'), 0.5);
    assert.equal(normalizeScore(0, '-2..2'), 0.5);
    assert.equal(normalizeScore(true, '1-10'), null);
  });

  it('ordered labels, best first: A-F and [excellent, good, fair, poor], evenly spaced', () => {
    // The defect: letter grades were silently never counted.
    assert.equal(normalizeScore('A', 'A-F'), 1);
    assert.equal(normalizeScore('b', 'A-F'), 0.8);
    assert.equal(normalizeScore('F', 'A-F'), 0);
    assert.equal(normalizeScore('G', 'A-F'), null);
    assert.equal(normalizeScore('D', '[A, B, C, D, F]'), 0.25);
    assert.equal(normalizeScore('excellent', '[excellent, good, fair, poor]'), 1);
    assert.equal(normalizeScore(' Fair ', 'excellent, good, fair, poor'), 1 / 3);
    assert.equal(normalizeScore('poor', '[excellent, good, fair, poor]'), 0);
    assert.equal(normalizeScore('great', '[excellent, good, fair, poor]'), null);
    assert.equal(normalizeScore(1, 'A-F'), null);
  });

  it('an unknown scale is null here (the dataset loader rejects it before a run)', () => {
    assert.equal(normalizeScore(true, 'letter-grade'), null);
    assert.equal(normalizeScore(0.3, 'letter-grade'), null);
  });

  it('non-scores from a misbehaving custom evaluator are null', () => {
    assert.equal(normalizeScore(null, 'numeric'), null);
    assert.equal(normalizeScore({ score: 1 }, 'binary'), null);
    assert.equal(normalizeScore(undefined, 'custom'), null);
  });
});
