/**
 * `compare --judge-model` through the built CLI against the loopback OpenAI double: two
 * reports of the same answer cases, one with better answers. The judge (the double,
 * scripted to prefer the answer that names the right class) sees every pair in both
 * orders over the real chat-completions shapes (strict structured output); the markdown
 * has the win/tie/loss table, the sign test, the position bias and escaped reasoning.
 * A judge that is down leaves the cases not judged and exits 1. The calls go through the
 * judging session: a second comparison with the same cache asks nothing over HTTP, one
 * with --no-cache asks again, and the token and cost totals are printed. A refused or
 * cut-off verdict is asked again within the attempts, and no more than the session's
 * concurrency is asked at once.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Report } from '../src/model/report.ts';
import { answerReport } from './support/answer-reports.ts';
import { runCli } from './support/cli.ts';
import { startOpenAiDouble, type ChatBody, type OpenAiDouble } from './support/openai-double/index.ts';

const KEY_ENV = 'DME_TEST_PAIRWISE_KEY';
const IDS = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'];

function reportWith(answer: (id: string) => string): Report {
  const report = answerReport(IDS.map((id) => ({ id })));
  for (const c of report.cases) if (c.answer) c.answer.excerpt = answer(c.id);
  return report;
}

/** The double's judge: prefers the answer naming TokenContract, says so with a mention to escape. */
function verdict(body: ChatBody): string {
  const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
  const first = /<answer_1>\n([\s\S]*?)\n<\/answer_1>/.exec(user)?.[1] ?? '';
  const winner = first.includes('TokenContract') ? '1' : '2';
  return JSON.stringify({ reasoning: `answer ${winner} names TokenContract @octocat <b>bold</b>`, winner });
}

