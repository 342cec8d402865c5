/** semantic_similarity against the loopback OpenAI double's hashed bag-of-words embeddings. */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { EvaluationCriteria, EvaluationInput, EvaluatorConfig } from '../../../model/evaluation.ts';
import { cosine, createSemanticSimilarityFactory } from './semantic-similarity.ts';
import { startOpenAiDouble, type EmbeddingsBody, type OpenAiDouble } from '../../../../test/support/openai-double/index.ts';

const KEY_ENV = 'SIMILARITY_TEST_KEY';
const CRITERIA: EvaluationCriteria[] = [{ name: 'semantic_accuracy', description: 'Means the same as the reference', scale: 'numeric' }];
const TRUTH = 'Install the command line tool with npm install -g acme-cli, then run acme login.';

describe('semantic_similarity', () => {
  let double: OpenAiDouble;
  let config: EvaluatorConfig;
  const make = (extra: Partial<EvaluatorConfig> = {}) =>
    createSemanticSimilarityFactory({ env: { [KEY_ENV]: double.apiKey }, client: { baseDelayMs: 5 } })({ ...config, ...extra }, CRITERIA);
  const input = (response: string, groundTruth: unknown = TRUTH): EvaluationInput => ({ response, groundTruth, criteria: CRITERIA });

  before(async () => {
    double = await startOpenAiDouble();
  });
  beforeEach(() => {
    double.requests.length = 0;
    config = { type: 'semantic_similarity', baseUrl: double.baseUrl, apiKeyEnv: KEY_ENV, model: 'text-embedding-3-small', criterion: 'semantic_accuracy' };
  });
  after(() => double.close());

  it('closer texts score higher; scores are 0..1; one request carries both texts', async () => {
    const evaluator = make();
    const responses = [
      TRUTH,
      'Run npm install -g acme-cli to install the command line tool, then acme login.',
      'Use npm to install acme-cli.',
      'The weather in Lisbon is sunny today.',
    ];
    const scores: number[] = [];
    for (const response of responses) {
      const [result] = await evaluator.evaluate(input(response), CRITERIA);
      assert.equal(result?.criterionName, 'semantic_accuracy');
      assert.equal(result?.error, undefined);
      scores.push(result?.score as number);
    }
    assert.ok(Math.abs((scores[0] ?? 0) - 1) < 1e-9);
    for (let i = 1; i < scores.length; i++) assert.ok((scores[i - 1] ?? 0) > (scores[i] ?? 0), `scores not decreasing: ${scores.join(', ')}`);
    assert.ok(scores.every((s) => s >= 0 && s <= 1));
    assert.equal(double.requests.length, responses.length);
    assert.deepEqual((double.requests[1]?.body as EmbeddingsBody).input, [responses[1], TRUTH]);
    assert.deepEqual(double.violations, []);
  });

  it('records the raw cosine, time and model', async () => {
    const [result] = await make().evaluate(input('npm install -g acme-cli'), CRITERIA);
    const meta = result?.metadata ?? {};
    assert.equal(typeof meta['cosine'], 'number');
    assert.equal(meta['model'], 'text-embedding-3-small');
    assert.equal(meta['tokens'], undefined, 'tokens are counted by the judging session, once per call');
    assert.equal(meta['attempts'], 1);
    assert.match(result?.reasoning ?? '', /^cosine similarity 0\.\d{3} between the response and the ground truth/);
  });

  it('a missing ground truth is an error result for that case, with no request', async () => {
    const [result] = await make().evaluate({ response: 'anything', criteria: CRITERIA }, CRITERIA);
    assert.match(result?.error ?? '', /this case has no groundTruth/);
    assert.equal(double.requests.length, 0);
    const [structured] = await make().evaluate(input('anything', { answer: 42 }), CRITERIA);
    assert.match(structured?.error ?? '', /groundTruth must be text/);
  });

  it('several acceptable answers: the closest counts', async () => {
    const [result] = await make().evaluate(input('acme login', ['The weather is sunny.', 'Then run acme login.']), CRITERIA);
    assert.equal((result?.metadata?.['cosines'] as number[]).length, 2);
    assert.equal(result?.score, Math.max(0, ...(result?.metadata?.['cosines'] as number[])));
  });

  it('an empty response scores 0 without a request (the API refuses empty input)', async () => {
    const [result] = await make().evaluate(input('   '), CRITERIA);
    assert.equal(result?.score, 0);
    assert.equal(result?.error, undefined);
    assert.equal(double.requests.length, 0);
  });

  it('negative cosines are clamped to 0, not mapped to 0.5', async () => {
    double.script('embeddings', { kind: 'reply', vectors: () => [[1, 0], [-1, 0]] });
    const [result] = await make().evaluate(input('opposite'), CRITERIA);
    assert.equal(result?.score, 0);
    assert.equal(result?.metadata?.['cosine'], -1);
  });

  it('an API failure is an error result naming the status', async () => {
    double.script('embeddings', { kind: 'error', status: 400, message: "This model's maximum context length is 8192 tokens" });
    const [result] = await make().evaluate(input('text'), CRITERIA);
    assert.match(result?.error ?? '', /HTTP 400.*maximum context length/);
  });

  it('passes dimensions through', async () => {
    await make({ dimensions: 32 }).evaluate(input('text'), CRITERIA);
    assert.equal((double.requests[0]?.body as EmbeddingsBody).dimensions, 32);
  });

  it('configuration: one numeric criterion; off unless configured', () => {
    const env = { [KEY_ENV]: 'sk-test-0123456789' };
    const factory = createSemanticSimilarityFactory({ env });
    const base = { ...config, baseUrl: 'https://api.openai.com/v1' };
    const { criterion: _criterion, ...unnamed } = base;
    assert.equal(factory({ ...unnamed, criteria: ['semantic_accuracy'] }, CRITERIA).type, 'semantic_similarity');
    // Through the framework the criteria arrive resolved: one given, that one is scored.
    assert.equal(factory(unnamed, CRITERIA).type, 'semantic_similarity');
    assert.throws(() => factory(unnamed, [...CRITERIA, { name: 'b', description: '', scale: 'numeric' }]), /scores one criterion; name it with criterion/);
    assert.throws(() => factory({ ...unnamed, criteria: ['a', 'b'] }, CRITERIA), /scores one criterion; the config names 2 \(a, b\)/);
    assert.throws(() => factory(base, [{ name: 'semantic_accuracy', description: '', scale: 'likert5' }]), /scale likert5; the similarity is a numeric 0\.\.1 score/);
    assert.throws(() => createSemanticSimilarityFactory({ env: {} })(base, CRITERIA), /not configured: the environment variable SIMILARITY_TEST_KEY \(apiKeyEnv\) is not set/);
  });

  it('skipped when optional and not configured', async () => {
    const evaluator = createSemanticSimilarityFactory({ env: {} })({ ...config, optional: true }, CRITERIA);
    const [result] = await evaluator.evaluate(input('text'), CRITERIA);
    assert.equal(result?.metadata?.['skipped'], true);
    assert.match(result?.error ?? '', /^semantic_similarity skipped \(optional\)/);
  });

  it('cosine', () => {
    assert.equal(cosine([1, 0], [1, 0]), 1);
    assert.equal(cosine([1, 0], [0, 1]), 0);
    assert.equal(cosine([0, 0], [1, 0]), 0);
    assert.ok(Math.abs(cosine([1, 1], [1, 0]) - Math.SQRT1_2) < 1e-12);
  });
});
