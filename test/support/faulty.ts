/** Starting the faulty fixture server through the real session, and checking nothing survives. */
import path from 'node:path';
import { quote } from 'shell-quote';
import type { RetrievalCase } from '../../src/model/case.ts';
import { isAlive } from '../../src/server/process-tree.ts';
import { startStdioSession, type StdioSession } from '../../src/server/stdio-session.ts';

export const FAULTY_SERVER = path.resolve(import.meta.dirname, '../fixtures/faulty-server.mjs');

export function faultyCommand(...args: string[]): string {
  return quote([process.execPath, FAULTY_SERVER, ...args]);
}

export function startFaulty(args: string[], timeoutMs = 5_000): Promise<StdioSession> {
  return startStdioSession(
    { command: faultyCommand(...args), cwd: process.cwd(), env: {} },
    { clientName: 'test', clientVersion: '0', connectTimeoutMs: timeoutMs, rssIntervalMs: 50, killGraceMs: 500 },
  );
}

export function cases(n: number): RetrievalCase[] {
  return Array.from({ length: n }, (_, i) => ({
    kind: 'retrieval',
    id: `c${i + 1}`,
    name: `case ${i + 1}`,
    category: 'test',
    tags: [],
    query: `query ${i + 1}`,
    filters: {},
    relevant: [{ id: 'a.md#x', grade: 1 }],
    limit: 5,
    maxRounds: 1,
    source: { file: 'inline', line: i + 1 },
  }));
}

export function survivors(pids: readonly number[]): number[] {
  return pids.filter((pid) => isAlive(pid));
}