describe('compare: pairwise judging', () => {
  let judge: OpenAiDouble;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-pairwise-'));
  const good = path.join(dir, 'good.json');
  const weak = path.join(dir, 'weak.json');
  let caches = 0;
  // Each test its own call cache (none in the repository), unless it passes its own cache flags.
  const compare = (extra: string[] = []) =>
    runCli(
      [
        'compare', `main=${good}`, `branch=${weak}`, '--judge-model', 'gpt-4o-mini', '--judge-base-url', judge.baseUrl, '--judge-key-env', KEY_ENV, '--seed', '3',
        ...(extra.some((a) => a.endsWith('cache') || a === '--cache-dir') ? [] : ['--cache-dir', path.join(dir, `cache-${++caches}`)]),
        ...extra,
      ],
      { env: { [KEY_ENV]: judge.apiKey } },
    );
  const chatCalls = () => judge.requests.filter((q) => q.route === 'chat').length;

  before(async () => {
    judge = await startOpenAiDouble();
    writeFileSync(good, JSON.stringify(reportWith((id) => `Extend TokenContract for ${id}.`)));
    writeFileSync(weak, JSON.stringify(reportWith((id) => `Use a SmartContract for ${id}.`)));
  });
  after(() => judge.close());

  it('judges every pair in both orders and reports wins, the sign test and position bias', async () => {
    judge.setDefault('chat', { kind: 'reply', content: verdict });
    const r = await compare();
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(judge.violations, []);
    const chats = judge.requests.filter((q) => q.route === 'chat');
    assert.equal(chats.length, 12, 'two calls per case');
    assert.match(r.stdout, /### Pairwise: main vs branch \(6 answer case\(s\) judged, seed 3\)/);
    assert.match(r.stdout, /\| Cases +\| +6 \| +0 \| +0 \| +0 \| +0\.031 \|/);
    assert.match(r.stdout, /first-shown answer won 6 of 12 decisive verdicts \(50%/);
    assert.match(r.stdout, /@\u200boctocat &lt;b&gt;bold&lt;\/b&gt;/);
    assert.doesNotMatch(r.stdout, /<b>bold/);
  });

  it('a judge that refuses every call: the cases are not judged, said, and the exit code is 1', async () => {
    // 401 is not retried, so the test does not wait out the client's backoff (a 500 is retried, then fails the same way).
    judge.setDefault('chat', { kind: 'error', status: 401, message: 'Incorrect API key provided.', code: 'invalid_api_key' });
    const r = await compare();
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /pairwise: 6 case\(s\) not judged/);
    assert.match(r.stdout, /⚠️ \*\*6 case\(s\) not judged\*\*/);
  });

  it('goes through the judging session: prints the totals, a second run with the cache asks nothing, --no-cache asks again', async () => {
    judge.setDefault('chat', { kind: 'reply', content: verdict, usage: { prompt_tokens: 100, completion_tokens: 20 } });
    const cache = path.join(dir, 'shared-cache');
    const before = chatCalls();
    const first = await compare(['--cache-dir', cache]);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(chatCalls() - before, 12);
    assert.match(first.stderr, /pairwise: judging used 12 API call\(s\), 0 cache hit\(s\), 1,200 prompt \+ 240 completion tokens, cost unknown/);
    assert.match(first.stdout, /#### Pairwise judging cost\n\| Evaluator[^\n]*\n[^\n]*\n\| pairwise +\| gpt-4o-mini at http:\u200b\/\/127\.0\.0\.1:\d+\/v1 \| 12 \| 0 \| 1,200 \| 240 \| unknown \|/);
    const again = await compare(['--cache-dir', cache]);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(chatCalls() - before, 12, 'every verdict came from the cache: no HTTP call');
    assert.match(again.stderr, /judging used 0 API call\(s\), 12 cache hit\(s\), 0 prompt \+ 0 completion tokens, cost \$0/);
    assert.match(again.stdout, /\| Cases +\| +6 \| +0 \| +0 \| +0 \| +0\.031 \|/, 'the same verdicts');
    const fresh = await compare(['--cache-dir', cache, '--no-cache']);
    assert.equal(fresh.code, 0, fresh.stderr);
    assert.equal(chatCalls() - before, 24, '--no-cache asks the judge again');
    assert.match(fresh.stdout, /Call cache off \(--no-cache\)/);
  });

  it('a refused or cut-off verdict is asked again within the attempts; one refused every time is not judged, never a tie', async () => {
    judge.setDefault('chat', { kind: 'reply', content: verdict });
    // The first two calls: a refusal, then an answer cut off mid-JSON; both are asked again.
    judge.script('chat', { kind: 'reply', refusal: 'I cannot compare these.' }, { kind: 'reply', content: '{"reasoning":"answer 1 na', finishReason: 'length' });
    const before = chatCalls();
    const r = await compare();
    assert.equal(r.code, 0, r.stderr);
    assert.equal(chatCalls() - before, 14, '12 verdicts, 2 of them asked again');
    assert.match(r.stdout, /\| Cases +\| +6 \| +0 \| +0 \| +0 \|/, 'every case judged');
    judge.setDefault('chat', { kind: 'reply', refusal: 'I cannot compare these.' });
    const refused = await compare();
    assert.equal(refused.code, 1, refused.stderr);
    assert.match(refused.stdout, /⚠️ \*\*6 case\(s\) not judged\*\*/);
    assert.match(refused.stdout, /no usable answer in 3 attempts: the model refused: I cannot compare these\./);
  });

  it('asks at most the session\'s concurrency (default 4) at once', async () => {
    // 300 ms a reply: calls asked together overlap there even when a loaded machine sends them late.
    const slow = await startOpenAiDouble({ latencyMs: 300 });
    try {
      slow.setDefault('chat', { kind: 'reply', content: verdict });
      const r = await runCli(
        ['compare', `main=${good}`, `branch=${weak}`, '--judge-model', 'gpt-4o-mini', '--judge-base-url', slow.baseUrl, '--judge-key-env', KEY_ENV, '--seed', '3', '--no-cache'],
        { env: { [KEY_ENV]: slow.apiKey } },
      );
      assert.equal(r.code, 0, r.stderr);
      assert.equal(slow.requests.filter((q) => q.route === 'chat').length, 12);
      assert.ok(slow.maxInFlight <= 4, `at most 4 in flight, saw ${slow.maxInFlight}`);
      assert.ok(slow.maxInFlight >= 2, `pairs are asked concurrently, saw ${slow.maxInFlight}`);
    } finally {
      await slow.close();
    }
  });

  it('refuses a missing key before judging anything', async () => {
    const r = await runCli(['compare', `main=${good}`, `branch=${weak}`, '--judge-model', 'gpt-4o-mini', '--judge-key-env', 'DME_TEST_NO_SUCH_KEY']);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /DME_TEST_NO_SUCH_KEY .*is not set/);
  });
});
