/**
 * Same-job A/B, the edge part: the base ref checked out into a git worktree next to the
 * head, set up by the user's setup command (install, build dependencies), with the head's
 * server and build commands pointed into it. Paths inside the repository, in cwd values
 * and in command lines, are moved to the worktree; anything outside (a tool installed
 * elsewhere, the cases file) stays as it is, so both arms run the same dataset.
 */
import { execFile } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { makeTempDir } from '../shared/temp-dir.ts';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BuildConfig, Config, ServerConfig } from '../config/config.ts';
import { registerProcessTree } from '../server/cleanup.ts';
import { UsageError } from '../shared/run-errors.ts';
import { runTimedStep } from './timed-step.ts';

const run = promisify(execFile);

export interface BaseCheckout {
  ref: string;
  sha: string;
  dir: string;
  server: ServerConfig;
  build: BuildConfig | null;
  /** Wall time of the setup command, ms (null without one). */
  setupMs: number | null;
  remove(): Promise<void>;
}

async function git(args: string[], cwd: string): Promise<string> {
  const { stdout } = await run('git', args, { cwd, encoding: 'utf8' });
  return stdout.trim();
}

/** The commit of `ref`; fetched from origin when the clone does not have it (actions/checkout fetches one commit). */
async function resolveCommit(ref: string, root: string): Promise<string> {
  const verify = () => git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], root);
  try {
    return await verify();
  } catch {
    await git(['fetch', '--no-tags', '--depth=1', 'origin', ref], root).catch(() => undefined);
    return verify().catch(() => {
      throw new UsageError(`compare-ref: ${ref} is not a commit of this repository (and could not be fetched from origin)`);
    });
  }
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Moves one path, or every path under the repository root in a command line, into the
 * worktree. Installed dependencies are the exception: a path under node_modules (the
 * Node binary of a `node` devDependency that npm scripts run, a tool's bin) moves only
 * when the worktree has it too (its setup command installed it); otherwise the head's
 * stays, since a git worktree has no node_modules and the moved path would not exist
 * (exit 127).
 */
export function retarget(text: string, root: string, dir: string, exists: (file: string) => boolean = existsSync): string {
  if (text === root) return dir;
  const rootSlash = root.endsWith(path.sep) ? root : root + path.sep;
  const inRepo = new RegExp(`${escapeRegExp(rootSlash)}([^\\s'"]*)`, 'g');
  return text.replace(inRepo, (whole, rest: string) => {
    const installed = rest.split(path.sep).includes('node_modules');
    return installed && !exists(path.join(dir, rest)) ? whole : path.join(dir, rest);
  });
}

export async function checkoutBase(config: Config, onPhase: (detail: string) => void): Promise<BaseCheckout> {
  const { ref, setupCommand } = config.compareRef!;
  let root: string;
  try {
    root = await git(['rev-parse', '--show-toplevel'], config.workDir);
  } catch {
    throw new UsageError(`compare-ref needs a git repository, and ${config.workDir} is not in one`);
  }
  const sha = await resolveCommit(ref, root);
  const dir = makeTempDir(`dme-base-${sha.slice(0, 7)}-`);
  onPhase(`checking out ${ref} (${sha.slice(0, 7)}) into ${dir}`);
  await git(['worktree', 'add', '--detach', '--force', dir, sha], root);
  const remove = async (): Promise<void> => {
    await git(['worktree', 'remove', '--force', dir], root).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    await git(['worktree', 'prune'], root).catch(() => undefined);
  };
  const unregister = registerProcessTree(remove, () => []);
  const removeCheckout = async () => {
    unregister();
    await remove();
  };
  // The setup runs first: what it installs (node_modules) decides where the commands point.
  let setupMs: number | null = null;
  if (setupCommand) {
    onPhase(`setup in the base checkout: ${setupCommand}`);
    const timeoutMs = config.build?.timeoutMs ?? 10 * 60_000;
    try {
      setupMs = (await runTimedStep({ command: setupCommand, cwd: retarget(config.workDir, root, dir), timeoutMs }, 'the setup command in the base checkout')).ms;
    } catch (err) {
      await removeCheckout();
      throw err;
    }
  }
  return {
    ref,
    sha,
    dir,
    server: { ...config.server, command: retarget(config.server.command, root, dir), cwd: retarget(config.server.cwd, root, dir) },
    build: config.build
      ? { ...config.build, command: retarget(config.build.command, root, dir), cwd: retarget(config.build.cwd, root, dir), ...(config.build.output ? { output: retarget(config.build.output, root, dir) } : {}) }
      : null,
    setupMs,
    remove: removeCheckout,
  };
}
