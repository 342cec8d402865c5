/**
 * The command provider with a scripted fake agent CLI (test/fixtures/fake-agent-cli.mjs):
 * real processes throughout — the CLI, our stdio relay it starts from the MCP config, the
 * reference server behind the run's session — and nothing left running afterwards.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { quote } from 'shell-quote';
import type { StdioSession } from '../../server/stdio-session.ts';
import { startReferenceSession } from '../../../test/support/reference-session.ts';
import { pidsWithArgument } from '../../../test/support/proc-scan.ts';
import { createWorkspace, type Workspace } from '../workspace.ts';
import { runCommandAgent } from './command-agent.ts';
import { commandWords } from './command-line.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const FAKE = path.join(ROOT, 'test/fixtures/fake-agent-cli.mjs');
const RELAY = [process.execPath, path.join(ROOT, 'src/agent/relay/relay-main.ts')];
const PROMPT = 'Which HTTP header carries the idempotency key? Write the header name into answer.txt.';

describe('command provider (an agent CLI behind our relay)', () => {
  let server: StdioSession;
  const workspaces: Workspace[] = [];
  before(async () => {
    server = await startReferenceSession();
  });
  after(async () => {
    await Promise.all([server.close(), ...workspaces.map((w) => w.remove())]);
  });

  async function run(template: string, docs = true) {
    const workspace = await createWorkspace();
    workspaces.push(workspace);
    const outcome = await runCommandAgent({ template, relay: RELAY, model: 'cli-model', prompt: PROMPT, system: 'sys', workspace, docs: docs ? { tools: server.tools, caller: server, timeoutMs: 10_000 } : undefined, maxTurns: 15, timeoutMs: 60_000 });
    return { outcome, workspace };
  }

  it('runs the CLI in the workspace; its calls go through the relay to the run\'s session and are recorded', async () => {
    const { outcome, workspace } = await run(`${quote([process.execPath, FAKE])} --mcp-config {mcpConfig} -p {prompt} --output-format json`);
    assert.equal(outcome.stop, 'final');
    assert.equal(outcome.final, 'Wrote answer.txt from sdks/python/idempotency.md#python-sdk-idempotent-requests/passing-an-idempotency-key.');
    assert.match((await workspace.read('answer.txt')).text, /Idempotency-Key/);
    const step = outcome.steps[0]!;
    assert.deepEqual(step.toolCalls.map((c) => [c.tool, c.source, c.ok]), [['search_docs', 'docs', true], ['get_doc', 'docs', true]]);
    assert.ok(step.toolCalls.every((c) => c.ms > 0), 'timed at the transport of the run\'s session');
    // Claude Code's JSON result: the answer, turns, tokens (cache included) and cost.
    assert.equal(step.turn, 4);
    assert.deepEqual(outcome.usage, { promptTokens: 500, completionTokens: 40, cachedTokens: 200 });
    assert.equal(outcome.costUsd, 0.0021);
    assert.deepEqual(pidsWithArgument(RELAY[1]!), [], 'the relay ended with the CLI');
  });

  it('without docs the MCP config names no server; plain stdout is the final message', async () => {
    const { outcome, workspace } = await run(`${quote([process.execPath, FAKE])} --mcp-config {mcpConfig} -p {prompt}`, false);
    assert.equal(outcome.stop, 'final');
    assert.equal(outcome.final, 'Wrote answer.txt without documentation.');
    assert.deepEqual(outcome.steps[0]!.toolCalls, []);
    assert.doesNotMatch((await workspace.read('answer.txt')).text, /Idempotency-Key/);
  });

  it('a CLI that fails is an error with its output; a slow one is stopped at the timeout', async () => {
    const failing = await run(`env FAKE_AGENT_EXIT=2 ${quote([process.execPath, FAKE])} --mcp-config {mcpConfig} -p {prompt}`);
    assert.equal(failing.outcome.stop, 'error');
    assert.match(failing.outcome.stopDetail ?? '', /exited with 2: .*the model refused the key/);
    const workspace = await createWorkspace();
    workspaces.push(workspace);
    const slow = await runCommandAgent({ template: 'sleep 30', relay: RELAY, model: 'm', prompt: PROMPT, system: 's', workspace, docs: undefined, maxTurns: 1, timeoutMs: 400 });
    assert.equal(slow.stop, 'timeout');
  });

  it('takes the command line apart without a shell: operators and unknown placeholders are refused', () => {
    assert.deepEqual(commandWords("claude -p {prompt} --mcp-config {mcpConfig} --allowedTools 'mcp__docs__*'"), ['claude', '-p', '{prompt}', '--mcp-config', '{mcpConfig}', '--allowedTools', 'mcp__docs__*']);
    assert.match(commandWords('claude -p {prompt} | tee out') as string, /without a shell/);
    assert.match(commandWords('claude -p {promt}') as string, /unknown placeholder\(s\) \{promt\}/);
  });
});
