import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EvaluationInput } from '../../../model/evaluation.ts';
import { createLexicalSimilarity, LEXICAL_SIMILARITY_CRITERION } from './lexical-similarity.ts';

const criteria = [LEXICAL_SIMILARITY_CRITERION];
const score = async (options: Record<string, unknown>, extra: Partial<EvaluationInput>) =>
  (await createLexicalSimilarity({ type: 'lexical_similarity', ...options }, criteria).evaluate({ response: '', criteria, ...extra }, criteria))[0];

describe('lexical_similarity', () => {
  it('defaults to Dice between response and groundTruth, ignoring case and whitespace runs', async () => {
    assert.equal((await score({}, { response: 'night', groundTruth: 'nacht' }))?.score, 0.25);
    assert.equal((await score({}, { response: 'Hello   World', groundTruth: 'hello world' }))?.score, 1);
    assert.notEqual((await score({ caseSensitive: true }, { response: 'Hello World', groundTruth: 'hello world' }))?.score, 1);
    assert.notEqual((await score({ normalizeWhitespace: false }, { response: 'a  b', groundTruth: 'a b' }))?.score, 1);
  });

  it('offers Jaro–Winkler and Levenshtein', async () => {
    const jw = await score({ algorithm: 'jaro_winkler', caseSensitive: true }, { response: 'MARTHA', groundTruth: 'MARHTA' });
    assert.equal(Number((jw?.score as number).toFixed(4)), 0.9611);
    assert.equal(jw?.metadata?.algorithm, 'jaro_winkler');
    const lev = await score({ algorithm: 'levenshtein' }, { response: 'kitten', groundTruth: 'sitting' });
    assert.equal(Number((lev?.score as number).toFixed(4)), 0.5714);
  });

  it('reads other fields and skips a case without a reference', async () => {
    const fromContext = await score({ sourceField: 'context.summary', referenceField: 'context.expected' }, { context: { summary: 'same', expected: 'same' } });
    assert.equal(fromContext?.score, 1);
    const skipped = await score({}, { response: 'x' });
    assert.equal(skipped?.score, 'n/a');
    assert.match(skipped?.reasoning ?? '', /no groundTruth/);
  });

  it('rejects an unknown algorithm with a suggestion', () => {
    assert.throws(() => createLexicalSimilarity({ type: 'lexical_similarity', algorithm: 'jaro-winkler' }, criteria), /did you mean 'jaro_winkler'/);
  });
});
