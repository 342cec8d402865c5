/**
 * Task cases end to end through the built CLI: the reference server (its dist build) over
 * the Nimbus corpus, and an agent that is a scripted model double looking things up with
 * the server's tools (test/support/agent-script.ts) behind the real wire shapes of the
 * OpenAI and Anthropic APIs, or a fake agent CLI behind the bundled relay. Checks what the
 * issue asks of a dataset of two tasks: pass rate 1 with docs and 0 without, uplift 1,
 * turns and tokens counted; the call cache making a re-run cost nothing; the delta table's
 * task rows; --store; the embedded default's task cases.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { quote } from 'shell-quote';
import type { Report } from '../src/model/report.ts';
import { anthropicScriptedAgent, openAiScriptedAgent } from './support/agent-script.ts';
import { startAnthropicDouble, type AnthropicDouble } from './support/anthropic-double/index.ts';
import { ROOT, runCli } from './support/cli.ts';
import { startOpenAiDouble, type OpenAiDouble } from './support/openai-double/index.ts';

const DIST = path.join(ROOT, 'examples/reference-server/dist');
const KEY_ENV = 'DOCS_MCP_EVAL_AGENT_API_KEY';

const TASKS = `name: two tasks
agent: { provider: openai, model: scripted-agent, withoutDocs: true }
cases:
  - id: idempotency-header
    kind: task
    category: lookup
    prompt: Which HTTP header carries the idempotency key? Write the header name into answer.txt.
    assertions:
      - { type: file_contains, path: answer.txt, value: Idempotency-Key }
  - id: create-customer
    kind: task
    category: code
    prompt: How do I create a customer with the TypeScript SDK? Write the code into customer.ts.
    assertions:
      - { type: file_contains, path: customer.ts, value: customers.create }
      - { type: rules, path: customer.ts, rules: [{ type: code_parses, languages: [typescript] }] }
`;

describe('agent tasks, end to end', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-agent-e2e-'));
  const index = path.join(dir, 'index.json');
  // The server writes down the environment it was given: the agent's key is never in it.
  const serverEnv = path.join(dir, 'server-env.txt');
  const server = quote(['sh', '-c', 'env > "$0" && exec "$@"', serverEnv, process.execPath, path.join(DIST, 'server.js'), '--index', index]);
  const cases = path.join(dir, 'cases.yaml');
  let openai: OpenAiDouble;
  let anthropic: AnthropicDouble;
  const read = (name: string) => JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8')) as Report;

  before(async () => {
    const built = spawnSync(process.execPath, [path.join(DIST, 'build.js'), '--docs', path.join(ROOT, 'datasets/reference/corpus'), '--out', index], { encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    writeFileSync(cases, TASKS);
    [openai, anthropic] = await Promise.all([startOpenAiDouble(), startAnthropicDouble()]);
    openai.setDefault('chat', openAiScriptedAgent());
    anthropic.setDefault(anthropicScriptedAgent());
  });
  after(async () => {
    await Promise.all([openai.close(), anthropic.close()]);
    assert.deepEqual(openai.violations, []);
    assert.deepEqual(anthropic.violations, []);
  });

  const run = (name: string, extra: string[], env: Record<string, string> = { [KEY_ENV]: openai.apiKey }) =>
    runCli(['run', '--cases', cases, '--server-command', server, '--warmup', '0', '--repetitions', '1', '--out', path.join(dir, `${name}.json`), '--markdown', path.join(dir, `${name}.md`), ...extra], { env, cwd: dir });

  it('two tasks: pass rate 1 with docs and 0 without, uplift 1, turns and tokens counted, every run stored', async () => {
    const store = path.join(dir, 'store.jsonl');
    const r = await run('first', ['--no-baseline', '--agent-base-url', openai.baseUrl, '--cache-dir', path.join(dir, 'cache'), '--store', store]);
    assert.equal(r.code, 0, r.stderr);
    const report = read('first');
    const m = report.summary.metrics;
    assert.equal(m['task.pass_rate'], 1);
    assert.equal(m['task.pass_rate.without_docs'], 0);
    assert.equal(m['task.uplift'], 1);
    assert.equal(m['task.turns'], 4);
    assert.ok((m['task.tokens'] ?? 0) > 100);
    assert.equal(m['task.activation'], 1);
    assert.deepEqual(report.tasks?.uplift?.outcomes, { gained: 2, lost: 0, both_pass: 0, both_fail: 0, tied: 0 });
    assert.equal(report.tasks?.usage?.calls, 12);
    assert.equal(report.health?.status, 'ok');
    assert.ok(existsSync(serverEnv) && !readFileSync(serverEnv, 'utf8').includes(KEY_ENV), "the server never sees the agent's key");
    // The server's tools, timed at the transport like every call, and its memory sampled throughout.
    assert.equal(report.summary.latency.agent?.n, 4);
    assert.ok((report.memory?.samples.length ?? 0) > 0);
    const run0 = report.cases.find((c) => c.id === 'idempotency-header')!.task!.runs[0]!;
    assert.deepEqual(run0.trajectory.steps.map((s) => s.toolCalls.map((c) => c.tool)), [['search_docs'], ['get_doc'], ['write_file'], []]);
    assert.match(r.stdout, /### Agent tasks/);
    assert.match(r.stderr, /task idempotency-header \(with docs\): passed · 4 turn\(s\) · 2 docs call\(s\)/);
    const stored = readFileSync(store, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { kind: string; caseId: string; arm: string });
    assert.deepEqual(stored.map((s) => `${s.kind}:${s.caseId}:${s.arm}`).sort(), ['task_run:create-customer:docs', 'task_run:create-customer:without_docs', 'task_run:idempotency-header:docs', 'task_run:idempotency-header:without_docs']);
  });

  it('an unchanged re-run costs nothing (the call cache), shows the task rows in the delta table; --no-cache asks again', async () => {
    const served = openai.served.calls;
    const again = await run('again', ['--baseline', path.join(dir, 'first.json'), '--agent-base-url', openai.baseUrl, '--cache-dir', path.join(dir, 'cache')]);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(openai.served.calls, served, 'every model call served from the cache');
    const report = read('again');
    assert.equal(report.tasks?.usage?.calls, 0);
    assert.equal(report.tasks?.usage?.cacheHits, 12);
    assert.equal(report.summary.metrics['task.tokens'], read('first').summary.metrics['task.tokens'], 'a replayed run measures the same');
    assert.match(again.stdout, /\| Task pass rate \(↑ better\) +\| +1\.000 \| +1\.000 \|.*= same/);
    assert.match(again.stdout, /\| Task uplift \\\(with − without docs\\\) \(↑ better\) +\| +1\.000 \| +1\.000 \|/);
    const fresh = await run('fresh', ['--no-baseline', '--agent-base-url', openai.baseUrl, '--no-cache']);
    assert.equal(fresh.code, 0, fresh.stderr);
    assert.equal(openai.served.calls, served + 12);
  });

  it('Anthropic Messages, configured in docs-mcp-eval.yml', async () => {
    writeFileSync(path.join(dir, 'docs-mcp-eval.yml'), `agent: { provider: anthropic, baseUrl: "${anthropic.baseUrl}", model: claude-scripted }\n`);
    try {
      const r = await run('anthropic', ['--no-baseline', '--no-cache'], { [KEY_ENV]: anthropic.apiKey });
      assert.equal(r.code, 0, r.stderr);
      const report = read('anthropic');
      assert.deepEqual(report.tasks?.agent, { provider: 'anthropic', model: 'claude-scripted', baseUrl: `${anthropic.baseUrl}` });
      assert.equal(report.summary.metrics['task.pass_rate'], 1);
      assert.equal(report.summary.metrics['task.uplift'], 1);
      assert.equal(anthropic.served.calls, 12);
    } finally {
      writeFileSync(path.join(dir, 'docs-mcp-eval.yml'), '{}\n');
    }
  });

  it('an agent CLI behind the bundled relay (docs-mcp-eval relay)', async () => {
    const command = `${quote([process.execPath, path.join(ROOT, 'test/fixtures/fake-agent-cli.mjs')])} --mcp-config {mcpConfig} -p {prompt} --output-format json`;
    writeFileSync(path.join(dir, 'docs-mcp-eval.yml'), `agent: { provider: command, command: ${JSON.stringify(command)} }\n`);
    try {
      const r = await run('cli-agent', ['--no-baseline'], {});
      assert.equal(r.code, 0, r.stderr);
      const report = read('cli-agent');
      assert.equal(report.summary.metrics['task.pass_rate'], 1);
      assert.equal(report.summary.metrics['task.pass_rate.without_docs'], 0);
      const steps = report.cases.find((c) => c.id === 'idempotency-header')!.task!.runs[0]!.trajectory.steps;
      assert.deepEqual(steps[0]!.toolCalls.map((c) => c.tool), ['search_docs', 'get_doc']);
      assert.equal(report.summary.metrics['task.turns'], 4);
    } finally {
      writeFileSync(path.join(dir, 'docs-mcp-eval.yml'), '{}\n');
    }
  });

  it("the embedded default's task cases against the scripted agent, and skipped with a note without a key", async () => {
    const out = (name: string) => ['--out', path.join(dir, `${name}.json`), '--markdown', path.join(dir, `${name}.md`)];
    const r = await runCli(['run', '--tag', 'task', '--no-baseline', '--repetitions', '1', '--agent-model', 'scripted', '--agent-base-url', openai.baseUrl, '--no-cache', ...out('embedded')], { env: { [KEY_ENV]: openai.apiKey }, cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    const report = read('embedded');
    assert.equal(report.tasks?.tasks, 3);
    assert.equal(report.summary.metrics['task.pass_rate'], 1);
    assert.equal(report.summary.metrics['task.pass_rate.without_docs'], 0);
    const skipped = await runCli(['run', '--tag', 'task', '--no-baseline', ...out('embedded-skipped')], { env: { [KEY_ENV]: '' }, cwd: dir });
    assert.equal(skipped.code, 0, skipped.stderr);
    assert.match(skipped.stderr, /3 task case\(s\) skipped: no agent model is configured/);
    const skippedReport = read('embedded-skipped');
    assert.deepEqual(skippedReport.tasks?.skipped?.cases, ['task-idempotency-header', 'task-test-key-prefix', 'task-ts-create-customer']);
    assert.equal(skippedReport.health?.status, 'ok');
  });
});
