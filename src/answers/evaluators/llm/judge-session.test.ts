/**
 * The judging session's guarantees that do not need a server: every call counts against
 * the budget (estimated when the provider sends no usage), the rows name the endpoint,
 * and the cache key holds everything that changes a verdict.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BudgetExhausted, createJudgeSession, type CallOwner } from './judge-session.ts';
import { chatUsage, embeddingsUsage, estimateTokens } from './estimate-tokens.ts';
import { chatCacheKey } from './checked-chat.ts';
import type { ChatRequest } from './openai-client.ts';

const OWNER: CallOwner = { evaluator: 'llm_judge', model: 'gpt-4o-mini', endpoint: 'http://127.0.0.1:9/v1' };
const REQUEST: ChatRequest = { model: 'gpt-4o-mini', messages: [{ role: 'system', content: 'x'.repeat(40) }, { role: 'user', content: 'y'.repeat(39) }], temperature: 0 };

describe('the judging session', () => {
  it('estimates a call without usage at 4 characters a token, and marks it', () => {
    assert.equal(estimateTokens('abcd'), 1);
    assert.equal(estimateTokens('abcde'), 2);
    // 40 + 1 (the newline between messages) + 39 = 80 characters: 20 tokens; the answer's 9: 3.
    assert.deepEqual(chatUsage(REQUEST, { content: '{"a": 1 }', refusal: null }), { promptTokens: 20, completionTokens: 3, estimated: true });
    assert.deepEqual(chatUsage(REQUEST, { content: 'x', refusal: null, usage: { promptTokens: 7, completionTokens: 2, totalTokens: 9 } }), { promptTokens: 7, completionTokens: 2 });
    assert.deepEqual(embeddingsUsage(['abcd', 'abcdefgh'], {}), { promptTokens: 3, completionTokens: 0, estimated: true });
  });

  it('a dollar budget trips on estimated usage, and says which budget', async () => {
    const session = createJudgeSession({ cache: null, concurrency: 1, prices: { 'gpt-4o-mini': { input: 1_000, output: 1_000 } }, budget: { usd: 0.02 } });
    const call = () => session.call(OWNER, () => Promise.resolve({ content: 'ok', refusal: null }), (r) => chatUsage(REQUEST, r));
    await call(); // 21 tokens × $1000 / 1M = $0.021: the budget is spent after it.
    await assert.rejects(call, (e: unknown) => e instanceof BudgetExhausted && /^the judging budget of \$0\.02 is spent \(\$0\.0210 used, some of it estimated\)$/.test(e.message));
    const summary = session.take([]);
    assert.deepEqual(summary.rows, [{ evaluator: 'llm_judge', model: 'gpt-4o-mini', endpoint: OWNER.endpoint, calls: 1, cacheHits: 0, promptTokens: 20, completionTokens: 1, cachedTokens: 0, estimatedCalls: 1, costUsd: 0.021 }]);
    assert.equal(summary.totals.estimatedCalls, 1);
    assert.deepEqual(summary.budget, { usd: 0.02, stopped: true, notJudged: [] });
  });

  it('keeps a row per evaluator, model and endpoint', async () => {
    const session = createJudgeSession({ cache: null, concurrency: 2, prices: {} });
    const used = () => ({ promptTokens: 1, completionTokens: 1 });
    await session.call(OWNER, () => Promise.resolve(1), used);
    await session.call({ ...OWNER, endpoint: 'https://api.openai.com/v1' }, () => Promise.resolve(1), used);
    assert.deepEqual(session.snapshot().calls, 2);
    assert.deepEqual(session.take([]).rows.map((r) => r.endpoint), [OWNER.endpoint, 'https://api.openai.com/v1']);
  });

  it('the cache key changes with the endpoint, any sampling parameter, the prompt version and the sample', () => {
    const key = chatCacheKey(OWNER.endpoint, REQUEST, 'llm_judge/2', 0);
    assert.equal(chatCacheKey(OWNER.endpoint, { ...REQUEST }, 'llm_judge/2', 0), key);
    const others = [
      chatCacheKey('https://api.openai.com/v1', REQUEST, 'llm_judge/2', 0),
      chatCacheKey(OWNER.endpoint, { ...REQUEST, temperature: 1 }, 'llm_judge/2', 0),
      chatCacheKey(OWNER.endpoint, { ...REQUEST, seed: 7 }, 'llm_judge/2', 0),
      chatCacheKey(OWNER.endpoint, { ...REQUEST, max_completion_tokens: 100 }, 'llm_judge/2', 0),
      chatCacheKey(OWNER.endpoint, { ...REQUEST, model: 'gpt-4o' }, 'llm_judge/2', 0),
      chatCacheKey(OWNER.endpoint, REQUEST, 'llm_judge/3', 0),
      chatCacheKey(OWNER.endpoint, REQUEST, 'llm_judge/2', 1),
    ];
    assert.equal(new Set([key, ...others]).size, others.length + 1);
  });
});
