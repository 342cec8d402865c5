/**
 * The server under test over Streamable HTTP, through the SDK's client transport: the
 * HTTP counterpart of stdio-session.ts, with the same ToolCaller face, the same
 * per-call timeout and the same transport-level timing (TimedTransport, arrivals
 * marked as response bytes come off the connection). Two cases:
 *  - a hosted server (url only): we connect, nothing to measure or end but the session;
 *  - a server we start (server.command + url): spawned without a shell like on stdio,
 *    polled until it answers an MCP initialize (bounded), its process tree's RSS
 *    sampled, and the whole tree ended at close (SIGTERM, then SIGKILL after the grace).
 */
import { scrubbedEnv } from './child-env.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ServerConfig } from '../model/server.ts';
import type { MemoryResult } from '../model/report.ts';
import { parseCommandLine } from './command-line.ts';
import { withAffinity } from './cpu-affinity.ts';
import { delay, describeExit, INIT_TIMEOUT_HINT, ServerStartError, watchServerTree, type ServerExit, type ServerTree } from './server-process.ts';
import type { SessionEnd, SessionOptions } from './stdio-session.ts';
import { createOutputTail } from './stderr-tail.ts';
import { connectionClosed, timedToolCall } from './timed-call.ts';
import { arrivalMarkingFetch, TimedTransport } from './timed-transport.ts';
import type { CallOutcome, ToolCaller } from './tool-caller.ts';
import { assertPortFree, listenerProblem } from './port-check.ts';
import { listDescendants } from './process-tree.ts';
import { createOwnership } from './owned-processes.ts';
import { countCatalog, type ServerCatalog } from './server-catalog.ts';
import { checkWrappedProgram, StartFailedError, watchChild } from './start-failure.ts';

export interface HttpTarget {
  /** The MCP endpoint, e.g. http://127.0.0.1:3000/mcp. */
  url: string;
  /** Sent with every request (values already resolved, e.g. an Authorization header). */
  headers?: Record<string, string>;
  /** When set, we start this command and own its process tree; without it the server is hosted elsewhere. */
  server?: ServerConfig;
}

export interface HttpSessionOptions extends SessionOptions {
  /** How long a started server has to answer an initialize at `url`; defaults to connectTimeoutMs. */
  readyTimeoutMs?: number;
}

/** As SessionEnd, but a hosted server has no process of ours to measure: memory is absent. */
export interface HttpSessionEnd extends Omit<SessionEnd, 'memory'> {
  memory?: MemoryResult;
}

export interface HttpSession extends ToolCaller {
  /** The started server's pid; null for a hosted server. */
  readonly pid: number | null;
  readonly url: string;
  readonly tools: Tool[];
  readonly exit: ServerExit | null;
  /** The server's name and version, and how many resources and prompts it lists (inspect). */
  catalog(timeoutMs: number): Promise<ServerCatalog>;
  close(): Promise<HttpSessionEnd>;
}

interface Connection {
  client: Client;
  timed: TimedTransport;
  http: StreamableHTTPClientTransport;
  /** The transport closed (set before connect: the SDK chains onto the handler it finds then). */
  closed: boolean;
}

/**
 * fetch() says only "fetch failed"; the reason (ECONNREFUSED, a DNS error) is in its
 * cause. The SDK's HTTP error keeps the status (401, 404) out of its message.
 */
function reasonOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  if (err instanceof StreamableHTTPError && err.code !== undefined && err.code > 0) return `HTTP ${err.code}: ${err.message}`;
  const cause = err.cause instanceof Error ? err.cause.message : undefined;
  return cause && !err.message.includes(cause) ? `${err.message}: ${cause}` : err.message;
}

