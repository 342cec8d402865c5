/**
 * The server under test as a child process over stdio, through the SDK's client: spawn
 * it first, load the client while it boots, connect, call tools one at a time with a
 * per-call timeout and a transport-level timing, sample the process tree's RSS, and end
 * the whole tree.
 */
import { scrubbedEnv } from './child-env.ts';
import { spawn } from 'node:child_process';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ServerConfig } from '../model/server.ts';
import type { MemoryResult } from '../model/report.ts';
import { parseCommandLine } from './command-line.ts';
import { withAffinity } from './cpu-affinity.ts';
import { delay, describeExit, INIT_TIMEOUT_HINT, ServerStartError, watchServerTree, type ServerExit, type ServerTree } from './server-process.ts';
import { createOutputTail, type OutputTail } from './stderr-tail.ts';
import { connectionClosed, isRequestTimeout, timedToolCall } from './timed-call.ts';
import { createProtocolNoise, overflowReason } from './protocol-noise.ts';
import { createOwnership } from './owned-processes.ts';
import type { ServerCatalog } from './server-catalog.ts';
import { checkWrappedProgram, watchChild } from './start-failure.ts';
import { TimedTransport } from './timed-transport.ts';
import type { CallOutcome, ToolCaller } from './tool-caller.ts';
import { loadStdioClient } from './lazy.ts';

// Shared with the HTTP session; re-exported so existing imports keep working.
export { ServerStartError, type ServerExit } from './server-process.ts';

export interface SessionOptions {
  clientName: string;
  clientVersion: string;
  connectTimeoutMs: number;
  rssIntervalMs: number;
  /** Grace between SIGTERM and SIGKILL at teardown. */
  killGraceMs?: number;
}

export interface SessionEnd {
  memory: MemoryResult;
  exit: ServerExit | null;
  stderrTail: string;
  /** Every pid ever seen in the server's tree; all were ended before close() resolved. */
  pids: number[];
}

export interface StdioSession extends ToolCaller {
  readonly pid: number;
  readonly tools: Tool[];
  readonly exit: ServerExit | null;
  /** The server's name and version, and how many resources and prompts it lists (inspect). */
  catalog(timeoutMs: number): Promise<ServerCatalog>;
  close(): Promise<SessionEnd>;
}

