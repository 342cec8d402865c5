/**
 * Judging end to end against the loopback OpenAI double: answer cases scored through
 * scoreCases with a real judging session, as a run does. Tokens, cost, cache, concurrency,
 * budget, samples, and what the judge and the embeddings are sent.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { startOpenAiDouble, type ChatBody, type EmbeddingsBody, type OpenAiDouble } from '../../test/support/openai-double/index.ts';
import type { CaseObservation } from '../model/observation.ts';
import type { AnswerCase } from '../model/case.ts';
import { createCallCache } from '../answers/evaluators/call-cache.ts';
import { createJudgeSession, type JudgingSettings } from '../answers/evaluators/llm/judge-session.ts';
import { registerNetworkEvaluators } from '../answers/evaluators/llm/register.ts';
import { createRegistry } from '../answers/evaluators/registry.ts';
import type { EvaluationCriteria, EvaluatorConfig } from '../model/evaluation.ts';
import { judgingSummary } from '../report/judging-summary.ts';
import { assessHealth } from '../report/health.ts';
import { scoreCases } from './score-cases.ts';

const KEY_ENV = 'JUDGING_TEST_KEY';
const METADATA = '\n\n<response_metadata>\n```json\n{ "confidence": 97, "sourcesUsed": 4 }\n```\n</response_metadata>';

function answerCase(id: string): AnswerCase {
  return { id, name: id, kind: 'answer', category: 'c', tags: [], source: { file: 'x.yaml', line: 1 }, tool: 'ask_docs', input: { question: `question ${id}?` }, expect: { rules: [] }, groundTruth: `reference for ${id}` };
}

function observation(id: string, text: string): CaseObservation {
  return { caseId: id, repetition: 0, status: 'ok', rounds: [], foundInRound: null, answer: { tool: 'ask_docs', text, ms: 1, calls: [] } };
}

describe('judging through a run session', () => {
  let double: OpenAiDouble;
  let dir: string;
  const env = () => ({ [KEY_ENV]: double.apiKey });

  before(async () => {
    double = await startOpenAiDouble({ latencyMs: 20 });
    process.env[KEY_ENV] = double.apiKey;
  });
  beforeEach(async () => {
    double.requests.length = 0;
    Object.assign(double.served, { calls: 0, promptTokens: 0, completionTokens: 0, cachedTokens: 0 });
    dir = await mkdtemp(path.join(tmpdir(), 'judging-'));
  });
  after(async () => {
    delete process.env[KEY_ENV];
    await double.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function run(ids: string[], evaluators: EvaluatorConfig[], criteria: EvaluationCriteria[], settings: Partial<JudgingSettings> = {}, text = (id: string) => `The answer to ${id}.${METADATA}`) {
    const session = createJudgeSession({ cache: null, concurrency: 4, prices: {}, ...settings });
    const registry = registerNetworkEvaluators(createRegistry(), { session, env: env() });
    const cases = ids.map(answerCase);
    const results = await scoreCases(cases, ids.map((id) => observation(id, text(id))), {
      k: 5,
      facets: {},
      answers: { criteria, evaluators, registry, toolMap: {}, session },
    });
    return { results, judging: judgingSummary(session, results), health: assessHealth(results, 5) };
  }

  const judge = (extra: Record<string, unknown> = {}): EvaluatorConfig => ({ type: 'llm_judge', baseUrl: double.baseUrl, apiKeyEnv: KEY_ENV, model: 'gpt-4o-mini', criteria: ['quality'], ...extra });
  const embed = (): EvaluatorConfig => ({ type: 'semantic_similarity', baseUrl: double.baseUrl, apiKeyEnv: KEY_ENV, model: 'text-embedding-3-small' });
  const QUALITY: EvaluationCriteria[] = [{ name: 'quality', description: 'good', scale: 'likert5' }];

  it('the judge and the embeddings never see the server\'s <response_metadata>', async () => {
    await run(['a'], [judge(), embed()], [...QUALITY, { name: 'semantic_similarity', description: 's', scale: 'numeric' }]);
    const chat = double.requests.filter((r) => r.route === 'chat').map((r) => JSON.stringify((r.body as ChatBody).messages));
    const embeddings = double.requests.filter((r) => r.route === 'embeddings').map((r) => JSON.stringify((r.body as EmbeddingsBody).input));
    assert.equal(chat.length, 1);
    assert.equal(embeddings.length, 1);
    for (const body of [...chat, ...embeddings]) {
      assert.doesNotMatch(body, /response_metadata|confidence/);
      assert.match(body, /The answer to a\./);
    }
  });

  it('token totals equal what the double billed, counted once per call, and cost follows the prices', async () => {
    const criteria: EvaluationCriteria[] = [...QUALITY, { name: 'clarity', description: 'clear', scale: '1-10' }, { name: 'grade', description: 'g', scale: 'A-F' }];
    const { results, judging } = await run(['a', 'b', 'c'], [judge({ criteria: ['quality', 'clarity', 'grade'] }), embed()], [...criteria, { name: 'semantic_similarity', description: 's', scale: 'numeric' }], {
      prices: { 'gpt-4o-mini': { input: 0.15, output: 0.6 } },
    });
    assert.ok(judging);
    assert.equal(judging.totals.calls, double.served.calls);
    assert.equal(judging.totals.promptTokens, double.served.promptTokens);
    assert.equal(judging.totals.completionTokens, double.served.completionTokens);
    const chat = judging.rows.find((r) => r.evaluator === 'llm_judge')!;
    assert.equal(chat.calls, 3, 'one call per case scores all three criteria');
    assert.equal(chat.costUsd, (chat.promptTokens * 0.15 + chat.completionTokens * 0.6) / 1e6);
    // No price for the embedding model: its cost and the total are unknown, never a guess.
    assert.equal(judging.rows.find((r) => r.evaluator === 'semantic_similarity')?.costUsd, null);
    assert.equal(judging.totals.costUsd, null);
    // The 1-10 and A-F criteria are asked on their own scale and counted.
    const body = double.requests.find((r) => r.route === 'chat')!.body as ChatBody;
    const alternatives = (body.response_format!.json_schema!.schema['properties'] as { results: { items: { anyOf: { properties: { score: unknown } }[] } } }).results.items.anyOf;
    assert.deepEqual(alternatives.map((a) => a.properties.score), [
      { type: 'integer', minimum: 1, maximum: 5 },
      { type: 'integer', minimum: 1, maximum: 10 },
      { type: 'string', enum: ['A', 'B', 'C', 'D', 'E', 'F'] },
    ]);
    assert.ok(results.every((r) => r.answer?.criteria['clarity'] !== null && r.answer?.criteria['grade'] !== null && typeof r.answer?.score === 'number'));
  });

  it('a second run is served from the cache: no HTTP call, hits counted, no cost', async () => {
    const cache = createCallCache(dir);
    const first = await run(['a', 'b'], [judge(), embed()], [...QUALITY, { name: 'semantic_similarity', description: 's', scale: 'numeric' }], { cache });
    const calls = double.requests.length;
    assert.equal(calls, 4);
    const second = await run(['a', 'b'], [judge(), embed()], [...QUALITY, { name: 'semantic_similarity', description: 's', scale: 'numeric' }], { cache, prices: { 'gpt-4o-mini': { input: 1, output: 1 }, 'text-embedding-3-small': { input: 1, output: 0 } } });
    assert.equal(double.requests.length, calls, 'no HTTP call on the second run');
    assert.deepEqual([second.judging?.totals.calls, second.judging?.totals.cacheHits, second.judging?.totals.promptTokens, second.judging?.totals.costUsd], [0, 4, 0, 0]);
    assert.deepEqual(second.results.map((r) => r.answer?.score), first.results.map((r) => r.answer?.score));
    // A changed answer is a new key: asked again.
    await run(['a'], [judge()], QUALITY, { cache }, () => 'A different answer.');
    assert.equal(double.requests.length, calls + 1);
  });

  it('never more evaluator calls in flight than the concurrency setting', async () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    // A fresh double, so its maxInFlight measures only this run (8 cases, concurrency 3).
    // 300 ms a reply: the three calls allowed at once overlap there even on a loaded machine.
    const narrow = await startOpenAiDouble({ latencyMs: 300 });
    try {
      const session = createJudgeSession({ cache: null, concurrency: 3, prices: {} });
      const registry = registerNetworkEvaluators(createRegistry(), { session, env: { [KEY_ENV]: narrow.apiKey } });
      await scoreCases(ids.map(answerCase), ids.map((id) => observation(id, `answer ${id}`)), {
        k: 5,
        facets: {},
        answers: { criteria: QUALITY, evaluators: [{ ...judge(), baseUrl: narrow.baseUrl }], registry, toolMap: {}, session },
      });
      assert.equal(narrow.requests.length, 8);
      assert.equal(narrow.maxInFlight, 3);
    } finally {
      await narrow.close();
    }
  });

  it('a spent budget stops judging cleanly: later cases are not judged (budget), counted in health, never scored', async () => {
    const ids = ['a', 'b', 'c', 'd'];
    double.setDefault('chat', { kind: 'reply', usage: { prompt_tokens: 600, completion_tokens: 100 } });
    try {
      const { results, judging, health } = await run(ids, [judge()], QUALITY, { concurrency: 1, budget: { tokens: 1000 } });
      assert.equal(double.requests.length, 2, 'the call that crossed the budget was the last');
      assert.deepEqual(results.map((r) => r.answer?.score === null), [false, false, true, true]);
      assert.ok(results.slice(2).every((r) => /not judged \(budget\): the judging budget of 1,000 tokens is spent/.test(r.answer?.unjudged?.[0]?.reason ?? '')));
      assert.deepEqual(judging?.budget, { tokens: 1000, stopped: true, notJudged: ['c', 'd'] });
      const problem = health.problems.find((p) => p.code === 'judging_budget');
      assert.equal(problem?.severity, 'warn');
      assert.match(problem?.message ?? '', /^2 of 4 answer cases not judged \(budget\) \(c, d\): the judging budget of 1,000 tokens is spent/);
      assert.deepEqual(health.evaluatorErrors, {}, 'a budget stop is not a judge outage');
    } finally {
      double.setDefault('chat', { kind: 'reply' });
    }
  });

  it('samples: N keeps every sample; the score is their mean, with spread and agreement', async () => {
    const reply = (score: number) => ({ kind: 'reply' as const, content: JSON.stringify({ results: [{ criterion: 'quality', reasoning: `r${score}`, score }] }) });
    double.script('chat', reply(5), reply(5), reply(1));
    const { results, judging } = await run(['a'], [judge({ samples: 3, temperature: 1 })], QUALITY);
    const result = results[0]!.answer!;
    assert.equal(result.criteria['quality'], (1 + 1 + 0) / 3);
    const evaluation = result.evaluations[0]!;
    assert.equal(evaluation.score, 5, 'the modal sample is shown');
    assert.deepEqual((evaluation.metadata?.['samples'] as { score: number }[]).map((s) => s.score).sort(), [1, 5, 5]);
    const stats = evaluation.metadata?.['sampleStats'] as { n: number; mean: number; sd: number; agreement: number };
    assert.equal(stats.n, 3);
    assert.equal(stats.agreement, 2 / 3);
    assert.ok(Math.abs(stats.sd - Math.sqrt(2) / 3) < 1e-12);
    assert.deepEqual(judging?.samples?.['quality'], { cases: 1, samples: 3, meanSd: stats.sd, meanAgreement: 2 / 3 });
  });
});
