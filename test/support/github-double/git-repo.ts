/**
 * The double's repository on disk: a real bare git repository, configured as GitHub's
 * behave (partial clone allowed, pushes over HTTP), read synchronously by the REST
 * handlers (refs, contents, blobs) and served to git clients by git-http.ts.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', LC_ALL: 'C' };

export interface BareRepository {
  /** The folder http-backend serves from (GIT_PROJECT_ROOT). */
  projectRoot: string;
  /** The bare repository itself: `<projectRoot>/<owner>/<repo>.git`. */
  dir: string;
  remove(): void;
}

export function createBareRepository(owner: string, repo: string): BareRepository {
  const projectRoot = mkdtempSync(path.join(os.tmpdir(), 'dme-double-git-'));
  const dir = path.join(projectRoot, owner, `${repo}.git`);
  mkdirSync(path.dirname(dir), { recursive: true });
  execFileSync('git', ['init', '--quiet', '--bare', dir], { env: GIT_ENV });
  for (const [key, value] of [
    ['uploadpack.allowFilter', 'true'],
    ['uploadpack.allowAnySHA1InWant', 'true'],
    ['http.receivepack', 'true'],
  ] as const) {
    execFileSync('git', ['config', key, value], { cwd: dir, env: GIT_ENV });
  }
  return { projectRoot, dir, remove: () => rmSync(projectRoot, { recursive: true, force: true }) };
}

/** git's stdout, or undefined when it failed (no such ref, path or object). */
export function gitOutput(dir: string, args: string[], encoding: 'utf8' | 'buffer' = 'utf8'): string | Buffer | undefined {
  const result = spawnSync('git', args, { cwd: dir, env: GIT_ENV, maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) return undefined;
  return encoding === 'buffer' ? result.stdout : result.stdout.toString('utf8');
}

export function resolveCommit(dir: string, ref: string): string | undefined {
  const out = gitOutput(dir, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  return typeof out === 'string' ? out.trim() : undefined;
}

export interface TreeEntry {
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  sha: string;
  size: number;
  name: string;
}

/** The entries of the tree `spec` (`<commit>:<path>`), or undefined when it is not a tree. */
export function listTree(dir: string, spec: string): TreeEntry[] | undefined {
  const out = gitOutput(dir, ['ls-tree', '-l', '-z', spec]);
  if (typeof out !== 'string') return undefined;
  return out
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const m = /^(\d+) (blob|tree|commit) ([0-9a-f]+) +(-|\d+)\t(.*)$/s.exec(line);
      if (!m) throw new Error(`github double: unexpected ls-tree line ${JSON.stringify(line)}`);
      return { mode: m[1]!, type: m[2] as TreeEntry['type'], sha: m[3]!, size: m[4] === '-' ? 0 : Number(m[4]), name: m[5]! };
    });
}

/** The type of an object (`blob`, `tree`, …), or undefined when there is none. */
export function objectType(dir: string, spec: string): string | undefined {
  const out = gitOutput(dir, ['cat-file', '-t', spec]);
  return typeof out === 'string' ? out.trim() : undefined;
}

export function readObject(dir: string, sha: string): Buffer | undefined {
  const out = gitOutput(dir, ['cat-file', 'blob', sha], 'buffer');
  return Buffer.isBuffer(out) ? out : undefined;
}