export async function startStdioSession(server: ServerConfig, options: SessionOptions): Promise<StdioSession> {
  const line = parseCommandLine(server.command);
  const { command, args } = withAffinity(line, server.cpus);
  if (command !== line.command) checkWrappedProgram({ what: 'the server', commandLine: server.command, program: line.command, cwd: server.cwd });
  const ownership = createOwnership();
  // Spawned before the SDK is loaded (stdio-client.ts), so the two overlap. stdout stays
  // paused until the transport starts; stderr is read from the start, losing nothing.
  const child = spawn(command, args, {
    cwd: server.cwd,
    // Servers under test expect their usual environment (keys, PATH to their runtime), less the Action's secrets (child-env.ts).
    env: { ...scrubbedEnv(), ...server.env, ...ownership.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const spawnedAt = performance.now();
  // A failed spawn is reported by the transport's start(), which may come after the SDK has
  // loaded; `exited` settles on it too (start-failure.ts).
  const watch = watchChild(child, { what: 'the server', commandLine: server.command, program: line.command, cwd: server.cwd });
  // Watched (sampled, and registered so that Ctrl-C ends it) from the spawn on, synchronously:
  // a pid means the process exists, and waiting for the 'spawn' event left a window in which
  // an interrupt found no handler and no tree to end. A spawn that failed has no pid.
  const tree: ServerTree | undefined = child.pid === undefined ? undefined : watchServerTree(child.pid, { ownership, rssIntervalMs: options.rssIntervalMs, killGraceMs: options.killGraceMs ?? 2_000, startedAt: spawnedAt });
  let exit: ServerExit | null = null;
  let alive = true;
  const exited = watch.exited.then((status) => {
    if (status) exit = status;
    alive = false;
  });
  const tail: OutputTail = createOutputTail({ label: 'server stderr' });
  tail.attach(child.stderr);

  const { Client, ChildStdioTransport, countCatalog } = await loadStdioClient();
  // Marks arrivals before the SDK's buffer parses them (called only once data flows, after connect starts).
  const inner = new ChildStdioTransport(child, watch.spawned, () => transport.markArrival());
  const transport = new TimedTransport(inner);
  const client = new Client({ name: options.clientName, version: options.clientVersion }, { capabilities: {} });

  transport.onclose = () => {
    alive = false;
  };
  // Set before connect: the SDK's client chains onto the handler it finds.
  const noise = createProtocolNoise();
  transport.onerror = (error) => noise.record(error);
  const endReason = () => (noise.overflow !== undefined ? overflowReason(noise.overflow) : describeExit(exit));

  const shutdown = async (): Promise<SessionEnd> => {
    const pid = child.pid ?? null;
    const stopped = tree ? await tree.stop(pid !== null && alive) : undefined;
    const memory = stopped?.memory ?? { peakBytes: 0, intervalMs: options.rssIntervalMs, samples: [] };
    const everSeen = stopped?.pids ?? [];
    await client.close().catch(() => undefined);
    await tree?.end(everSeen);
    alive = false;
    return { memory, exit, stderrTail: tail.text(), pids: [...new Set([...(pid !== null ? [pid] : []), ...everSeen])] };
  };

  try {
    await client.connect(transport, { timeout: options.connectTimeoutMs });
  } catch (err) {
    const failure = watch.failure();
    if (failure) {
      await shutdown();
      throw failure;
    }
    // Give the dying process a moment so its last stderr lines and exit code arrive.
    await Promise.race([exited, delay(500)]);
    // Read before shutdown: an exit we cause ourselves is not the reason it failed. After a
    // timeout the SDK's client closes the pipe itself, and the server's exit that follows
    // (often code 0, on stdin's end) is ours, not the cause.
    const exitedOnItsOwn = isRequestTimeout(err) ? null : exit;
    const end = await shutdown();
    const reason = isRequestTimeout(err)
      ? `it did not answer the MCP initialize request within ${options.connectTimeoutMs} ms${noise.noteSince(0)} (${INIT_TIMEOUT_HINT})`
      : exitedOnItsOwn
        ? describeExit(exitedOnItsOwn)
        : `${err instanceof Error ? err.message : String(err)}${noise.noteSince(0)}`;
    throw new ServerStartError(`the server did not start: ${reason}`, end.stderrTail);
  }
  let tools: Tool[];
  try {
    ({ tools } = await client.listTools(undefined, { timeout: options.connectTimeoutMs }));
  } catch (err) {
    const end = await shutdown();
    throw new ServerStartError(`the server did not list its tools: ${err instanceof Error ? err.message : String(err)}`, end.stderrTail);
  }

  const session: StdioSession = {
    get pid() {
      return child.pid ?? -1;
    },
    tools,
    get exit() {
      return exit;
    },
    get alive() {
      return alive;
    },
    stderrTail: () => tail.text(),
    endReason,
    async ping(timeoutMs) {
      if (!alive) return false;
      return client.ping({ timeout: timeoutMs }).then(
        () => true,
        () => false,
      );
    },
    async callTool(name, args, timeoutMs): Promise<CallOutcome> {
      if (!alive) return { ok: false, kind: noise.overflow !== undefined ? 'client_closed' : 'server_exited', message: endReason() };
      const since = noise.count;
      const outcome = await timedToolCall(client, transport, { name, args, timeoutMs }, async (err) => {
        // Over stdio a dying server closes the pipe: wait briefly for its exit status.
        if (!alive || connectionClosed(err)) {
          await Promise.race([exited, delay(500)]);
          if (noise.overflow !== undefined) return { ok: false, kind: 'client_closed', message: endReason() };
          return { ok: false, kind: 'server_exited', message: describeExit(exit) };
        }
        return { ok: false, kind: 'call_failed', message: err instanceof Error ? err.message : String(err) };
      });
      // A reply glued to a log line on stdout is lost: say so on the call that waited for it.
      if (!outcome.ok && outcome.kind === 'timeout') return { ...outcome, message: `${outcome.message}${noise.noteSince(since)}` };
      return outcome;
    },
    catalog: (timeoutMs) => countCatalog(client, timeoutMs),
    close: shutdown,
  };
  return session;
}
