/**
 * One commit on a branch of a remote, made safely alongside other writers. Each attempt
 * fetches the branch's tip (one commit deep, without file contents: `--filter=blob:none`,
 * so only the files the change reads are downloaded), asks the caller for its change
 * against that tip, builds the new tree in a private index, commits on top of the tip and
 * pushes without force. When another writer got there first the push is refused as not a
 * fast-forward: fetch, re-apply, push again, a bounded number of times with a growing,
 * jittered pause. Nothing already on the branch is ever overwritten; a change that alters
 * nothing (the same run written again) makes no commit. A missing branch is created.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { makeTempDir } from '../../shared/temp-dir.ts';
import { GitError, runGit } from './git-command.ts';

export interface BranchTip {
  /** The tip commit, or null when the branch does not exist yet. */
  commit: string | null;
  /** A file's text at the tip, or null when there is none. */
  read(file: string): Promise<string | null>;
  /** Names of the entries of a folder at the tip ('' the root; [] when there is none). */
  list(dir: string): Promise<string[]>;
}

/** A file's new content: text, or a file on this machine (a page of many MB is never read into memory). */
export type BranchContent = string | { file: string };

export interface BranchChange {
  /** Path -> content. */
  writes: ReadonlyMap<string, BranchContent>;
  deletes: readonly string[];
}

export interface BranchWriteOptions {
  /** Remote URL or path. */
  remote: string;
  branch: string;
  message: string;
  /** The change, computed against each attempt's tip. */
  change: (tip: BranchTip) => Promise<BranchChange>;
  /** Added to git's environment (authentication). */
  env?: Record<string, string>;
  author?: { name: string; email: string };
  maxAttempts?: number;
  /** Pause before attempt n + 1, ms. */
  backoffMs?: (attempt: number) => number;
  /** Called after each fetch, before the change is computed (tests line writers up with it). */
  onFetched?: (attempt: number, tip: string | null) => Promise<void>;
  log?: (message: string) => void;
}

export interface BranchWriteResult {
  /** The branch's tip afterwards: the new commit, or the unchanged tip. */
  commit: string;
  /** Whether a commit was pushed (false: the branch already held this change). */
  changed: boolean;
  attempts: number;
}

export const DEFAULT_MAX_ATTEMPTS = 8;
export const GITHUB_ACTIONS_BOT = { name: 'github-actions[bot]', email: '41898282+github-actions[bot]@users.noreply.github.com' };

/** Up to 5 s: a few writers finishing together (a matrix of keys) fall out of step within a few tries. */
function defaultBackoff(attempt: number): number {
  return Math.min(5_000, attempt * 500 + Math.floor(Math.random() * 1_000));
}

/** A push refused because the branch moved (or was being moved) under us: worth another attempt. */
export function isRaceRejection(err: GitError): boolean {
  const report = `${err.stdout}\n${err.stderr}`;
  return /\[rejected\].*\((fetch first|non-fast-forward|stale info)\)/.test(report) || /\[remote rejected\].*(cannot lock ref|failed to update ref|incorrect old value)/.test(report);
}

/** What a refused fetch or push means, in words that name the fix. */
function explainRemoteFailure(err: GitError, branch: string): Error {
  const text = err.stderr;
  if (/\b403\b|Permission to .* denied|permission denied|not allowed/i.test(text)) {
    return new Error(`the token may not push to branch ${branch} (HTTP 403): give the job \`permissions: contents: write\` (history-store: branch writes on push to the default branch, schedule and workflow_dispatch runs only). ${err.message}`, { cause: err });
  }
  if (/\b401\b|Authentication failed|could not read Username|Invalid username or token/i.test(text)) {
    return new Error(`git could not authenticate to branch ${branch}'s repository: pass a token that may write contents as github-token. ${err.message}`, { cause: err });
  }
  if (/protected branch|GH006|declined/i.test(text)) {
    return new Error(`branch ${branch} refused the push (a branch protection rule?): let the job's token push to it, or choose another history-branch. ${err.message}`, { cause: err });
  }
  return err;
}

class Repo {
  readonly dir: string;
  private readonly env: Record<string, string>;

  constructor(dir: string, env: Record<string, string>) {
    this.dir = dir;
    this.env = env;
  }

  async git(args: string[], input?: string, extraEnv: Record<string, string> = {}): Promise<string> {
    return (await runGit(args, { cwd: this.dir, env: { ...this.env, ...extraEnv }, ...(input === undefined ? {} : { input }) })).stdout;
  }

