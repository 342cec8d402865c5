/**
 * The four grounded metrics against the loopback OpenAI double: scripted claims,
 * verdicts and generated questions in the real structured-output shapes, and scores
 * checked against hand-computed values. A missing context or a judge outage is an error
 * result (the case is not judged), never a 0.
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { EvaluationInput, EvaluationResult, EvaluatorConfig } from '../../../model/evaluation.ts';
import type { GroundingContext } from '../../../model/observation.ts';
import { startOpenAiDouble, type ChatBody, type OpenAiDouble } from '../../../../test/support/openai-double/index.ts';
import { createGroundedFactory, type GroundedMetric } from './metric.ts';
import { faithfulness } from './faithfulness.ts';
import { contextPrecision } from './context-precision.ts';
import { contextRecall } from './context-recall.ts';
import { answerRelevancy } from './answer-relevancy.ts';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCallCache } from '../call-cache.ts';
import { createJudgeSession, type JudgeSession } from '../llm/judge-session.ts';

const KEY_ENV = 'GROUNDED_TEST_KEY';
const DOCS = ['Retries: the client retries 3 times with exponential backoff.', 'Webhooks are signed with HMAC-SHA256.', 'Timeouts: 30 seconds by default.', 'Install with pip install nimbus.'];

function grounding(documents: string[] = DOCS): GroundingContext {
  return { source: 'search', query: 'q', documents: documents.map((text, i) => ({ id: `doc${i + 1}.md`, text, chars: text.length })), calls: 1 + documents.length, ms: 3 };
}

function input(extra: Partial<EvaluationInput> = {}, context: GroundingContext | null = grounding()): EvaluationInput {
  return {
    prompt: 'How does the client retry?',
    response: 'The client retries 3 times with exponential backoff. It waits 10 seconds between tries.',
    criteria: [],
    ...(context ? { context: { grounding: context } } : {}),
    ...extra,
  };
}

/** Replies by the request's schema name; the user message is passed for per-document answers. */
type Router = Record<string, (user: string) => unknown>;

