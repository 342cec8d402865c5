/**
 * Proving that the HTTP server we benchmark is the one we started. Readiness is an MCP
 * initialize at the url, which any listener answers: a stale server left on the port
 * from an earlier run would be measured instead of ours (and a same-job A/B with one
 * fixed port would compare the base against itself). So, for a server we start:
 * - before spawning it, a loopback port must be free (else: who holds it, when /proc says);
 * - after it answered, on Linux, the listening socket must belong to a process of its tree;
 * - `{port}` in the command and url is replaced by a free port we pick, so each run (and
 *   each arm of an A/B) gets its own.
 * The /proc reading is best effort: where it cannot be read, only the first check runs.
 */
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';

export const PORT_PLACEHOLDER = '{port}';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** The url's port and whether its host is this machine (only then can we check the port). */
export function localPort(url: string): { host: string; port: number } | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!LOOPBACK.has(parsed.hostname)) return undefined;
  const port = parsed.port !== '' ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80;
  return { host: parsed.hostname.replace(/^\[|\]$/g, ''), port };
}

/** A port the OS says is free on the loopback interface right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections at host:port (a refused connection answers in ~1 ms). */
export function isListening(host: string, port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (listening: boolean) => {
      socket.destroy();
      resolve(listening);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Socket inodes listening on `port` (any address), from /proc/net/tcp and tcp6; [] when unreadable. */
export function listeningInodes(port: number): number[] {
  const inodes: number[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1];
      // st 0A = LISTEN; the local address is HEXIP:HEXPORT.
      if (!local || fields[3] !== '0A') continue;
      if (Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16) === port) inodes.push(Number(fields[9]));
    }
  }
  return inodes;
}

/** Which of `pids` holds a socket with one of `inodes` open; undefined when none (or /proc is unreadable). */
export function ownerOf(inodes: readonly number[], pids: readonly number[]): number | undefined {
  const wanted = new Set(inodes.map((i) => `socket:[${i}]`));
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (wanted.has(readlinkSync(`/proc/${pid}/fd/${fd}`))) return pid;
      } catch {
        // closed meanwhile
      }
    }
  }
  return undefined;
}

/** "pid 123 (node server.js)" for the process holding the port, when /proc tells. */
export function describeHolder(port: number): string {
  const inodes = listeningInodes(port);
  if (inodes.length === 0) return '';
  let pids: number[];
  try {
    pids = readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map(Number);
  } catch {
    return '';
  }
  const pid = ownerOf(inodes, pids);
  if (pid === undefined) return '';
  let command = '';
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ').slice(0, 120);
  } catch {
    // gone meanwhile
  }
  return ` by pid ${pid}${command ? ` (${command})` : ''}`;
}

/** Fails with a clear message when a loopback port of a server we are about to start is taken. */
export async function assertPortFree(url: string): Promise<void> {
  const local = localPort(url);
  if (!local) return;
  if (await isListening(local.host, local.port)) {
    throw new Error(
      `port ${local.port} is already in use${describeHolder(local.port)}: a server left from an earlier run would be benchmarked instead of ours. ` +
        `Stop it, or write ${PORT_PLACEHOLDER} in server.command and server.url to get a free port each run`,
    );
  }
}

/**
 * After readiness: the listener on the url's port must belong to our server's tree.
 * Returns a problem, or undefined when it does or when /proc cannot tell (not Linux).
 */
export function listenerProblem(url: string, treePids: readonly number[]): string | undefined {
  const local = localPort(url);
  if (!local || process.platform !== 'linux') return undefined;
  const inodes = listeningInodes(local.port);
  if (inodes.length === 0) return undefined;
  if (ownerOf(inodes, treePids) !== undefined) return undefined;
  return `the server answering at ${url} is not the one we started: port ${local.port} is held${describeHolder(local.port) || ' by another process'}`;
}

/** Why two servers started from `server` (a same-job A/B) would collide on one port; undefined when they cannot. */
export function sharedPortProblem(server: { command: string; url?: string }): string | undefined {
  if (!server.command || server.url === undefined || server.url.includes(PORT_PLACEHOLDER)) return undefined;
  return (
    `a same-job A/B starts two HTTP servers, which cannot share the fixed port of ${server.url}: write ${PORT_PLACEHOLDER} in server.command and server.url ` +
    `(e.g. --http ${PORT_PLACEHOLDER} and http://127.0.0.1:${PORT_PLACEHOLDER}/mcp) to give each its own`
  );
}

/** {port} in a command line, also as a shell quoter writes it (`\{port\}`). */
const IN_COMMAND = /\\?\{port\\?\}/g;

/** Replaces {port} in the command and url by one free port; unchanged when neither has it. */
export async function withFreePort<T extends { command: string; url?: string }>(server: T): Promise<T> {
  if (!server.command.replace(/\\/g, '').includes(PORT_PLACEHOLDER) && !server.url?.includes(PORT_PLACEHOLDER)) return server;
  const port = String(await freePort());
  return { ...server, command: server.command.replace(IN_COMMAND, port), ...(server.url !== undefined ? { url: server.url.replaceAll(PORT_PLACEHOLDER, port) } : {}) };
}
