/**
 * A git repository for same-job A/B tests: the reference server's bundles, its corpus and
 * a start script, committed as the base; the working tree (the head) then changes what
 * the test needs. Real git, so `compare-ref` checks the base out into a real worktree.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './cli.ts';

export function git(args: string[], cwd: string): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** The server command every arm runs: the start script, so a head can change the server's environment. */
export const START = 'sh start.sh';
export const BUILD = `${JSON.stringify(process.execPath)} server/build.js --docs corpus --out .index.json`;

const startScript = (env = '') => `exec ${env}${JSON.stringify(process.execPath)} server/server.js --index .index.json\n`;

export type HeadChange = 'delete-retries-guide' | 'ranking-fault';

export function abRepository(change: HeadChange): { repo: string; sha: string } {
  const repo = mkdtempSync(path.join(os.tmpdir(), 'dme-ab-repo-'));
  cpSync(path.join(ROOT, 'examples/reference-server/dist'), path.join(repo, 'server'), { recursive: true });
  cpSync(path.join(ROOT, 'datasets/reference/corpus'), path.join(repo, 'corpus'), { recursive: true });
  writeFileSync(path.join(repo, 'start.sh'), startScript());
  const id = ['-c', 'user.name=t', '-c', 'user.email=t@example.com'];
  git(['init', '-q', '-b', 'main'], repo);
  git([...id, 'add', '.'], repo);
  git([...id, 'commit', '-q', '-m', 'base'], repo);
  if (change === 'delete-retries-guide') rmSync(path.join(repo, 'corpus/sdks/typescript/retries.md'));
  // The reference server's test-only switch: on 1 query in 6 the two best hits leave the top 5.
  else writeFileSync(path.join(repo, 'start.sh'), startScript('env REFERENCE_SERVER_RANKING_FAULT=6 '));
  return { repo, sha: git(['rev-parse', 'HEAD'], repo) };
}

export function worktreeCount(repo: string): number {
  return git(['worktree', 'list', '--porcelain'], repo).split('\n').filter((l) => l.startsWith('worktree ')).length;
}
