/** The OpenAI double itself: real shapes out, real refusals for bad requests in. Raw fetch, no client. */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startOpenAiDouble, type OpenAiDouble } from './index.ts';
import { hashedEmbedding } from './embeddings.ts';

describe('openai double', () => {
  let double: OpenAiDouble;
  const post = async (path: string, body: unknown, key?: string) => {
    const response = await fetch(`${double.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key ?? double.apiKey}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, json: (await response.json()) as Record<string, unknown> };
  };
  const chat = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };

  before(async () => {
    double = await startOpenAiDouble();
  });
  beforeEach(() => {
    double.requests.length = 0;
    double.violations.length = 0;
  });
  after(() => double.close());

  it('chat completion: the real response shape', async () => {
    const { status, headers, json } = await post('/chat/completions', chat);
    assert.equal(status, 200);
    assert.match(headers.get('x-request-id') ?? '', /^req_/);
    assert.deepEqual(Object.keys(json).sort(), ['choices', 'created', 'id', 'model', 'object', 'system_fingerprint', 'usage']);
    assert.equal(json['object'], 'chat.completion');
    assert.equal(json['model'], 'gpt-4o-mini');
    assert.deepEqual(json['choices'], [{ index: 0, message: { role: 'assistant', content: 'OK', refusal: null }, logprobs: null, finish_reason: 'stop' }]);
    const usage = json['usage'] as Record<string, number>;
    assert.equal(usage['total_tokens'], (usage['prompt_tokens'] ?? 0) + (usage['completion_tokens'] ?? 0));
  });

  it('embeddings: the real response shape, float and base64', async () => {
    const { json } = await post('/embeddings', { model: 'text-embedding-3-small', input: ['a b', 'c'] });
    assert.equal(json['object'], 'list');
    const data = json['data'] as { object: string; index: number; embedding: number[] }[];
    assert.deepEqual(data.map((d) => [d.object, d.index, d.embedding.length]), [['embedding', 0, 256], ['embedding', 1, 256]]);
    assert.deepEqual(Object.keys(json['usage'] as object), ['prompt_tokens', 'total_tokens']);
    const b64 = await post('/embeddings', { model: 'm', input: 'a b', encoding_format: 'base64' });
    const encoded = (b64.json['data'] as { embedding: string }[])[0]?.embedding ?? '';
    const decoded = [...new Float32Array(new Uint8Array(Buffer.from(encoded, 'base64')).buffer)];
    assert.deepEqual(decoded, hashedEmbedding('a b').map((x) => Math.fround(x)));
  });

  it('hashed embeddings: shared words raise the cosine', () => {
    const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * (b[i] ?? 0), 0);
    const base = hashedEmbedding('install the acme cli with npm');
    assert.ok(dot(base, hashedEmbedding('npm install acme cli')) > dot(base, hashedEmbedding('the sky is blue today')));
  });

  it('refuses what the real API refuses, as violations with OpenAI error bodies', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['/chat/completions', { messages: chat.messages }, /you must provide a model parameter/],
      ['/chat/completions', { ...chat, temprature: 0 }, /Unrecognized request argument supplied: temprature/],
      ['/chat/completions', { ...chat, messages: [{ role: 'judge', content: 'x' }] }, /messages\[0\]\.role/],
      ['/chat/completions', { ...chat, response_format: { type: 'json_object' } }, /must contain the word 'json'/],
      [
        '/chat/completions',
        { ...chat, response_format: { type: 'json_schema', json_schema: { name: 'x', strict: true, schema: { type: 'object', properties: { a: { type: 'string' } } } } } },
        /'additionalProperties' is required to be supplied and to be false/,
      ],
      [
        '/chat/completions',
        { ...chat, response_format: { type: 'json_schema', json_schema: { name: 'x', strict: true, schema: { type: 'object', properties: { a: { type: 'string' } }, required: [], additionalProperties: false } } } },
        /including every key in properties. Missing 'a'/,
      ],
      ['/embeddings', { model: 'm', input: '' }, /input/],
      ['/embeddings', { model: 'm', input: [1, 2] }, /expected a string or an array/],
    ];
    for (const [path, body, pattern] of cases) {
      const { status, json } = await post(path, body);
      assert.equal(status, 400, JSON.stringify(body));
      const error = json['error'] as Record<string, unknown>;
      assert.deepEqual(Object.keys(error), ['message', 'type', 'param', 'code']);
      assert.equal(error['type'], 'invalid_request_error');
      assert.match(String(error['message']), pattern);
    }
    // One request may break several rules (the first schema case lacks `required` too).
    assert.ok(double.violations.length >= cases.length);
    assert.ok(double.requests.every((r) => r.status === 400 && r.behaviour === 'invalid'));
  });

  it('unknown routes 404 and a wrong key 401, like the real service', async () => {
    const notFound = await post('/completions/chat', chat);
    assert.equal(notFound.status, 404);
    assert.match(String((notFound.json['error'] as Record<string, unknown>)['message']), /Invalid URL \(POST \/v1\/completions\/chat\)/);
    const wrong = await post('/chat/completions', chat, 'sk-wrong-0123456789');
    assert.equal(wrong.status, 401);
    assert.equal((wrong.json['error'] as Record<string, unknown>)['code'], 'invalid_api_key');
  });

  it('scripted behaviours are consumed in order, then the default answers', async () => {
    double.script('chat', { kind: 'rate_limit', retryAfterSeconds: 7 }, { kind: 'error', status: 502 }, { kind: 'malformed' });
    const limited = await post('/chat/completions', chat);
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('retry-after'), '7');
    assert.equal((limited.json['error'] as Record<string, unknown>)['code'], 'rate_limit_exceeded');
    assert.equal((await post('/chat/completions', chat)).status, 502);
    const malformed = await post('/chat/completions', chat);
    const content = (malformed.json['choices'] as { message: { content: string } }[])[0]?.message.content ?? '';
    assert.throws(() => JSON.parse(content) as unknown);
    assert.equal((await post('/chat/completions', chat)).status, 200);
    assert.deepEqual(double.requests.map((r) => r.behaviour), ['rate_limit', 'error', 'malformed', 'reply']);
  });

  it('the default reply to a json_schema request is a valid instance of it', async () => {
    const schema = {
      type: 'object',
      properties: { verdict: { type: 'string', enum: ['yes', 'no'] }, confidence: { type: 'number', minimum: 0, maximum: 1 } },
      required: ['verdict', 'confidence'],
      additionalProperties: false,
    };
    const { json } = await post('/chat/completions', { ...chat, response_format: { type: 'json_schema', json_schema: { name: 'v', strict: true, schema } } });
    const content = (json['choices'] as { message: { content: string } }[])[0]?.message.content ?? '';
    assert.deepEqual(JSON.parse(content), { verdict: 'yes', confidence: 1 });
    assert.deepEqual(double.violations, []);
  });
});