describe('grounded metrics', () => {
  let double: OpenAiDouble;
  const route = (router: Router) =>
    double.setDefault('chat', {
      kind: 'reply',
      content: (body: ChatBody) => {
        const name = body.response_format?.json_schema?.name ?? '';
        const answer = router[name];
        assert.ok(answer, `no scripted answer for ${name}`);
        return JSON.stringify(answer(body.messages[1]?.content ?? ''));
      },
    });
  const evaluate = async <O>(metric: GroundedMetric<O>, data: EvaluationInput, extra: Partial<EvaluatorConfig> = {}, session?: JudgeSession): Promise<EvaluationResult> => {
    const config: EvaluatorConfig = { type: metric.type, baseUrl: double.baseUrl, apiKeyEnv: KEY_ENV, model: 'gpt-4o-mini', maxAttempts: 2, ...extra };
    const factory = createGroundedFactory(metric, { env: { [KEY_ENV]: double.apiKey }, client: { baseDelayMs: 1, maxDelayMs: 2 }, ...(session ? { session } : {}) });
    const [result, ...rest] = await factory(config, []).evaluate(data, []);
    assert.equal(rest.length, 0);
    assert.ok(result);
    return result;
  };
  const chats = () => double.requests.filter((r) => r.route === 'chat').map((r) => r.body as ChatBody);

  before(async () => {
    double = await startOpenAiDouble();
  });
  beforeEach(() => {
    double.requests.length = 0;
    double.violations.length = 0;
  });
  after(() => double.close());

  it('faithfulness: claims from the answer, one verdict each against the context; 3 of 4 supported = 0.75', async () => {
    route({
      answer_claims: () => ({ claims: ['The client retries 3 times.', 'Retries use exponential backoff.', 'The client waits 10 seconds between tries.', 'Retries happen on failure.'] }),
      // Out of order on purpose: verdicts are matched by claim number.
      claim_verdicts: () => ({
        verdicts: [
          { claim: 3, reason: 'the context gives no wait time', supported: false },
          { claim: 1, reason: 'stated in [1]', supported: true },
          { claim: 2, reason: 'stated in [1]', supported: true },
          { claim: 4, reason: 'implied by [1]', supported: true },
        ],
      }),
    });
    const r = await evaluate(faithfulness, input());
    assert.equal(r.error, undefined);
    assert.equal(r.score, 0.75);
    assert.equal(r.criterionName, 'faithfulness');
    assert.match(r.reasoning ?? '', /^3 of 4 claims supported by the 4 context document\(s\); not supported: "The client waits 10 seconds between tries\."$/);
    const claims = r.metadata?.['claims'] as { claim: string; supported: boolean; reason: string }[];
    assert.deepEqual(claims.map((c) => c.supported), [true, true, false, true]);
    assert.equal(claims[2]?.reason, 'the context gives no wait time');
    const [extract, verify] = chats();
    assert.ok(extract?.messages[1]?.content.includes('It waits 10 seconds between tries.'), 'the answer goes to claim extraction');
    assert.ok(!extract?.messages[1]?.content.includes(DOCS[0] ?? ''), 'the context does not');
    for (const doc of DOCS) assert.ok(verify?.messages[1]?.content.includes(doc), 'every document goes to verification');
    assert.ok(verify?.messages[1]?.content.includes('3. The client waits 10 seconds between tries.'));
    assert.equal(extract?.response_format?.json_schema?.strict, true);
    assert.deepEqual(r.metadata?.['calls'], 2);
    assert.ok((r.metadata?.['tokens'] as { total: number }).total > 0);
    assert.deepEqual(double.violations, []);
  });

  it('faithfulness: a verdict list missing a claim is asked again; no claim at all is n/a, not a score', async () => {
    let asked = 0;
    route({
      answer_claims: () => ({ claims: ['A.', 'B.'] }),
      claim_verdicts: () => (++asked === 1 ? { verdicts: [{ claim: 1, reason: 'x', supported: true }] } : { verdicts: [{ claim: 1, reason: 'x', supported: true }, { claim: 2, reason: 'y', supported: false }] }),
    });
    const retried = await evaluate(faithfulness, input());
    assert.equal(retried.score, 0.5);
    assert.equal(retried.metadata?.['attempts'], 3, 'claims 1 + verdicts 2');
    route({ answer_claims: () => ({ claims: [] }) });
    const none = await evaluate(faithfulness, input({ response: 'Sorry, I cannot help with that.' }));
    assert.equal(none.score, 'n/a');
    assert.equal(none.error, undefined);
    assert.equal(none.metadata?.['skipped'], true);
  });

  it('context precision: one call per document; useful at ranks 2 and 4 = (1/2 + 2/4) / 2 = 0.5', async () => {
    route({ context_usefulness: (user) => ({ reason: 'r', useful: user.includes(DOCS[1] ?? '@') || user.includes(DOCS[3] ?? '@') }) });
    const r = await evaluate(contextPrecision, input({ groundTruth: 'Three retries with exponential backoff.' }));
    assert.equal(r.score, 0.5);
    assert.equal(chats().length, 4);
    assert.ok(chats().every((b) => b.messages[1]?.content.includes('Three retries with exponential backoff.')), 'judged against the reference');
    assert.equal(r.metadata?.['against'], 'reference');
    assert.deepEqual((r.metadata?.['documents'] as { id: string; useful: boolean }[]).map((d) => [d.id, d.useful]), [['doc1.md', false], ['doc2.md', true], ['doc3.md', false], ['doc4.md', true]]);
    assert.match(r.reasoning ?? '', /2 of 4 documents useful \(judged against the reference\), at ranks 2, 4/);
  });

  it('context precision without a groundTruth is judged against the answer (ragas context utilization): useful at 1 and 3 = 5/6', async () => {
    route({ context_usefulness: (user) => ({ reason: 'r', useful: user.includes(DOCS[0] ?? '@') || user.includes(DOCS[2] ?? '@') }) });
    const r = await evaluate(contextPrecision, input({}, grounding(DOCS.slice(0, 3))));
    assert.ok(Math.abs((r.score as number) - 5 / 6) < 1e-12, String(r.score));
    assert.equal(r.metadata?.['against'], 'answer');
  });

  it('context recall: 2 of 3 reference statements attributed to the context = 2/3', async () => {
    route({
      reference_attribution: () => ({
        statements: [
          { statement: 'The client retries 3 times.', reason: 'in [1]', attributed: true },
          { statement: 'Backoff is exponential.', reason: 'in [1]', attributed: true },
          { statement: 'The first wait is 500 ms.', reason: 'not in the context', attributed: false },
        ],
      }),
    });
    const r = await evaluate(contextRecall, input({ groundTruth: 'It retries 3 times with exponential backoff, first waiting 500 ms.' }));
    assert.ok(Math.abs((r.score as number) - 2 / 3) < 1e-12);
    assert.match(r.reasoning ?? '', /2 of 3 reference statements found .*missing: "The first wait is 500 ms\."/);
    assert.ok(chats()[0]?.messages[1]?.content.includes('first waiting 500 ms'));
  });

  it('answer relevancy: questions generated from the answer, embedded with the question; mean cosine (1 + 0.6) / 2 = 0.8', async () => {
    route({ generated_questions: () => ({ questions: ['How many times does the client retry?', 'What backoff is used?', 'extra beyond strictness'], noncommittal: false }) });
    double.script('embeddings', { kind: 'reply', vectors: () => [[1, 0], [1, 0], [0.6, 0.8]] });
    const r = await evaluate(answerRelevancy, input(), { embeddingModel: 'text-embedding-3-small', strictness: 2 });
    assert.ok(Math.abs((r.score as number) - 0.8) < 1e-12, String(r.score));
    const embedded = double.requests.find((q) => q.route === 'embeddings')?.body as { input: string[]; model: string };
    assert.deepEqual(embedded.input, ['How does the client retry?', 'How many times does the client retry?', 'What backoff is used?']);
    assert.equal(embedded.model, 'text-embedding-3-small');
    assert.match(chats()[0]?.messages[0]?.content ?? '', /Write 2 different questions/);
    assert.deepEqual(r.metadata?.['questions'], ['How many times does the client retry?', 'What backoff is used?']);
    assert.deepEqual(double.violations, []);
  });

  it('answer relevancy: a noncommittal answer scores 0; a negative mean cosine is clamped to 0', async () => {
    route({ generated_questions: () => ({ questions: ['What is this?'], noncommittal: true }) });
    double.script('embeddings', { kind: 'reply', vectors: () => [[1, 0], [1, 0]] });
    const evasive = await evaluate(answerRelevancy, input({ response: "I'm not sure." }), { embeddingModel: 'e' });
    assert.equal(evasive.score, 0);
    assert.match(evasive.reasoning ?? '', /noncommittal/);
    route({ generated_questions: () => ({ questions: ['Unrelated?'], noncommittal: false }) });
    double.script('embeddings', { kind: 'reply', vectors: () => [[1, 0], [-1, 0]] });
    const opposite = await evaluate(answerRelevancy, input(), { embeddingModel: 'e' });
    assert.equal(opposite.score, 0);
    assert.equal(opposite.metadata?.['cosine'], -1);
  });

  it('a context that could not be fetched is an error result marked contextError, with no judge call; never a 0', async () => {
    const failed: GroundingContext = { source: 'search', documents: [], calls: 1, ms: 1, error: { kind: 'no_results', message: 'search_docs returned no results' } };
    for (const metric of [faithfulness, contextPrecision, contextRecall]) {
      const r = await evaluate(metric as GroundedMetric<unknown>, input({ groundTruth: 'ref' }, failed));
      assert.equal(r.score, 'error');
      assert.equal(r.metadata?.['contextError'], true);
      assert.match(r.error ?? '', /no context \(search\): search_docs returned no results/);
    }
    const none = await evaluate(faithfulness, input({}, null));
    assert.match(none.error ?? '', /the case has no context to judge against/);
    const noReference = await evaluate(contextRecall, input());
    assert.match(noReference.error ?? '', /no groundTruth/);
    assert.equal(chats().length, 0);
  });

  it('a judge outage is an error result, not a score', async () => {
    double.setDefault('chat', { kind: 'error', status: 500, message: 'boom' });
    const r = await evaluate(faithfulness, input());
    assert.equal(r.score, 'error');
    assert.match(r.error ?? '', /^faithfulness: extracting the answer's claims: .*HTTP 500/);
    assert.equal(r.metadata?.['contextError'], undefined);
  });

  it('rejects bad options at build time: a non-numeric criterion, answer_relevancy without embeddingModel, a typo', () => {
    const factory = (metric: GroundedMetric<unknown>) => createGroundedFactory(metric, { env: { [KEY_ENV]: 'sk-test-0123456789abcdef' } });
    const base = { baseUrl: 'http://127.0.0.1:1/v1', apiKeyEnv: KEY_ENV, model: 'm' };
    assert.throws(() => factory(faithfulness)({ type: 'faithfulness', ...base }, [{ name: 'f', description: 'd', scale: 'likert5' }]), /criterion f has scale likert5; faithfulness is a numeric 0..1 score/);
    assert.throws(() => factory(answerRelevancy)({ type: 'answer_relevancy', ...base }, []), /option embeddingModel is required/);
    assert.throws(() => factory(faithfulness)({ type: 'faithfulness', ...base, stricness: 3 }, []), /stricness/);
  });

  it("go through the run's judging session: usage counted per call, a repeat served from the cache, a spent budget not judged", async () => {
    route({
      answer_claims: () => ({ claims: ['The client retries 3 times.'] }),
      claim_verdicts: () => ({ verdicts: [{ claim: 1, reason: 'stated in [1]', supported: true }] }),
      generated_questions: () => ({ questions: ['How does the client retry?'], noncommittal: false }),
    });
    const cache = createCallCache(mkdtempSync(path.join(os.tmpdir(), 'dme-grounded-cache-')));
    const servedBefore = double.served.promptTokens;
    const first = createJudgeSession({ cache, concurrency: 2, prices: {} });
    assert.equal((await evaluate(faithfulness, input(), {}, first)).score, 1);
    assert.equal(typeof (await evaluate(answerRelevancy, input(), { embeddingModel: 'text-embedding-3-small' }, first)).score, 'number');
    const used = first.take([]);
    assert.deepEqual(used.rows.map((r) => `${r.evaluator} ${r.model} ${r.calls}`).sort(), ['answer_relevancy gpt-4o-mini 1', 'answer_relevancy text-embedding-3-small 1', 'faithfulness gpt-4o-mini 2']);
    assert.equal(used.totals.promptTokens, double.served.promptTokens - servedBefore, 'tokens counted once per API call');
    const asked = double.requests.length;
    const again = createJudgeSession({ cache, concurrency: 2, prices: {} });
    assert.equal((await evaluate(faithfulness, input(), {}, again)).score, 1);
    assert.equal(typeof (await evaluate(answerRelevancy, input(), { embeddingModel: 'text-embedding-3-small' }, again)).score, 'number');
    assert.equal(double.requests.length, asked, 'no HTTP call for a repeat');
    assert.equal(again.take([]).totals.cacheHits, 4);
    const broke = createJudgeSession({ cache: null, concurrency: 1, prices: {}, budget: { tokens: 1 } });
    await evaluate(faithfulness, input(), {}, broke);
    const stopped = await evaluate(faithfulness, input(), {}, broke);
    assert.equal(stopped.score, 'error');
    assert.match(stopped.error ?? '', /not judged \(budget\)/);
    assert.equal(stopped.metadata?.['budget'], true, 'run health counts it as a budget stop, not a judge outage');
  });
});