async function connect(target: HttpTarget, options: SessionOptions, timeoutMs: number): Promise<Connection> {
  // The fetch must exist before the transport, the TimedTransport after it: bound late.
  let markArrival = (): void => {};
  const http = new StreamableHTTPClientTransport(new URL(target.url), {
    ...(target.headers ? { requestInit: { headers: target.headers } } : {}),
    fetch: arrivalMarkingFetch(() => markArrival()),
  });
  const timed = new TimedTransport(http);
  markArrival = () => timed.markArrival();
  const client = new Client({ name: options.clientName, version: options.clientVersion }, { capabilities: {} });
  const connection: Connection = { client, timed, http, closed: false };
  timed.onclose = () => {
    connection.closed = true;
  };
  try {
    await client.connect(timed, { timeout: timeoutMs });
  } catch (err) {
    // Aborts the fetch still in flight (a timed-out initialize), so nothing outlives the attempt.
    await client.close().catch(() => undefined);
    throw err;
  }
  return connection;
}

interface Started {
  child: ChildProcess;
  tree: ServerTree | undefined;
  readonly exit: ServerExit | null;
  /** Why spawn() failed (ENOENT, EACCES): then there is no process at all. */
  readonly spawnError: StartFailedError | undefined;
  /** Resolves when the root exits (or failed to spawn). */
  exited: Promise<void>;
  /** Resolves when its output pipes are closed too, so the tail is complete. */
  drained: Promise<void>;
}

