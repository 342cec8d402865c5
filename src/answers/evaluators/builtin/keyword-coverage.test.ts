import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EvaluationInput } from '../../../model/evaluation.ts';
import { createKeywordCoverage, KEYWORD_COVERAGE_CRITERION } from './keyword-coverage.ts';

const criteria = [KEYWORD_COVERAGE_CRITERION];
const input = (response: string, extra: Partial<EvaluationInput> = {}): EvaluationInput => ({ response, criteria, ...extra });

describe('keyword_coverage', () => {
  it('scores the share of keywords found and lists found and missing', async () => {
    const evaluator = createKeywordCoverage({ type: 'keyword_coverage', keywords: ['refresh', 'token', 'expiry', 'Token'] }, criteria);
    const [result] = await evaluator.evaluate(input('Call REFRESH to renew the token.'), criteria);
    assert.equal(result?.score, 2 / 3);
    assert.deepEqual(result?.metadata, { found: ['refresh', 'token'], missing: ['expiry'] });
    assert.match(result?.reasoning ?? '', /found 2\/3 keywords; missing: expiry/);
  });

  it("defaults to the case's expect.keywords, and skips a case without any", async () => {
    const evaluator = createKeywordCoverage({ type: 'keyword_coverage' }, criteria);
    const [scored] = await evaluator.evaluate(input('uses proof', { context: { expect: { rules: [], keywords: ['proof', 'verify'] } } }), criteria);
    assert.equal(scored?.score, 0.5);
    const [skipped] = await evaluator.evaluate(input('anything', { context: { expect: { rules: [] } } }), criteria);
    assert.equal(skipped?.score, 'n/a');
    assert.equal(skipped?.metadata?.skipped, true);
  });

  it('reads keywords from groundTruth and rejects a source that is not a list', async () => {
    const evaluator = createKeywordCoverage({ type: 'keyword_coverage', keywordsSource: 'groundTruth' }, criteria);
    const [result] = await evaluator.evaluate(input('alpha beta', { groundTruth: ['alpha', 'gamma'] }), criteria);
    assert.equal(result?.score, 0.5);
    await assert.rejects(async () => evaluator.evaluate(input('x', { groundTruth: 'a sentence' }), criteria), /groundTruth must be a list of keywords/);
  });

  it('honours caseSensitive, matchWholeWord and normalizeWhitespace', async () => {
    const run = async (options: Record<string, unknown>, response: string, keywords: string[]) =>
      (await createKeywordCoverage({ type: 'keyword_coverage', keywords, ...options }, criteria).evaluate(input(response), criteria))[0]?.score;
    assert.equal(await run({ caseSensitive: true }, 'Token', ['token']), 0);
    assert.equal(await run({ matchWholeWord: true }, 'tokens', ['token']), 0);
    assert.equal(await run({ matchWholeWord: true }, 'un café', ['café']), 1);
    assert.equal(await run({}, 'access\n   token', ['access token']), 1);
    assert.equal(await run({ normalizeWhitespace: false }, 'access\n   token', ['access token']), 0);
  });

  it('rejects bad options when built', () => {
    assert.throws(() => createKeywordCoverage({ type: 'keyword_coverage', keywords: 'token' }, criteria), /keywords must be a list/);
    assert.throws(() => createKeywordCoverage({ type: 'keyword_coverage', keywords: ['a'], keywordsSource: 'groundTruth' }, criteria), /not both/);
    assert.throws(() => createKeywordCoverage({ type: 'keyword_coverage', keywordsSource: 'expected' }, criteria), /'expected' is not a field/);
  });
});
