import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { signFlipTest } from '../stats/index.ts';
import { casesNeeded, powerNote } from './judge-quality.ts';

describe('small-suite power note (exact sign-flip test)', () => {
  it('the smallest attainable p with m changed cases is 2^(1-m), which the test really reaches', () => {
    for (const m of [1, 3, 5, 6, 7]) assert.equal(signFlipTest(Array.from({ length: m }, () => -0.25)).p, 2 ** (1 - m));
  });

  it('with 5 of 7 cases changed, no drop can be called at alpha 0.05: says so and that 6 are needed', () => {
    assert.equal(casesNeeded(0.05), 6);
    assert.equal(casesNeeded(0.01), 8);
    assert.equal(
      powerNote(5, 0.05),
      'too few changed cases to detect a change: with 5 the smallest p this test can reach is 0.063 (not below α = 0.05); it needs at least 6 changed cases, all in one direction',
    );
    assert.equal(powerNote(6, 0.05), undefined);
  });
});