function spawnServer(server: ServerConfig, options: SessionOptions, tail: ReturnType<typeof createOutputTail>): Started {
  const line = parseCommandLine(server.command);
  const { command, args } = withAffinity(line, server.cpus);
  if (command !== line.command) checkWrappedProgram({ what: 'the server', commandLine: server.command, program: line.command, cwd: server.cwd });
  const spawnedAt = performance.now();
  // stdin ignored: over HTTP it carries nothing. stdout is read too: it is free for logs
  // here, and an unread pipe would block the server once it fills.
  const ownership = createOwnership();
  const child = spawn(command, args, { cwd: server.cwd, env: { ...scrubbedEnv(), ...server.env, ...ownership.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  tail.attach(child.stdout);
  tail.attach(child.stderr);
  const watch = watchChild(child, { what: 'the server', commandLine: server.command, program: line.command, cwd: server.cwd });
  let exit: ServerExit | null = null;
  const exited = watch.exited.then((status) => {
    exit = status;
  });
  const drained = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const tree = child.pid === undefined ? undefined : watchServerTree(child.pid, { ownership, rssIntervalMs: options.rssIntervalMs, killGraceMs: options.killGraceMs ?? 2_000, startedAt: spawnedAt });
  return {
    child,
    tree,
    get exit() {
      return exit;
    },
    get spawnError() {
      return watch.failure();
    },
    exited,
    drained,
  };
}

/**
 * Readiness = an MCP initialize succeeds at the url, not merely an open port: that is
 * what the run needs, it works behind any path or proxy, and the successful attempt is
 * the session we keep. A refused connection fails in ~1 ms, so polling costs nothing.
 */
async function waitUntilReady(target: HttpTarget, started: Started, options: HttpSessionOptions): Promise<Connection> {
  const budget = options.readyTimeoutMs ?? options.connectTimeoutMs;
  const deadline = performance.now() + budget;
  let pause = 25;
  let last = 'no attempt made';
  for (;;) {
    if (started.spawnError !== undefined) throw started.spawnError;
    if (started.exit) throw new Error(describeExit(started.exit));
    const left = deadline - performance.now();
    if (left <= 0) throw new Error(`nothing answered an MCP initialize at ${target.url} within ${budget} ms (last attempt: ${last}; ${INIT_TIMEOUT_HINT})`);
    try {
      return await connect(target, options, Math.min(left, options.connectTimeoutMs));
    } catch (err) {
      last = reasonOf(err);
    }
    await Promise.race([started.exited, delay(Math.min(pause, Math.max(0, deadline - performance.now())))]);
    pause = Math.min(pause * 2, 250);
  }
}

export async function startHttpSession(target: HttpTarget, options: HttpSessionOptions): Promise<HttpSession> {
  const tail = createOutputTail({ label: 'server output' });
  if (target.server) {
    try {
      await assertPortFree(target.url);
    } catch (err) {
      throw new ServerStartError(`the server was not started: ${err instanceof Error ? err.message : String(err)}`, '');
    }
  }
  const started = target.server ? spawnServer(target.server, options, tail) : undefined;
  let alive = true;
  let connection: Connection | undefined;

  const shutdown = async (): Promise<HttpSessionEnd> => {
    const rootAlive = started !== undefined && started.exit === null;
    const stopped = started?.tree ? await started.tree.stop(rootAlive) : undefined;
    if (connection) {
      // A DELETE frees the server's per-session state (a hosted server keeps it otherwise);
      // bounded, because a server that hangs must not hold up the teardown.
      await Promise.race([connection.http.terminateSession().catch(() => undefined), delay(1_000)]);
      await connection.client.close().catch(() => undefined);
    }
    await started?.tree?.end(stopped?.pids ?? []);
    alive = false;
    const pid = started?.child.pid;
    return {
      ...(stopped ? { memory: stopped.memory } : {}),
      exit: started?.exit ?? null,
      stderrTail: tail.text(),
      pids: [...new Set([...(pid !== undefined ? [pid] : []), ...(stopped?.pids ?? [])])],
    };
  };

  try {
    connection = started ? await waitUntilReady(target, started, options) : await connect(target, options, options.connectTimeoutMs);
  } catch (err) {
    if (err instanceof StartFailedError) {
      await shutdown();
      throw err;
    }
    // Give a dying process a moment so its last output lines arrive.
    if (started) await Promise.race([started.drained, delay(500)]);
    const end = await shutdown();
    const what = started ? 'the server did not start' : `could not connect to ${target.url}`;
    throw new ServerStartError(`${what}: ${reasonOf(err)}`, end.stderrTail);
  }
  // Whoever answered must be the server we started, not a stale one on the same port.
  const foreign = started?.child.pid !== undefined ? listenerProblem(target.url, await listDescendants(started.child.pid)) : undefined;
  if (foreign !== undefined) {
    const end = await shutdown();
    throw new ServerStartError(foreign, end.stderrTail);
  }
  const { client, timed } = connection;
  void started?.exited.then(() => {
    alive = false;
  });

  let tools: Tool[];
  try {
    ({ tools } = await client.listTools(undefined, { timeout: options.connectTimeoutMs }));
  } catch (err) {
    const end = await shutdown();
    throw new ServerStartError(`the server did not list its tools: ${reasonOf(err)}`, end.stderrTail);
  }

  return {
    get pid() {
      return started?.child.pid ?? null;
    },
    url: target.url,
    tools,
    get exit() {
      return started?.exit ?? null;
    },
    get alive() {
      return alive && !connection.closed;
    },
    stderrTail: () => tail.text(),
    endReason: () => (connection.closed && started?.exit == null ? 'the connection to the server closed' : describeExit(started?.exit ?? null)),
    async ping(timeoutMs) {
      if (!alive || connection.closed) return false;
      return client.ping({ timeout: timeoutMs }).then(
        () => true,
        () => false,
      );
    },
    async callTool(name, args, timeoutMs): Promise<CallOutcome> {
      if (!alive || connection.closed) return { ok: false, kind: 'server_exited', message: describeExit(started?.exit ?? null) };
      return timedToolCall(client, timed, { name, args, timeoutMs }, async (err) => {
        // An error the server answered with leaves it alive; anything else (a dropped
        // connection, an HTTP error) may be the process dying: wait briefly for its exit.
        const answered = err instanceof McpError && !connectionClosed(err);
        if (started && !answered) {
          await Promise.race([started.exited, delay(500)]);
          if (started.exit) return { ok: false, kind: 'server_exited', message: describeExit(started.exit) };
        }
        return { ok: false, kind: 'call_failed', message: reasonOf(err) };
      });
    },
    catalog: (timeoutMs) => countCatalog(connection.client, timeoutMs),
    close: shutdown,
  };
}