  /** The branch's tip commit after fetching it, or null when the remote has no such branch. */
  async fetch(branch: string): Promise<string | null> {
    try {
      await this.git(['fetch', '--quiet', '--no-tags', '--depth=1', '--filter=blob:none', 'origin', `+refs/heads/${branch}:refs/remotes/origin/${branch}`]);
    } catch (err) {
      if (err instanceof GitError && /couldn't find remote ref/i.test(err.stderr)) return null;
      throw err instanceof GitError ? explainRemoteFailure(err, branch) : err;
    }
    return (await this.git(['rev-parse', '--verify', `refs/remotes/origin/${branch}^{commit}`])).trim();
  }

  tip(commit: string | null): BranchTip {
    const entry = async (file: string) => {
      if (commit === null) return undefined;
      const out = await this.git(['ls-tree', '-z', commit, '--', file]);
      const m = /^(\d+) (\w+) ([0-9a-f]+)\t/.exec(out);
      return m ? { type: m[2], oid: m[3] ?? '' } : undefined;
    };
    return {
      commit,
      read: async (file) => {
        const found = await entry(file);
        return found?.type === 'blob' ? this.git(['cat-file', 'blob', found.oid]) : null;
      },
      list: async (dir) => {
        if (commit === null) return [];
        const folder = dir.replace(/\/+$/, '');
        // '' is the branch's root: ls-tree takes no path for it.
        const out = await this.git(['ls-tree', '-z', '--name-only', commit, ...(folder === '' ? [] : ['--', `${folder}/`])]);
        return out.split('\0').filter(Boolean).map((p) => path.posix.basename(p));
      },
    };
  }

  /** Stores a file's content as a blob; returns its id. */
  async blob(content: BranchContent): Promise<string> {
    const out = typeof content === 'string' ? await this.git(['hash-object', '-w', '--stdin'], content) : await this.git(['hash-object', '-w', '--', path.resolve(content.file)]);
    return out.trim();
  }

  /** The tree of `base` with the change applied, built in a private index. */
  async tree(base: string | null, change: BranchChange): Promise<string> {
    const index = { GIT_INDEX_FILE: path.join(this.dir, '.git', 'dme-index') };
    rmSync(index.GIT_INDEX_FILE, { force: true });
    await this.git(base === null ? ['read-tree', '--empty'] : ['read-tree', base], undefined, index);
    const lines: string[] = [];
    for (const [file, content] of change.writes) {
      const oid = await this.blob(content);
      lines.push(`100644 ${oid}\t${file}`);
    }
    for (const file of change.deletes) lines.push(`0 ${'0'.repeat(40)}\t${file}`);
    if (lines.length > 0) await this.git(['update-index', '--index-info'], `${lines.join('\n')}\n`, index);
    // Files the change did not touch stay unread: their contents were never fetched.
    return (await this.git(['write-tree', '--missing-ok'], undefined, index)).trim();
  }
}

export async function writeToBranch(options: BranchWriteOptions): Promise<BranchWriteResult> {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const author = options.author ?? GITHUB_ACTIONS_BOT;
  const identity = { GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email, GIT_COMMITTER_NAME: author.name, GIT_COMMITTER_EMAIL: author.email };
  const dir = makeTempDir('dme-branch-');
  // Paths are names on the branch, never patterns: a folder named `*` or `:(glob)x` means itself.
  const repo = new Repo(dir, { ...options.env, ...identity, GIT_LITERAL_PATHSPECS: '1' });
  try {
    await repo.git(['init', '--quiet']);
    await repo.git(['config', 'gc.auto', '0']);
    await repo.git(['remote', 'add', 'origin', options.remote]);
    for (let attempt = 1; ; attempt++) {
      const base = await repo.fetch(options.branch);
      await options.onFetched?.(attempt, base);
      const change = await options.change(repo.tip(base));
      const tree = await repo.tree(base, change);
      if (base !== null && tree === (await repo.git(['rev-parse', `${base}^{tree}`])).trim()) {
        return { commit: base, changed: false, attempts: attempt };
      }
      const commit = (await repo.git(['commit-tree', tree, ...(base === null ? [] : ['-p', base]), '-F', '-'], options.message)).trim();
      try {
        await repo.git(['push', '--porcelain', '--quiet', 'origin', `${commit}:refs/heads/${options.branch}`]);
        return { commit, changed: true, attempts: attempt };
      } catch (err) {
        if (!(err instanceof GitError)) throw err;
        if (!isRaceRejection(err)) throw explainRemoteFailure(err, options.branch);
        if (attempt >= maxAttempts) {
          throw new Error(
            `branch ${options.branch} kept moving: ${maxAttempts} pushes were each beaten by another writer's. Nothing on the branch was lost, but this run is not on it: re-run the job.`,
            { cause: err },
          );
        }
        const pause = (options.backoffMs ?? defaultBackoff)(attempt);
        options.log?.(`branch ${options.branch} moved while this run wrote to it (attempt ${attempt} of ${maxAttempts}): fetching it again in ${pause} ms`);
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
