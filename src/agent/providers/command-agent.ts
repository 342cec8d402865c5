/**
 * The `command` provider: an agent CLI of the user's choice (Claude Code's `claude -p`,
 * Codex's `codex exec`) run in its non-interactive mode, in the task's workspace, without a
 * shell (its command line is split once, placeholders filled per argument, so a prompt can
 * never become shell syntax). It is given an MCP config naming our stdio relay
 * (relay/relay-server.ts) in front of the server under test, so every call it makes still
 * goes through the run's timed session and is recorded; with docs off the config names no
 * server. Its stdout is its final message; when that is Claude Code's JSON result
 * (`--output-format json`) the answer, turns, tokens and cost are read from it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { quote } from 'shell-quote';
import { commandWords, type Placeholder } from './command-line.ts';
import type { TaskUsage } from '../../model/task.ts';
import { isRecord } from '../../shared/plain-data.ts';
import { tempRoot } from '../../shared/temp-dir.ts';
import { excerpt } from '../excerpt.ts';
import type { LoopOutcome } from '../loop.ts';
import { startRelayHost } from '../relay/relay-host.ts';
import { runShell } from '../shell.ts';

/** Bytes of the CLI's stdout kept (its final message). */
const STDOUT_LIMIT = 1024 * 1024;
import type { DocsAccess } from '../toolbox.ts';
import type { Workspace } from '../workspace.ts';

export interface CommandAgentInput {
  template: string;
  /** How the relay is started: the executable and its arguments (the socket is appended). */
  relay: readonly string[];
  model: string;
  prompt: string;
  system: string;
  workspace: Workspace;
  docs: DocsAccess | undefined;
  maxTurns: number;
  timeoutMs: number;
}

/** Claude Code's `--output-format json` result (or the last `result` line of stream-json), else undefined. */
function claudeResult(stdout: string): { final: string; turns?: number; usage?: TaskUsage; costUsd?: number } | undefined {
  const lines = stdout.trim().split('\n');
  for (const candidate of [stdout.trim(), lines.at(-1) ?? '']) {
    let value: unknown;
    try {
      value = JSON.parse(candidate);
    } catch {
      continue;
    }
    if (!isRecord(value) || value['type'] !== 'result' || typeof value['result'] !== 'string') continue;
    const u = isRecord(value['usage']) ? value['usage'] : undefined;
    const n = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : 0);
    const cacheRead = n(u?.['cache_read_input_tokens']);
    return {
      final: value['result'],
      ...(typeof value['num_turns'] === 'number' ? { turns: value['num_turns'] } : {}),
      ...(u ? { usage: { promptTokens: n(u['input_tokens']) + n(u['cache_creation_input_tokens']) + cacheRead, completionTokens: n(u['output_tokens']), cachedTokens: cacheRead } } : {}),
      ...(typeof value['total_cost_usd'] === 'number' ? { costUsd: value['total_cost_usd'] } : {}),
    };
  }
  return undefined;
}

export async function runCommandAgent(input: CommandAgentInput): Promise<LoopOutcome> {
  const words = commandWords(input.template);
  if (typeof words === 'string') throw new Error(words);
  const host = input.docs ? await startRelayHost(input.docs) : undefined;
  const harness = await mkdtemp(path.join(tempRoot(), 'dme-agent-cli-'));
  try {
    const [relayCommand = process.execPath, ...relayArgs] = [...input.relay, ...(host ? [host.socket] : [])];
    const mcpConfig = path.join(harness, 'mcp.json');
    await writeFile(mcpConfig, JSON.stringify({ mcpServers: host ? { docs: { command: relayCommand, args: relayArgs } } : {} }, null, 2));
    const values: Record<Placeholder, string> = {
      prompt: input.prompt,
      systemPrompt: input.system,
      mcpConfig,
      relayCommand,
      relayArgs: JSON.stringify(relayArgs),
      workspace: input.workspace.dir,
      maxTurns: String(input.maxTurns),
      model: input.model,
    };
    const argv = words.map((w) => w.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => values[name as Placeholder] ?? whole));
    let stdout = '';
    const result = await runShell(quote(argv), {
      cwd: input.workspace.dir,
      timeoutMs: input.timeoutMs,
      what: 'agent',
      onStdout: (chunk) => {
        if (stdout.length < STDOUT_LIMIT) stdout += chunk.toString();
      },
    });
    const read = claudeResult(stdout);
    const final = read?.final ?? stdout.trim();
    const usage = read?.usage ?? { promptTokens: 0, completionTokens: 0, cachedTokens: 0 };
    const step = { turn: read?.turns ?? 0, text: excerpt(final), toolCalls: host?.steps ?? [], finishReason: result.timedOut ? 'timeout' : `exit ${String(result.exitCode)}`, usage, ms: result.ms, cached: false };
    const base = { steps: [step], final, started: true, usage, costUsd: read?.costUsd ?? null };
    if (result.timedOut) return { ...base, stop: 'timeout', stopDetail: `the agent command took longer than ${input.timeoutMs} ms` };
    if (result.exitCode !== 0) return { ...base, stop: 'error', stopDetail: `the agent command exited with ${String(result.exitCode)}: ${excerpt(result.output, 400)}` };
    return { ...base, stop: 'final' };
  } finally {
    await host?.close();
    await rm(harness, { recursive: true, force: true });
  }
}
