/**
 * An LLM judge that is down must never make a run look better. Through the built CLI,
 * against the reference server, with an llm_judge on the loopback OpenAI double: a run
 * with a working judge, then one with the judge answering HTTP 500. The outage run's
 * cases are "not judged" (no higher score), the run fails unless evaluator errors are
 * allowed, the comparison does not call it better, and `compare` does not star it.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { quote } from 'shell-quote';
import type { Report } from '../src/model/report.ts';
import { ROOT, runCli } from './support/cli.ts';
import { startOpenAiDouble, type OpenAiDouble } from './support/openai-double/index.ts';

const KEY_ENV = 'DME_TEST_JUDGE_KEY';

function dataset(baseUrl: string): string {
  const answer = (id: string, chunk: string, keyword: string) =>
    `  - { id: ${id}, kind: answer, tool: get_doc, input: { chunk_id: "${chunk}" }, expect: { rules: [{ type: min_length, chars: 10 }], keywords: [${keyword}] } }`;
  return [
    'name: judged answers',
    'criteria:',
    '  - { name: helpfulness, description: Answers the question, scale: likert5, weight: 2 }',
    '  - { name: coverage, description: Names the expected keywords, scale: numeric }',
    'evaluators:',
    '  - { type: keyword_coverage, criterion: coverage }',
    `  - { type: llm_judge, criteria: [helpfulness], baseUrl: "${baseUrl}", apiKeyEnv: ${KEY_ENV}, model: gpt-4o-mini, maxAttempts: 1, timeoutMs: 2000 }`,
    'cases:',
    answer('ts-init', 'sdks/typescript/client.md#typescript-sdk-client/initialization', 'NimbusClient'),
    answer('py-init', 'sdks/python/client.md#python-sdk-client/initialization', 'nimbus'),
    answer('go-init', 'sdks/go/client.md#go-sdk-client/initialization', 'nimbus'),
    '',
  ].join('\n');
}

// --no-cache: a cached answer needs no judge, so only uncached calls can meet the outage.
describe('an LLM judge outage', () => {
  let judge: OpenAiDouble;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-judge-'));
  const cases = path.join(dir, 'cases.yaml');
  const index = path.join(dir, 'index.json');
  const build = quote([process.execPath, path.join(ROOT, 'examples/reference-server/dist/build.js'), '--docs', path.join(ROOT, 'datasets/reference/corpus'), '--out', index]);
  const serverCommand = quote([process.execPath, path.join(ROOT, 'examples/reference-server/dist/server.js'), '--index', index]);
  const run = (name: string, extra: string[] = []) =>
    runCli(
      ['run', '--cases', cases, '--build-command', build, '--server-command', serverCommand, '--warmup', '0', '--repetitions', '1',
        '--out', path.join(dir, `${name}.json`), '--markdown', path.join(dir, `${name}.md`), '--no-cache', ...extra],
      { env: { [KEY_ENV]: judge.apiKey } },
    );
  const read = (name: string) => JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8')) as Report;

  before(async () => {
    judge = await startOpenAiDouble();
    writeFileSync(cases, dataset(judge.baseUrl));
  });
  after(() => judge.close());

  it('never raises the answer score: the cases are not judged, counted, and the run fails', async () => {
    // The working judge: the double's schema-valid default reply.
    const good = await run('good', ['--no-baseline']);
    assert.equal(good.code, 0, good.stderr);
    // get_doc's input has no question: the judge is shown the input as JSON, and the load says so.
    assert.match(good.stderr, /docs-mcp-eval: suite: warning: \S+cases\.yaml:\d+ answer case ts-init has no question field in its input \(looked for: question, query, task, error, prompt\): llm_judge will be shown its input as JSON instead/);
    const working = read('good');
    assert.equal(working.summary.counts?.['answer.score']?.n, 3);
    const workingScore = working.summary.metrics['answer.score'];
    assert.equal(typeof workingScore, 'number');

    judge.setDefault('chat', { kind: 'error', status: 500, message: 'The server had an error while processing your request.' });
    const down = await run('down', ['--baseline', path.join(dir, 'good.json')]);
    assert.equal(down.code, 1, down.stderr);
    assert.match(down.stderr, /llm_judge failed on 3 of 3 answer cases .*those cases are not judged.*--allow-evaluator-errors/);
    const outage = read('down');
    assert.equal(outage.summary.metrics['answer.score'], null, 'no score from missing evidence');
    assert.deepEqual(outage.summary.counts?.['answer.score'], { n: 0, of: 3, missing: { evaluator_error: 3 } });
    assert.equal(outage.summary.metrics['evaluator.errors'], 3);
    assert.ok(outage.cases.every((c) => c.answer?.score === null && c.answer.unjudged?.[0]?.criterion === 'helpfulness'));
    const md = readFileSync(path.join(dir, 'down.md'), 'utf8');
    assert.match(md, /❌ \*\*Run health: failed\*\*: llm\\_judge failed on 3 of 3 answer cases/);
    assert.match(md, /Means over part of the cases\*\*: Answer score: 0 of 3 \\\(3 evaluator errors\\\) cases now, 3 of 3 in the baseline/);
    assert.match(md, /\| Answer score +\| — \(0 of 3: 3 evaluator errors\) \|/);
    assert.match(md, /\| Answer score \(↑ better\) +\| +[\d.]+ \| +— \(0 of 3\) \|[^\n]*◦ not comparable/);
    assert.doesNotMatch(md, /^✅ /m, 'the verdict line does not call the outage run better');
    assert.doesNotMatch(md, /\| (Answer score|Criterion: helpfulness) \(↑ better\)[^\n]*✅/, 'nor any judged row');
  });

  it('with --allow-evaluator-errors passes, still counting the not-judged cases', async () => {
    const r = await run('allowed', ['--no-baseline', '--allow-evaluator-errors']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(readFileSync(path.join(dir, 'allowed.md'), 'utf8'), /⚠️ \*\*Run health\*\*: llm\\_judge failed on 3 of 3/);
  });

  it('refuses context: search on a case without a question field before any server starts (exit 2, file and line)', async () => {
    const searched = path.join(dir, 'searched.yaml');
    writeFileSync(searched, readFileSync(cases, 'utf8').replace('tool: get_doc, input', 'tool: get_doc, context: search, input'));
    const r = await runCli(['run', '--cases', searched, '--server-command', 'node -e 0', '--no-baseline'], { env: { [KEY_ENV]: judge.apiKey } });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /searched\.yaml:\d+ answer case ts-init has context: search, which searches for the case's question, but its input has no question field/);
  });

  it('can be gated, and `compare` does not star the outage run', async () => {
    const gated = await run('gated', ['--no-baseline', '--allow-evaluator-errors', '--fail-on', 'evaluator.errors > 0']);
    assert.equal(gated.code, 3, gated.stderr);
    assert.match(gated.stderr, /fail-on: Cases an evaluator failed on \(evaluator\.errors\) is 3, failing gate 'evaluator\.errors > 0'/);
    const side = await runCli(['compare', `working=${path.join(dir, 'good.json')}`, `outage=${path.join(dir, 'down.json')}`]);
    assert.equal(side.code, 0, side.stderr);
    const row = side.stdout.split('\n').find((l) => l.startsWith('| Answer score'));
    assert.ok(row, side.stdout);
    assert.doesNotMatch(row.split('|')[3] ?? '', /★/, row);
  });
});
