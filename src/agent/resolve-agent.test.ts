import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSuite } from '../suite/parse-suite.ts';
import { UsageError } from '../shared/run-errors.ts';
import { DEFAULT_AGENT_KEY_ENV, planTasks, type AgentInputs } from './resolve-agent.ts';

const suite = (agent = '', assertion = '{ type: contains, value: x }') =>
  parseSuite(`name: t\n${agent}cases:\n  - { id: a, kind: task, prompt: p, assertions: [${assertion}] }\n`, '/data/t.yaml');

const inputs = (over: Partial<AgentInputs> = {}): AgentInputs => ({
  suite: suite(),
  configured: {},
  judging: { cacheDir: null, concurrency: 1, prices: {} },
  relay: ['node', 'relay.js'],
  env: {},
  ...over,
});

describe('planTasks', () => {
  it('skips the tasks, with the reason, when no model or no key is there', () => {
    const noModel = planTasks(inputs());
    assert.ok(!noModel.run);
    assert.match(noModel.reason, /no agent model is configured/);
    const noKey = planTasks(inputs({ configured: { model: 'gpt-x' } }));
    assert.ok(!noKey.run);
    assert.equal(noKey.reason, `the environment variable ${DEFAULT_AGENT_KEY_ENV} (the agent's apiKeyEnv) is not set: no key for the agent`);
    assert.deepEqual(noKey.agent, { provider: 'openai', model: 'gpt-x', baseUrl: 'https://api.openai.com/v1' });
  });

  it('runs with a model and a key; the flags and config go over the dataset, key by key', () => {
    const plan = planTasks(inputs({ suite: suite('agent: { provider: anthropic, model: from-dataset, apiKeyEnv: MY_KEY, withoutDocs: true, prices: { m2: { input: 1, output: 2 } } }\n'), configured: { model: 'm2' }, env: { MY_KEY: 'sk-ant-secret-value' } }));
    assert.ok(plan.run);
    assert.deepEqual(plan.agent, { provider: 'anthropic', model: 'm2', baseUrl: 'https://api.anthropic.com/v1' });
    assert.equal(plan.withoutDocs, true);
    assert.ok(plan.setup.runner.kind === 'model');
    assert.deepEqual(plan.setup.runner.price, { input: 1, output: 2 });
    assert.deepEqual(plan.setup.secrets, ['sk-ant-secret-value']);
  });

  it('refuses what cannot work, before any server starts', () => {
    const refused = (over: Partial<AgentInputs>, pattern: RegExp) => assert.throws(() => planTasks(inputs(over)), (e: unknown) => e instanceof UsageError && pattern.test(e.message));
    refused({ configured: { model: 'm', baseUrl: 'http://api.example.com/v1' } }, /must be https:\/\//);
    refused({ configured: { model: 'm', budget: { usd: 1 } } }, /budget is in USD but model m has no price/);
    refused({ configured: { provider: 'command' } }, /needs agent\.command/);
    refused({ configured: { provider: 'command', command: 'claude -p {prompt} && rm -rf /' } }, /without a shell/);
    refused({ suite: suite('', '{ type: llm_judge, criterion: c }') }, /llm_judge assertion "c": option model is required/);
  });

  it('a command agent needs no key: the CLI brings its own', () => {
    const plan = planTasks(inputs({ configured: { provider: 'command', command: 'claude -p {prompt} --mcp-config {mcpConfig}' } }));
    assert.ok(plan.run);
    assert.deepEqual(plan.setup.runner, { kind: 'command', template: 'claude -p {prompt} --mcp-config {mcpConfig}', relay: ['node', 'relay.js'], model: '' });
  });
});
