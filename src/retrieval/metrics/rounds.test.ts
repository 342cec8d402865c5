import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { meanOf } from '../../stats/mean.ts';
import { roundsToRightDoc } from './rounds.ts';

void describe('roundsToRightDoc', () => {
  void it('is the round the doc was found in', () => {
    assert.equal(roundsToRightDoc(1, 3), 1);
    assert.equal(roundsToRightDoc(3, 3), 3);
  });

  void it('is maxRounds + 1 when never found', () => {
    assert.equal(roundsToRightDoc(null, 3), 4);
    assert.equal(roundsToRightDoc(null, 1), 2);
  });

  void it('keeps the mean monotonic: losing a doc never improves the average', () => {
    // Two cases, maxRounds 3. Found in 1 and 3 -> mean 2. Lose the round-3 one -> (1 + 4)/2 = 2.5.
    const found = meanOf([roundsToRightDoc(1, 3), roundsToRightDoc(3, 3)]);
    const lost = meanOf([roundsToRightDoc(1, 3), roundsToRightDoc(null, 3)]);
    assert.equal(found, 2);
    assert.equal(lost, 2.5);
    assert.ok(lost !== null && found !== null && lost > found);
  });

  void it('is total on odd input', () => {
    assert.equal(roundsToRightDoc(null, 0), 2, 'maxRounds < 1 is taken as 1');
    assert.equal(roundsToRightDoc(null, Number.NaN), 2);
    assert.equal(roundsToRightDoc(null, 2.7), 3, 'maxRounds is floored');
    assert.equal(roundsToRightDoc(Number.NaN, 3), 4, 'NaN round is a miss');
    assert.equal(roundsToRightDoc(0, 3), 1, 'a found round is at least 1');
    assert.equal(roundsToRightDoc(9, 3), 3, 'a found round never scores like a miss');
  });
});
