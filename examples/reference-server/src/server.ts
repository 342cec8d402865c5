/**
 * CLI: serve a built index over MCP stdio.
 *
 *   node examples/reference-server/src/server.ts --index <index.json>
 *
 * stdout carries only the protocol; diagnostics go to stderr.
 * Environment: REFERENCE_SERVER_DELAY_MS=<ms> delays every tool call (for calibration runs).
 * Exit codes: 0 on stdin close or SIGTERM/SIGINT, 1 unreadable index, 2 bad arguments.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadIndex } from './search-index.ts';
import { createServer } from './tools.ts';

const USAGE = 'usage: server.ts --index <index.json>';

function fail(code: number, message: string): never {
  process.stderr.write(`reference-server: ${message}\n`);
  process.exit(code);
}

function delayFromEnv(): number {
  const raw = process.env['REFERENCE_SERVER_DELAY_MS'];
  if (raw === undefined || raw === '') return 0;
  const ms = Number(raw);
  if (!Number.isFinite(ms) || ms < 0) fail(2, `REFERENCE_SERVER_DELAY_MS must be a non-negative number of ms, got "${raw}"`);
  return ms;
}

async function main(): Promise<void> {
  let indexPath: string | undefined;
  try {
    indexPath = parseArgs({ options: { index: { type: 'string' } }, strict: true }).values.index;
  } catch (err) {
    fail(2, `${(err as Error).message}\n${USAGE}`);
  }
  if (!indexPath) fail(2, `--index is required\n${USAGE}`);
  const delayMs = delayFromEnv();

  const started = performance.now();
  const json = await readFile(indexPath, 'utf8').catch((err: unknown) => fail(1, `cannot read index ${indexPath}: ${(err as Error).message}`));
  let index;
  try {
    index = loadIndex(json);
  } catch (err) {
    fail(1, `${indexPath}: ${(err as Error).message}`);
  }
  const server = createServer(index, { delayMs });

  let closing = false;
  const shutdown = (): void => {
    if (closing) return;
    closing = true;
    // Exit even if close() stalls: the harness measures shutdown and must not wait on us.
    setTimeout(() => process.exit(0), 1000).unref();
    server.close().then(
      () => process.exit(0),
      () => process.exit(0),
    );
  };
  process.stdin.on('end', shutdown);
  process.stdin.on('close', shutdown);
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await server.connect(new StdioServerTransport());
  const ms = Math.round(performance.now() - started);
  process.stderr.write(`reference-server: ${index.chunks.length} chunks loaded in ${ms} ms${delayMs > 0 ? ` (delay ${delayMs} ms per call)` : ''}\n`);
}

main().catch((err: unknown) => fail(1, err instanceof Error ? (err.stack ?? err.message) : String(err)));
