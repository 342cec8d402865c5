/**
 * A partial bad day never passes a gate. Five answer cases on the reference server,
 * judged by llm_judge on the loopback OpenAI double, through the built CLI: one run per
 * way judging can leave cases out (evaluator errors, the budget, judge timeouts, answers
 * cut off, cases not run after --fail-fast). Each time the means say "n of 5" and why,
 * and a value gate the judged subset would pass is listed as not judged, never passed.
 * Also: a budget holds when the provider sends no usage (estimated tokens), a fenced
 * verdict is read, and a re-run pointed at a dead endpoint is not served from the cache
 * of another. The index is built once; each run only starts the server.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { quote } from 'shell-quote';
import type { Report } from '../src/model/report.ts';
import { ROOT, runCli, type CliResult } from './support/cli.ts';
import { freePort } from './support/free-port.ts';
import { startOpenAiDouble, type ChatBody, type OpenAiDouble } from './support/openai-double/index.ts';

const KEY_ENV = 'DME_TEST_JUDGE_KEY';
const URL_ENV = 'DME_TEST_JUDGE_URL';
const CHUNKS = [
  'sdks/typescript/client.md#typescript-sdk-client/initialization',
  'sdks/python/client.md#python-sdk-client/initialization',
  'sdks/go/client.md#go-sdk-client/initialization',
  'guides/retries.md#retries/respecting-retry-after',
  'guides/errors.md#errors/error-codes-catalog',
];

/** Five answer cases; `rule` is every case's validation (one that fails makes --fail-fast stop at the first case). */
function dataset(rule = '{ type: min_length, chars: 10 }'): string {
  return [
    'name: partly judged answers',
    'criteria:',
    '  - { name: helpfulness, description: Answers the question, scale: likert5 }',
    'evaluators:',
    `  - { type: llm_judge, criteria: [helpfulness], baseUrlEnv: ${URL_ENV}, apiKeyEnv: ${KEY_ENV}, model: gpt-4o-mini, maxAttempts: 1, timeoutMs: 1500 }`,
    'cases:',
    ...CHUNKS.map((chunk, i) => `  - { id: a${i + 1}, kind: answer, tool: get_doc, input: { chunk_id: "${chunk}", question: "What does this page say?" }, expect: { rules: [${rule}] } }`),
    '',
  ].join('\n');
}

/** The double's schema-valid verdict, as a non-strict provider sends it: in a ```json fence. */
const fenced = (body: ChatBody): string => {
  const names = ['helpfulness'];
  return `Here you go:\n\`\`\`json\n${JSON.stringify({ results: names.map((criterion) => ({ criterion, reasoning: `read ${body.model}`, score: 5 })) })}\n\`\`\``;
};

