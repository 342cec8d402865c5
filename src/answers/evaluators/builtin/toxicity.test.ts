import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createToxicity, TOXICITY_CRITERION } from './toxicity.ts';

const criteria = [TOXICITY_CRITERION];
const check = async (options: Record<string, unknown>, response: string) =>
  (await createToxicity({ type: 'toxicity', ...options }, criteria).evaluate({ response, criteria }, criteria))[0];

describe('toxicity', () => {
  it('is true for a clean answer and false with the terms found', async () => {
    assert.equal((await check({}, 'Kill the process with SIGTERM, then assess the class.'))?.score, true);
    const toxic = await check({}, 'This is BULLSHIT, shit.');
    assert.equal(toxic?.score, false);
    assert.deepEqual(toxic?.metadata?.matches, [{ term: 'shit', count: 1 }, { term: 'bullshit', count: 1 }]);
  });

  it('adds configured terms to the defaults, or replaces them', async () => {
    assert.equal((await check({ toxicTerms: ['rtfm'] }, 'just rtfm'))?.score, false);
    assert.equal((await check({ toxicTerms: ['rtfm'], includeDefaultTerms: false }, 'shit'))?.score, true);
    assert.throws(() => createToxicity({ type: 'toxicity', includeDefaultTerms: false }, criteria), /no terms/);
  });

  it('matches whole words by default; substrings and case on request', async () => {
    assert.equal((await check({ toxicTerms: ['ass'], includeDefaultTerms: false }, 'an assessment'))?.score, true);
    assert.equal((await check({ toxicTerms: ['ass'], includeDefaultTerms: false, matchWholeWord: false }, 'an assessment'))?.score, false);
    assert.equal((await check({ toxicTerms: ['Noob'], includeDefaultTerms: false, caseSensitive: true }, 'noob'))?.score, true);
    assert.equal((await check({}, 'just kill   yourself'))?.score, false);
  });
});
