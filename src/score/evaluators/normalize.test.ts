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

  it('custom scales: truth words first, then the numeric rule, else null', () => {
    assert.equal(normalizeScore(true, 'letter-grade'), 1);
    assert.equal(normalizeScore('fail', 'letter-grade'), 0);
    assert.equal(normalizeScore('no', 'letter-grade'), 0);
    assert.equal(normalizeScore(0.3, 'letter-grade'), 0.3);
    assert.equal(normalizeScore('80', 'letter-grade'), 0.8);
    assert.equal(normalizeScore(250, 'letter-grade'), null);
    assert.equal(normalizeScore('B+', 'letter-grade'), null);
  });

  it('non-scores from a misbehaving custom evaluator are null', () => {
    assert.equal(normalizeScore(null, 'numeric'), null);
    assert.equal(normalizeScore({ score: 1 }, 'binary'), null);
    assert.equal(normalizeScore(undefined, 'custom'), null);
  });
});
