/**
 * The agent loop against both model doubles (each honouring its API's real request and
 * response shapes) and the real reference server over stdio: tool calls and results, stop
 * and finish reasons, usage, errors, 429 with retry-after, limits, and the call cache.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createOpenAiClient } from '../answers/evaluators/llm/openai-client.ts';
import { createJudgeSession, type JudgeSession } from '../answers/evaluators/llm/judge-session.ts';
import { createCallCache } from '../answers/evaluators/call-cache.ts';
import type { StdioSession } from '../server/stdio-session.ts';
import { startOpenAiDouble, type OpenAiDouble } from '../../test/support/openai-double/index.ts';
import { startAnthropicDouble, type AnthropicDouble } from '../../test/support/anthropic-double/index.ts';
import { anthropicScriptedAgent, openAiScriptedAgent } from '../../test/support/agent-script.ts';
import { startReferenceSession } from '../../test/support/reference-session.ts';
import { anthropicHeaders, anthropicMessages } from './providers/anthropic-messages.ts';
import { openAiChat } from './providers/openai-chat.ts';
import { runLoop, type LoopInput } from './loop.ts';
import type { ModelAccess } from './model-call.ts';
import { createToolbox } from './toolbox.ts';
import { workspaceTools } from './workspace-tools.ts';
import { createWorkspace, type Workspace } from './workspace.ts';

const PROMPT = 'Which HTTP header carries the idempotency key? Write the header name into answer.txt.';

describe('agent loop', () => {
  let server: StdioSession;
  let openai: OpenAiDouble;
  let anthropic: AnthropicDouble;
  const workspaces: Workspace[] = [];
  const sleeps: number[] = [];

  before(async () => {
    [server, openai, anthropic] = await Promise.all([startReferenceSession(), startOpenAiDouble(), startAnthropicDouble()]);
  });
  after(async () => {
    await Promise.all([server.close(), openai.close(), anthropic.close(), ...workspaces.map((w) => w.remove())]);
    assert.deepEqual(openai.violations, []);
    assert.deepEqual(anthropic.violations, []);
  });

  const session = (over: Partial<Parameters<typeof createJudgeSession>[0]> = {}): JudgeSession => createJudgeSession({ cache: null, concurrency: 1, prices: {}, ...over });

  function access(kind: 'openai' | 'anthropic', judging: JudgeSession = session()): ModelAccess {
    const double = kind === 'openai' ? openai : anthropic;
    const client = createOpenAiClient({
      baseUrl: double.baseUrl,
      apiKeyEnv: 'AGENT_KEY',
      env: { AGENT_KEY: double.apiKey },
      sleep: (ms) => {
        sleeps.push(ms);
        return Promise.resolve();
      },
      ...(kind === 'anthropic' ? { api: { name: 'Anthropic', rootExample: 'https://api.anthropic.com/v1', authHeaders: anthropicHeaders } } : {}),
    });
    return { provider: kind === 'openai' ? openAiChat : anthropicMessages, client, session: judging, settings: { model: kind === 'openai' ? 'gpt-test' : 'claude-test' }, maxAttempts: 3, requestTimeoutMs: 10_000 };
  }

  async function loop(kind: 'openai' | 'anthropic', over: Partial<LoopInput> & { docs?: boolean } = {}) {
    const ws = await createWorkspace();
    workspaces.push(ws);
    const docs = over.docs === false ? undefined : { tools: server.tools, caller: server, timeoutMs: 10_000 };
    const outcome = await runLoop({
      system: 'You are a coding agent.',
      prompt: PROMPT,
      toolbox: createToolbox(docs, workspaceTools(ws, null)),
      model: access(kind),
      maxTurns: 15,
      timeoutMs: 60_000,
      budget: {},
      price: undefined,
      repetition: 0,
      arm: 'docs',
      ...over,
    });
    return { outcome, ws };
  }

  it('OpenAI: looks the answer up with the server tools and writes it (tool_calls, tool messages, finish reasons, usage)', async () => {
    openai.setDefault('chat', openAiScriptedAgent());
    const served = openai.served.calls;
    const { outcome, ws } = await loop('openai');
    assert.equal(outcome.stop, 'final');
    assert.equal(outcome.final, 'Wrote answer.txt from sdks/python/idempotency.md#python-sdk-idempotent-requests/passing-an-idempotency-key.');
    assert.deepEqual(outcome.steps.map((s) => [s.turn, s.finishReason, s.toolCalls.map((c) => `${c.source}:${c.tool}:${c.ok}`)]), [
      [1, 'tool_calls', ['docs:search_docs:true']],
      [2, 'tool_calls', ['docs:get_doc:true']],
      [3, 'tool_calls', ['workspace:write_file:true']],
      [4, 'stop', []],
    ]);
    assert.match((await ws.read('answer.txt')).text, /Idempotency-Key/);
    assert.equal(openai.served.calls - served, 4);
    assert.ok(outcome.usage.promptTokens > 0 && outcome.usage.completionTokens > 0);
    // The server's round trip, timed at the transport.
    assert.ok(outcome.steps[0]!.toolCalls[0]!.ms > 0);
    assert.deepEqual(outcome.steps[0]!.toolCalls[0]!.args, { query: 'Which HTTP header carries the idempotency key?', limit: 3 });
    const tools = (openai.requests.at(-1)!.body as { tools: { function: { name: string } }[] }).tools.map((t) => t.function.name);
    assert.deepEqual(tools, [...server.tools.map((t) => t.name), 'write_file', 'read_file', 'list_files']);
  });

  it('Anthropic: the same task through tool_use and tool_result blocks, cache tokens counted', async () => {
    anthropic.setDefault(anthropicScriptedAgent());
    const { outcome, ws } = await loop('anthropic');
    assert.equal(outcome.stop, 'final');
    assert.deepEqual(outcome.steps.map((s) => s.finishReason), ['tool_use', 'tool_use', 'tool_use', 'end_turn']);
    assert.match((await ws.read('answer.txt')).text, /Idempotency-Key/);
    const request = anthropic.requests.at(-1)!;
    assert.equal(request.headers['anthropic-version'], '2023-06-01');
    assert.equal((request.body as { system: string }).system, 'You are a coding agent.');
    anthropic.script({ kind: 'reply', text: 'done', usage: { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 90, cache_creation_input_tokens: 20 } });
    const cached = await loop('anthropic');
    assert.deepEqual(cached.outcome.usage, { promptTokens: 120, completionTokens: 5, cachedTokens: 90 });
  });

  it('without docs: only the workspace tools, so the agent cannot look it up', async () => {
    openai.setDefault('chat', openAiScriptedAgent());
    const { outcome, ws } = await loop('openai', { docs: false, arm: 'without_docs' });
    assert.equal(outcome.stop, 'final');
    assert.deepEqual(outcome.steps.map((s) => s.toolCalls.map((c) => c.tool)), [['write_file'], []]);
    assert.doesNotMatch((await ws.read('answer.txt')).text, /Idempotency-Key/);
  });

  it('stops cleanly at the turn limit, the task budget and broken tool arguments are told to the model', async () => {
    openai.setDefault('chat', openAiScriptedAgent());
    const turns = await loop('openai', { maxTurns: 2 });
    assert.equal(turns.outcome.stop, 'turns');
    assert.match(turns.outcome.stopDetail ?? '', /after 2 turns/);
    const budget = await loop('openai', { budget: { tokens: 1 } });
    assert.equal(budget.outcome.stop, 'budget');
    assert.equal(budget.outcome.steps.length, 1);
    assert.match(budget.outcome.stopDetail ?? '', /task's budget of 1 tokens/);
    openai.script('chat', { kind: 'reply', toolCalls: [{ name: 'write_file', arguments: '{"path": "a.txt", ' }, { name: 'nope', arguments: {} }] }, { kind: 'reply', content: 'gave up' });
    const broken = await loop('openai');
    assert.equal(broken.outcome.stop, 'final');
    assert.deepEqual(broken.outcome.steps[0]!.toolCalls.map((c) => [c.tool, c.ok, c.result.slice(0, 32)]), [
      ['write_file', false, 'the arguments are not valid JSON'],
      ['nope', false, 'there is no tool named "nope"; t'],
    ]);
  });

  it('honours 429 retry-after and 529, and stops with the error when the API refuses for good', async () => {
    sleeps.length = 0;
    openai.script('chat', { kind: 'rate_limit', retryAfterSeconds: 2 }, { kind: 'reply', content: 'ok' });
    assert.equal((await loop('openai')).outcome.stop, 'final');
    assert.deepEqual(sleeps, [2000]);
    anthropic.script({ kind: 'overloaded' }, { kind: 'reply', text: 'ok' });
    assert.equal((await loop('anthropic')).outcome.final, 'ok');
    anthropic.script({ kind: 'error', status: 400, type: 'invalid_request_error', message: 'prompt is too long' });
    const failed = await loop('anthropic');
    assert.equal(failed.outcome.stop, 'error');
    assert.match(failed.outcome.stopDetail ?? '', /HTTP 400 invalid_request_error: prompt is too long/);
  });

  it('replays an unchanged run from the call cache, and the run budget refuses the first call cleanly', async () => {
    openai.setDefault('chat', openAiScriptedAgent());
    const cache = createCallCache(mkdtempSync(path.join(os.tmpdir(), 'dme-agent-cache-')));
    const judging = session({ cache });
    const first = await loop('openai', { model: access('openai', judging) });
    const served = openai.served.calls;
    const again = await loop('openai', { model: access('openai', session({ cache })) });
    assert.equal(openai.served.calls, served, 'no model call on the replay');
    assert.deepEqual(again.outcome.steps.map((s) => s.cached), [true, true, true, true]);
    assert.deepEqual(again.outcome.usage, first.outcome.usage);
    // Another repetition is another sample: not served from the first one's cache.
    await loop('openai', { model: access('openai', session({ cache })), repetition: 1 });
    assert.equal(openai.served.calls, served + 4);
    const poor = await loop('openai', { model: access('openai', session({ budget: { tokens: 1 } })) });
    assert.equal(poor.outcome.stop, 'budget');
    assert.equal(poor.outcome.started, true, 'the first call is under the budget');
    const spent = session({ budget: { tokens: 1 } });
    await loop('openai', { model: access('openai', spent) });
    const none = await loop('openai', { model: access('openai', spent) });
    assert.equal(none.outcome.started, false);
    assert.equal(none.outcome.steps.length, 0);
  });
});
