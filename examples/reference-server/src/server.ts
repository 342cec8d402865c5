/**
 * CLI: serve a built index over MCP stdio (the default) or Streamable HTTP.
 *
 *   node examples/reference-server/src/server.ts --index <index.json>
 *   node examples/reference-server/src/server.ts --index <index.json> --http <port>
 *
 * stdio: stdout carries only the protocol. --http: serves http://127.0.0.1:<port>/mcp
 * (port 0 picks a free one) and, once it listens, prints
 * `reference-server: listening on http://127.0.0.1:<port>/mcp` to stderr, so a harness
 * can find the port; stdin is not read. Diagnostics go to stderr in both modes.
 * Environment, test-only switches for the calibration benchmark:
 *   REFERENCE_SERVER_DELAY_MS=<ms>        delays every tool call (fractions of a ms too);
 *   REFERENCE_SERVER_RANKING_FAULT=<n>    on 1 query in n (by hash), the two best hits drop out of the top 5;
 *   REFERENCE_SERVER_BALLAST_MB=<MiB>     holds that much memory, touched so it is resident (a fatter server).
 * The switches apply in both modes.
 * Exit codes: 0 on SIGTERM/SIGINT (and, on stdio, stdin close), 1 unreadable index or
 * a port that cannot be bound, 2 bad arguments.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadIndex } from './search-index.ts';
import { createServer } from './tools.ts';

const USAGE = 'usage: server.ts --index <index.json> [--http <port>]';

/** REFERENCE_SERVER_BALLAST_MB's memory, kept alive for the life of the process. */
const ballast: Buffer[] = [];

function fail(code: number, message: string): never {
  process.stderr.write(`reference-server: ${message}\n`);
  process.exit(code);
}

function numberFromEnv(name: string, what: string, valid: (n: number) => boolean): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return 0;
  const n = Number(raw);
  if (!Number.isFinite(n) || !valid(n)) fail(2, `${name} must be ${what}, got "${raw}"`);
  return n;
}

async function main(): Promise<void> {
  let indexPath: string | undefined;
  let httpPort: string | undefined;
  try {
    ({ index: indexPath, http: httpPort } = parseArgs({ options: { index: { type: 'string' }, http: { type: 'string' } }, strict: true }).values);
  } catch (err) {
    fail(2, `${(err as Error).message}\n${USAGE}`);
  }
  if (!indexPath) fail(2, `--index is required\n${USAGE}`);
  const port = httpPort === undefined ? undefined : Number(httpPort);
  if (port !== undefined && !(/^\d+$/.test(httpPort ?? '') && port <= 65535)) fail(2, `--http must be a port number (0 picks a free one), got "${httpPort}"\n${USAGE}`);
  const delayMs = numberFromEnv('REFERENCE_SERVER_DELAY_MS', 'a non-negative number of ms', (n) => n >= 0);
  const faultEvery = numberFromEnv('REFERENCE_SERVER_RANKING_FAULT', 'a positive integer', (n) => Number.isInteger(n) && n > 0);
  const ballastMiB = numberFromEnv('REFERENCE_SERVER_BALLAST_MB', 'a non-negative number of MiB', (n) => n >= 0);
  // Filled, not just allocated: untouched pages would not count in RSS.
  if (ballastMiB > 0) ballast.push(Buffer.alloc(Math.round(ballastMiB * 1024 * 1024), 1));

  const started = performance.now();
  const json = await readFile(indexPath, 'utf8').catch((err: unknown) => fail(1, `cannot read index ${indexPath}: ${(err as Error).message}`));
  let index;
  try {
    index = loadIndex(json);
  } catch (err) {
    fail(1, `${indexPath}: ${(err as Error).message}`);
  }
  const options = { delayMs, ...(faultEvery > 0 ? { rankingFault: { every: faultEvery } } : {}) };
  const newServer = () => createServer(index, options);

  let stop: () => Promise<void> = async () => {};
  let closing = false;
  const shutdown = (): void => {
    if (closing) return;
    closing = true;
    // Exit even if close() stalls: the harness measures shutdown and must not wait on us.
    setTimeout(() => process.exit(0), 1000).unref();
    stop().then(
      () => process.exit(0),
      () => process.exit(0),
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  const ready = (): void => {
    const ms = Math.round(performance.now() - started);
    process.stderr.write(`reference-server: ${index.chunks.length} chunks loaded in ${ms} ms${delayMs > 0 ? ` (delay ${delayMs} ms per call)` : ''}\n`);
  };
  if (port === undefined) {
    const server = newServer();
    stop = () => server.close();
    process.stdin.on('end', shutdown);
    process.stdin.on('close', shutdown);
    await server.connect(new StdioServerTransport());
    ready();
    return;
  }
  // Loaded only in this mode: the HTTP transport's dependencies would slow every stdio start.
  const { serveHttp } = await import('./http.ts');
  const listener = await serveHttp(newServer, port).catch((err: unknown) => fail(1, `cannot listen on 127.0.0.1:${port}: ${(err as Error).message}`));
  stop = () => listener.close();
  ready();
  process.stderr.write(`reference-server: listening on ${listener.url}\n`);
}

main().catch((err: unknown) => fail(1, err instanceof Error ? (err.stack ?? err.message) : String(err)));
