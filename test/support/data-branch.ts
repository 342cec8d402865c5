/**
 * Data branches for the writer's tests: a bare repository on disk as the remote (set up as
 * GitHub's: partial clone allowed), git run in it with no user or system config, and
 * writers racing on one branch: a process per writer (branch-writer-child.ts), lined up at
 * a barrier so they all fetch the same tip before any pushes.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';

export const git = (dir: string, ...args: string[]): string => execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });

/** A new bare repository `root/name`; returns its path. */
export function bareRepo(root: string, name: string): string {
  const dir = path.join(root, name);
  execFileSync('git', ['init', '--quiet', '--bare', dir]);
  // As GitHub: partial clone (a writer fetches no file contents it does not read).
  git(dir, 'config', 'uploadpack.allowFilter', 'true');
  return dir;
}

const CHILD = path.resolve(import.meta.dirname, 'branch-writer-child.ts');

export interface RacingWriter {
  name: string;
  runs: number[];
  key?: string;
  pages?: boolean;
}

export interface RacedRun {
  runId: number;
  attempts: number;
  changed: boolean;
  commit: string;
}

/** Each writer's runs as it printed them (runId, attempts, changed, commit), after checking it exited 0. */
export async function raceWriters(o: { remote: string; branch: string; root: string; keepReports: number; writers: RacingWriter[] }): Promise<RacedRun[]> {
  const barrierDir = mkdtempSync(path.join(o.root, 'barrier-'));
  const peers = o.writers.map((w) => w.name);
  const outputs = await Promise.all(
    o.writers.map(
      (w) =>
        new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
          const options = { remote: o.remote, branch: o.branch, peers, barrierDir, keepReports: o.keepReports, ...w };
          const child = spawn(process.execPath, [CHILD, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'pipe'] });
          let out = '';
          let err = '';
          child.stdout.on('data', (c: Buffer) => (out += c.toString()));
          child.stderr.on('data', (c: Buffer) => (err += c.toString()));
          child.on('close', (code) => resolve({ code, out, err }));
        }),
    ),
  );
  for (const out of outputs) assert.equal(out.code, 0, out.err);
  return outputs.flatMap((out) => out.out.trim().split('\n').map((line) => JSON.parse(line) as RacedRun));
}
