/**
 * The reference docs server (examples/reference-server, from its sources) over the Nimbus
 * corpus, as a real stdio session: what the agent tests give their agents, so every MCP
 * call they make is a real call through the same session the runs use.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { quote } from 'shell-quote';
import { startStdioSession, type StdioSession } from '../../src/server/stdio-session.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_SRC = path.join(ROOT, 'examples/reference-server/src');

/** Builds the reference index into a fresh folder (about a second) and returns its path. */
export function buildReferenceIndex(): string {
  const index = path.join(mkdtempSync(path.join(os.tmpdir(), 'dme-ref-')), 'index.json');
  const built = spawnSync(process.execPath, [path.join(SERVER_SRC, 'build.ts'), '--docs', path.join(ROOT, 'datasets/reference/corpus'), '--out', index], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`the reference index did not build: ${built.stderr}`);
  return index;
}

export function referenceServerCommand(index: string): string {
  return quote([process.execPath, path.join(SERVER_SRC, 'server.ts'), '--index', index]);
}

export function startReferenceSession(index: string = buildReferenceIndex()): Promise<StdioSession> {
  return startStdioSession({ command: referenceServerCommand(index), cwd: ROOT, env: {} }, { clientName: 'test', clientVersion: '0', connectTimeoutMs: 20_000, rssIntervalMs: 100, killGraceMs: 500 });
}