describe('judging that leaves cases out', () => {
  let judge: OpenAiDouble;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-partial-'));
  const index = path.join(dir, 'index.json');
  const server = quote([process.execPath, path.join(ROOT, 'examples/reference-server/dist/server.js'), '--index', index]);
  const GATES = ['--fail-on', 'answer.score < 0.7', '--fail-on', 'criterion.helpfulness > 0.65'];
  const runs: Record<string, CliResult> = {};
  /** Prompt tokens the double counted for the budget run's calls (4 characters a token; it sent no usage). */
  let budgetBilled = 0;

  /** One run: its cases file, flags and judge endpoint; the report and markdown go to <name>.json/.md. */
  async function run(name: string, options: { cases?: string; extra?: string[]; url?: string; cache?: boolean } = {}): Promise<CliResult> {
    const cases = path.join(dir, `${name}.yaml`);
    writeFileSync(cases, options.cases ?? dataset());
    const cache = options.cache ? ['--cache-dir', path.join(dir, 'cache')] : ['--no-cache'];
    const result = await runCli(
      ['run', '--cases', cases, '--server-command', server, '--warmup', '0', '--seed', '1', '--out', path.join(dir, `${name}.json`), '--markdown', path.join(dir, `${name}.md`), ...cache, ...(options.extra ?? [])],
      { env: { [KEY_ENV]: judge.apiKey, [URL_ENV]: options.url ?? judge.baseUrl } },
    );
    runs[name] = result;
    return result;
  }
  const read = (name: string) => JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8')) as Report;
  const markdown = (name: string) => readFileSync(path.join(dir, `${name}.md`), 'utf8');
  /** Every gate listed as not judged over n of 5 with the cause, none passed or failed. */
  function gatesNotJudged(name: string, over: RegExp): void {
    const r = runs[name]!;
    const gates = read(name).gates!;
    assert.deepEqual([gates.failures.length, gates.passed, gates.unjudged.length], [0, 0, 2], r.stderr);
    for (const gate of ['answer.score < 0.7', 'criterion.helpfulness > 0.65']) {
      const line = r.stderr.split('\n').find((l) => l.includes(`fail-on gate '${gate}'`)) ?? '';
      assert.match(line, / not judged: the mean is over /, r.stderr);
      assert.match(line, over);
    }
  }

  before(async () => {
    judge = await startOpenAiDouble();
    execFileSync(process.execPath, [path.join(ROOT, 'examples/reference-server/dist/build.js'), '--docs', path.join(ROOT, 'datasets/reference/corpus'), '--out', index]);
    // Evaluator errors: two of five calls answer HTTP 500; the others come fenced.
    judge.script('chat', { kind: 'reply', content: fenced }, { kind: 'error', status: 500 }, { kind: 'reply', content: fenced }, { kind: 'error', status: 500 }, { kind: 'reply', content: fenced });
    await run('errors', { extra: ['--allow-evaluator-errors', ...GATES] });
    // Judge timeouts: two calls never answered (the client's 1.5 s timeout fires).
    judge.script('chat', { kind: 'reply' }, { kind: 'timeout' }, { kind: 'reply' }, { kind: 'timeout' }, { kind: 'reply' });
    await run('timeout', { extra: ['--allow-evaluator-errors', ...GATES] });
    // Cut off: two answers end with finish_reason length.
    judge.script('chat', { kind: 'reply' }, { kind: 'reply', finishReason: 'length' }, { kind: 'reply' }, { kind: 'reply', finishReason: 'length' }, { kind: 'reply' });
    await run('cutoff', { extra: ['--allow-evaluator-errors', ...GATES] });
    // The budget, with a provider that sends no usage: estimated tokens must still spend it.
    judge.setDefault('chat', { kind: 'reply', usage: null });
    const config = path.join(dir, 'budget.yml');
    writeFileSync(config, 'judging:\n  concurrency: 1\n  budget: { usd: 0.0001 }\n  prices:\n    gpt-4o-mini: { input: 100, output: 100 }\n');
    const billed = judge.served.promptTokens;
    await run('budget', { extra: ['--config', config, ...GATES] });
    budgetBilled = judge.served.promptTokens - billed;
    judge.setDefault('chat', { kind: 'reply' });
    // --fail-fast: every case fails its validation, so the run stops after the first.
    await run('failfast', { cases: dataset('{ type: contains, value: "zzz-not-in-any-page" }'), extra: ['--fail-fast', ...GATES] });
  });
  after(async () => {
    await judge.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('evaluator errors: 3 of 5 judged (the fenced verdicts read), the gates not judged, a warning on stderr', () => {
    const r = runs['errors']!;
    assert.equal(r.code, 0, r.stderr);
    const report = read('errors');
    assert.deepEqual(report.summary.counts?.['answer.score'], { n: 3, of: 5, missing: { evaluator_error: 2 } });
    assert.equal(report.summary.metrics['answer.score'], 1, 'the judged subset scores 1.0: a gate on it would pass');
    gatesNotJudged('errors', /over 3 of 5 \(2 evaluator errors\) cases/);
    assert.match(r.stderr, /docs-mcp-eval: warning: llm_judge failed on 2 of 5 answer cases .*\(--allow-evaluator-errors\)/);
    assert.match(markdown('errors'), /\| Answer score +\| 1\.000 \(3 of 5: 2 evaluator errors\) \|/);
    assert.match(markdown('errors'), /⚠️ fail-on gate 'answer\.score &lt; 0\.7' on answer\.score not judged: the mean is over 3 of 5 \\\(2 evaluator errors\\\) cases/);
  });

  it('judge timeouts: named as such', () => {
    assert.equal(runs['timeout']!.code, 0, runs['timeout']!.stderr);
    assert.deepEqual(read('timeout').summary.counts?.['answer.score'], { n: 3, of: 5, missing: { judge_timeout: 2 } });
    gatesNotJudged('timeout', /over 3 of 5 \(2 judge timeouts\) cases/);
  });

  it('answers cut off: named as such', () => {
    assert.equal(runs['cutoff']!.code, 0, runs['cutoff']!.stderr);
    assert.deepEqual(read('cutoff').summary.counts?.['answer.score'], { n: 3, of: 5, missing: { cut_off: 2 } });
    gatesNotJudged('cutoff', /over 3 of 5 \(2 judge answers cut off\) cases/);
  });

  it('the budget: spent by estimated tokens without usage, named, and the gates not judged', () => {
    const r = runs['budget']!;
    assert.equal(r.code, 0, r.stderr);
    const report = read('budget');
    const judging = report.judging!;
    assert.equal(judging.totals.estimatedCalls, judging.totals.calls, 'every call was estimated');
    assert.ok(judging.totals.calls >= 1 && judging.totals.calls < 5, `${judging.totals.calls} calls`);
    assert.equal(judging.totals.promptTokens, budgetBilled, 'estimated at 4 characters a token, as the double counts');
    assert.equal(judging.rows[0]?.endpoint, judge.baseUrl);
    const stopped = 5 - judging.totals.calls;
    assert.deepEqual(report.summary.counts?.['answer.score'], { n: 5 - stopped, of: 5, missing: { budget: stopped } });
    gatesNotJudged('budget', new RegExp(`over ${5 - stopped} of 5 \\(${stopped} stopped by the budget\\) cases`));
    assert.match(r.stderr, /docs-mcp-eval: warning: \d of 5 answer cases not judged \(budget\) .*the judging budget of \$0\.0001 is spent \(\$0\.\d+ used, some of it estimated\)/);
    assert.match(markdown('budget'), /~ estimated: \d of \d API call\(s\) sent no usage/);
  });

  it('--fail-fast: the means say how many cases ran', () => {
    const r = runs['failfast']!;
    assert.equal(r.code, 1, r.stderr);
    const report = read('failfast');
    assert.deepEqual([report.summary.notRun, report.summary.counts?.['answer.pass_rate']], [4, { n: 1, of: 5, missing: { not_run: 4 } }]);
    assert.deepEqual(report.summary.counts?.['answer.score'], { n: 1, of: 5, missing: { not_run: 4 } });
    // The markdown escapes parentheses in prose (escape.ts): read it as GitHub shows it.
    assert.match(r.stdout.replace(/\\([()])/g, '$1'), /The run stopped early\*\*: stopped by --fail-fast: a\d failed a validation .* \(1 of 5 cases ran; 4 did not, and the means leave them out\)/);
    assert.match(r.stdout, /\| Answer score +\| [\d.]+ \(1 of 5: 4 not run\) \|/);
  });

  it('judging progress is on stderr, piped: a line per tenth, with calls, tokens and cost', () => {
    const lines = runs['errors']!.stderr.split('\n').filter((l) => l.startsWith('docs-mcp-eval: judging: '));
    assert.equal(lines.length, 5, 'five cases: each is a new tenth');
    assert.match(lines.at(-1) ?? '', /^docs-mcp-eval: judging: 5 of 5 answer cases · 3 API calls · 0 cache hits · [\d,]+ tokens · unknown so far$/);
    assert.match(runs['budget']!.stderr, /^docs-mcp-eval: judging: 5 of 5 answer cases · \d API calls? · .*estimated.* so far of the budget \$0\.0001$/m);
  });

  it('a re-run pointed at a dead endpoint is not served from another endpoint\'s cache', async () => {
    const first = await run('cached', { cache: true });
    assert.equal(first.code, 0, first.stderr);
    const again = await run('cached-again', { cache: true });
    assert.equal(read('cached-again').judging?.totals.cacheHits, 5, 'the same endpoint: served from the cache');
    assert.equal(again.code, 0);
    const dead = await run('dead', { cache: true, url: `http://127.0.0.1:${await freePort()}/v1` });
    assert.equal(dead.code, 1, dead.stderr);
    const report = read('dead');
    assert.equal(report.judging?.totals.cacheHits ?? 0, 0);
    assert.deepEqual(report.summary.counts?.['answer.score'], { n: 0, of: 5, missing: { evaluator_error: 5 } });
    assert.match(dead.stderr, /ECONNREFUSED/);
    assert.deepEqual(judge.violations, []);
  });
});
