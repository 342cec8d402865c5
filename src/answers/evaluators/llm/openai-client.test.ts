/** The HTTP client against the loopback OpenAI double: shapes, retries, timeouts, secrets. */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createOpenAiClient, endpointUrl, OpenAiError, type OpenAiClientOptions } from './openai-client.ts';
import { startOpenAiDouble, type OpenAiDouble } from '../../../../test/support/openai-double/index.ts';

const KEY_ENV = 'DOCS_MCP_EVAL_TEST_KEY';

describe('openai client', () => {
  let double: OpenAiDouble;
  let client: ReturnType<typeof createOpenAiClient>;
  const options = (extra: Partial<OpenAiClientOptions> = {}): OpenAiClientOptions => ({
    baseUrl: double.baseUrl,
    apiKeyEnv: KEY_ENV,
    env: { [KEY_ENV]: double.apiKey },
    baseDelayMs: 5,
    maxDelayMs: 20,
    ...extra,
  });
  const chat = { model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content: 'Say OK' }] };

  before(async () => {
    double = await startOpenAiDouble();
  });
  beforeEach(() => {
    double.requests.length = 0;
    client = createOpenAiClient(options());
  });
  after(() => double.close());

  it('joins the endpoint path whatever the slashes, keeping a query string', () => {
    assert.equal(endpointUrl('https://api.openai.com/v1', 'chat/completions').href, 'https://api.openai.com/v1/chat/completions');
    assert.equal(endpointUrl('https://api.openai.com/v1/', '/embeddings').href, 'https://api.openai.com/v1/embeddings');
    assert.equal(endpointUrl('http://localhost:8080/openai/v1/?api-version=preview', 'embeddings').href, 'http://localhost:8080/openai/v1/embeddings?api-version=preview');
  });

  it('chat: sends Bearer auth and the real body; returns content, usage, wall time and request id', async () => {
    const result = await client.chat(chat);
    assert.equal(result.content, 'OK');
    assert.equal(result.finishReason, 'stop');
    assert.equal(result.refusal, null);
    assert.equal(result.attempts, 1);
    assert.ok(result.usage && result.usage.promptTokens > 0 && result.usage.completionTokens > 0);
    assert.equal(result.usage.totalTokens, result.usage.promptTokens + result.usage.completionTokens);
    assert.ok(result.ms >= 0 && result.ms < 60_000); // timed; the bound only guards a hang
    assert.match(result.requestId ?? '', /^req_/);
    const [request] = double.requests;
    assert.equal(request?.headers['authorization'], `Bearer ${double.apiKey}`);
    assert.deepEqual(request?.body, chat);
    assert.deepEqual(double.violations, []);
  });

  it('embeddings: one request for all inputs, vectors in input order', async () => {
    const result = await client.embeddings(['alpha beta', 'gamma'], { model: 'text-embedding-3-small', dimensions: 64 });
    assert.equal(result.vectors.length, 2);
    assert.equal(result.vectors[0]?.length, 64);
    assert.deepEqual(double.requests.map((r) => r.body), [{ model: 'text-embedding-3-small', input: ['alpha beta', 'gamma'], encoding_format: 'float', dimensions: 64 }]);
    assert.ok(result.usage && result.usage.promptTokens > 0);
  });

  it('retries a 500, then succeeds', async () => {
    double.script('chat', { kind: 'error', status: 500 });
    const result = await client.chat(chat);
    assert.equal(result.attempts, 2);
    assert.deepEqual(double.requests.map((r) => r.status), [500, 200]);
  });

  it('does not retry a 400; the error carries status, code and the server message', async () => {
    double.script('chat', { kind: 'error', status: 400, message: "Invalid value for 'model'", code: 'model_not_found' });
    const error = await client.chat(chat).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof OpenAiError);
    assert.equal(error.kind, 'http');
    assert.equal(error.status, 400);
    assert.equal(error.code, 'model_not_found');
    assert.equal(error.attempts, 1);
    assert.match(error.message, /failed after 1 attempt: HTTP 400 model_not_found: Invalid value for 'model'/);
    assert.equal(double.requests.length, 1);
  });

  it('gives up after maxAttempts on persistent 503s', async () => {
    double.script('chat', { kind: 'error', status: 503 }, { kind: 'error', status: 503 }, { kind: 'error', status: 503 });
    await assert.rejects(createOpenAiClient(options({ maxAttempts: 3 })).chat(chat), (e: unknown) => e instanceof OpenAiError && e.attempts === 3 && e.status === 503);
    assert.equal(double.requests.length, 3);
  });

  it('honours retry-after on a 429', async () => {
    double.script('chat', { kind: 'rate_limit', retryAfterSeconds: 1 });
    const started = Date.now();
    const result = await client.chat(chat);
    assert.ok(Date.now() - started >= 950, `waited ${Date.now() - started} ms`);
    assert.equal(result.attempts, 2);
    assert.deepEqual(double.requests.map((r) => r.status), [429, 200]);
  });

  it('fails at once when retry-after asks for more than maxRetryAfterMs', async () => {
    double.script('chat', { kind: 'rate_limit', retryAfterSeconds: 120 });
    await assert.rejects(client.chat(chat), (e: unknown) => e instanceof OpenAiError && e.kind === 'rate_limit' && /wait 120 s/.test(e.message));
    assert.equal(double.requests.length, 1);
  });

  it('times out each attempt, retries, and reports the timeout', async () => {
    double.script('chat', { kind: 'timeout' }, { kind: 'timeout' });
    const started = Date.now();
    const error = await createOpenAiClient(options({ timeoutMs: 200, maxAttempts: 2 })).chat(chat).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof OpenAiError);
    assert.equal(error.kind, 'timeout');
    assert.equal(error.attempts, 2);
    assert.match(error.message, /no response within 200 ms/);
    assert.ok(Date.now() - started < 2_000);
  });

  it('a slow answer within the timeout is fine', async () => {
    double.script('chat', { kind: 'timeout', delayMs: 50 });
    assert.equal((await createOpenAiClient(options({ timeoutMs: 1_000 })).chat(chat)).content, 'OK');
  });

  it('retries network errors (connection refused) and names the cause', async () => {
    const closed = await startOpenAiDouble();
    const baseUrl = closed.baseUrl;
    await closed.close();
    const error = await createOpenAiClient(options({ baseUrl, maxAttempts: 2 })).chat(chat).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof OpenAiError);
    assert.equal(error.kind, 'network');
    assert.equal(error.attempts, 2);
    assert.match(error.message, /ECONNREFUSED/);
  });

  it('a missing key variable is a config error naming the variable, before any request', async () => {
    const error = await createOpenAiClient(options({ env: {} })).chat(chat).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof OpenAiError);
    assert.equal(error.kind, 'config');
    assert.match(error.message, new RegExp(`${KEY_ENV} \\(apiKeyEnv\\) is not set`));
    assert.equal(double.requests.length, 0);
  });

  it('never puts the key in an error message, even when the server echoes it', async () => {
    double.script('chat', { kind: 'error', status: 403, message: `key ${double.apiKey} is not allowed here (Bearer ${double.apiKey})` });
    const error = await client.chat(chat).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof Error);
    assert.ok(!error.message.includes(double.apiKey), error.message);
    assert.match(error.message, /\[REDACTED\]/);
  });

  it('a wrong key gets the real 401, not retried', async () => {
    const wrong = createOpenAiClient(options({ env: { [KEY_ENV]: 'sk-wrong-key-1234567890' } }));
    const error = await wrong.chat(chat).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof OpenAiError);
    assert.equal(error.status, 401);
    assert.equal(error.code, 'invalid_api_key');
    assert.ok(!error.message.includes('sk-wrong-key-1234567890'));
  });

  it('a 200 that is not JSON is a bad response, not retried', async () => {
    let calls = 0;
    const html = createOpenAiClient(options({ fetch: () => (calls++, Promise.resolve(new Response('<html>hi</html>', { status: 200 }))) }));
    await assert.rejects(html.chat(chat), (e: unknown) => e instanceof OpenAiError && e.kind === 'bad_response' && /not JSON/.test(e.message));
    assert.equal(calls, 1);
  });

  it('a JSON body without choices is reported as not OpenAI-compatible', async () => {
    const odd = createOpenAiClient(options({ fetch: () => Promise.resolve(Response.json({ output: 'hi' })) }));
    await assert.rejects(odd.chat(chat), /not an OpenAI-compatible answer: no choices/);
  });
});
