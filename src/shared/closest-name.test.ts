import assert from 'node:assert/strict';
import { it } from 'node:test';
import { closestName } from './closest-name.ts';

it('suggests a near name and nothing for a far one', () => {
  const known = ['expected', 'relevant', 'maxRounds', 'limit'];
  assert.equal(closestName('expectd', known), 'expected');
  assert.equal(closestName('max_rounds', known), 'maxRounds');
  assert.equal(closestName('Relevent', known), 'relevant');
  assert.equal(closestName('query', known), undefined);
});
