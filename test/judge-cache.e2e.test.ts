/**
 * The judge's call cache, end to end with the loopback OpenAI double: through the built
 * CLI (--cache-dir, then the same again: no HTTP call; --no-cache: asked again), through
 * the Action's `cache-dir` input (a directory kept between runs, `none`), and with answer
 * repetitions (an answer identical to an earlier ask is judged once). The answers come
 * from test/fixtures/flaky-answer-server.mjs, set to answer the same every time.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { quote } from 'shell-quote';
import type { Report } from '../src/model/report.ts';
import { runAction } from './support/action-runner.ts';
import { ROOT, runCli } from './support/cli.ts';
import { pushPayload } from './support/event-payloads.ts';
import type { GitHubDouble } from './support/github-double/index.ts';
import { startOpenAiDouble, type OpenAiDouble } from './support/openai-double/index.ts';
import { useGitHubDouble } from './support/use-github-double.ts';

const KEY_ENV = 'DME_TEST_CACHE_KEY';
const SERVER = quote([process.execPath, path.join(ROOT, 'test/fixtures/flaky-answer-server.mjs')]);

function dataset(baseUrl: string): string {
  return [
    'name: cached judging',
    'criteria:',
    '  - { name: helpfulness, description: Answers the question, scale: likert5 }',
    'evaluators:',
    `  - { type: llm_judge, criteria: [helpfulness], baseUrl: "${baseUrl}", apiKeyEnv: ${KEY_ENV}, model: gpt-4o-mini, maxAttempts: 1, timeoutMs: 5000 }`,
    'cases:',
    '  - { id: deploy, kind: answer, tool: ask_docs, input: { question: "How do I deploy?" }, expect: { rules: [] } }',
    '  - { id: upgrade, kind: answer, tool: ask_docs, input: { question: "How do I upgrade?" }, repetitions: 3, expect: { rules: [] } }',
    '',
  ].join('\n');
}

describe('the judge call cache', () => {
  let judge: OpenAiDouble;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-judge-cache-'));
  const cases = path.join(dir, 'cases.yaml');
  const chats = () => judge.requests.filter((q) => q.route === 'chat').length;

  before(async () => {
    judge = await startOpenAiDouble();
    writeFileSync(cases, dataset(judge.baseUrl));
  });
  after(() => judge.close());

  describe('CLI: --cache-dir and --no-cache', () => {
    const run = (name: string, extra: string[]) =>
      runCli(['run', '--cases', cases, '--server-command', SERVER, '--warmup', '0', '--repetitions', '1', '--no-baseline', '--out', path.join(dir, `${name}.json`), '--markdown', path.join(dir, `${name}.md`), ...extra], {
        env: { [KEY_ENV]: judge.apiKey, FLAKY_PATTERN: 'g' },
      });
    const read = (name: string) => JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8')) as Report;
    const cache = path.join(dir, 'cli-cache');

    it('judges once per distinct answer: the 3 identical asks of a case cost one call', async () => {
      const start = chats();
      const r = await run('first', ['--cache-dir', cache]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(chats() - start, 2, 'one call per distinct answer');
      const report = read('first');
      assert.equal(report.judging?.totals.calls, 2);
      assert.equal(report.judging?.totals.cacheHits, 2, 'the 2nd and 3rd ask of upgrade');
      assert.equal(report.judging?.cacheDir, cache);
      assert.ok(existsSync(cache));
    });

    it('the same run again with the cache makes no HTTP call, and scores the same', async () => {
      const start = chats();
      const r = await run('again', ['--cache-dir', cache]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(chats() - start, 0, 'every judgement came from the cache');
      const report = read('again');
      assert.equal(report.judging?.totals.calls, 0);
      assert.equal(report.judging?.totals.cacheHits, 4);
      assert.equal(report.judging?.totals.costUsd, 0);
      assert.deepEqual(report.cases.map((c) => c.answer?.score), read('first').cases.map((c) => c.answer?.score));
    });

    it('--no-cache asks the judge again', async () => {
      const start = chats();
      const r = await run('fresh', ['--cache-dir', cache, '--no-cache']);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(chats() - start, 4, 'every ask judged: nothing cached, nothing read');
      assert.equal(read('fresh').judging?.cacheDir, null);
      assert.match(readFileSync(path.join(dir, 'fresh.md'), 'utf8'), /Call cache off \(--no-cache\)/);
    });
  });

  describe('Action: the cache-dir input', () => {
    let d: GitHubDouble;
    useGitHubDouble((double) => (d = double));
    const cache = path.join(dir, 'action-cache');

    async function push(cacheDir: string) {
      const before = d.state.mainCommits.at(-1)!;
      const sha = d.state.addCommit();
      const run = d.state.addRun({ headSha: sha, event: 'push', headBranch: d.state.defaultBranch, status: 'in_progress', conclusion: null });
      const r = await runAction({
        double: d,
        event: 'push',
        payload: pushPayload(d, { before, after: sha }),
        sha,
        ref: `refs/heads/${d.state.defaultBranch}`,
        runId: run.id,
        inputs: { cases, 'server-command': SERVER, warmup: '0', repetitions: '1', 'cache-dir': cacheDir, comment: 'never' },
        env: { [KEY_ENV]: judge.apiKey, FLAKY_PATTERN: 'g' },
      });
      run.status = 'completed';
      run.conclusion = 'success';
      return r;
    }

    it('keeps judgements in the directory it names: the next run with it asks nothing; none asks again', async () => {
      let start = chats();
      const first = await push(cache);
      assert.equal(first.code, 0, first.log);
      assert.equal(chats() - start, 2);
      assert.ok(existsSync(cache), 'the cache is where the input said (for actions/cache to keep)');
      start = chats();
      const second = await push(cache);
      assert.equal(second.code, 0, second.log);
      assert.equal(chats() - start, 0, 'a run restoring the cache pays for nothing already judged');
      start = chats();
      const off = await push('none');
      assert.equal(off.code, 0, off.log);
      assert.equal(chats() - start, 4, 'cache-dir: none turns the cache off');
    });
  });
});
