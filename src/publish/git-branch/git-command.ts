/**
 * Running git for the data branch: argument lists (never a shell), text on stdin, a
 * time bound, and no process left behind. git starts helpers of its own (the HTTP
 * transport, a lazy fetch), so each command runs in its own process group, which a
 * timeout or an interrupted step ends whole. The environment is the caller's plus
 * what keeps git predictable on any runner: no system or global config (a credential
 * helper or URL rewrite there would change where we push), no prompt, English messages.
 */
import { spawn } from 'node:child_process';
import { registerProcessTree } from '../../server/cleanup.ts';

/** Far beyond a healthy fetch or push of a few MB; a hung network fails instead of holding the job. */
export const GIT_TIMEOUT_MS = 120_000;

export class GitError extends Error {
  readonly args: readonly string[];
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;

  constructor(args: readonly string[], code: number | null, stdout: string, stderr: string, why?: string) {
    const tail = stderr.trim().split('\n').slice(-6).join('\n');
    super(`git ${args[0] ?? ''} ${why ?? `exited with ${code ?? 'a signal'}`}${tail ? `:\n${tail}` : ''}`);
    this.name = 'GitError';
    this.args = args;
    this.code = code;
    this.stdout = stdout;
    this.stderr = stderr;
  }
}

export interface GitOptions {
  cwd: string;
  /** Added to the process environment (auth, identity, index file). */
  env?: Record<string, string>;
  input?: string;
  timeoutMs?: number;
}

const QUIET_ENV = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_TERMINAL_PROMPT: '0',
  GCM_INTERACTIVE: 'never',
  LC_ALL: 'C',
};

export function runGit(args: readonly string[], options: GitOptions): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      cwd: options.cwd,
      env: { ...process.env, ...QUIET_ENV, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const pid = child.pid;
    const killGroup = (signal: NodeJS.Signals) => {
      if (pid === undefined) return;
      try {
        process.kill(-pid, signal);
      } catch {
        // Gone already.
      }
    };
    const unregister = registerProcessTree(() => Promise.resolve(killGroup('SIGTERM')), () => (pid === undefined ? [] : [-pid]));
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup('SIGKILL');
    }, options.timeoutMs ?? GIT_TIMEOUT_MS);
    child.on('error', (err) => {
      clearTimeout(timer);
      unregister();
      reject(new GitError(args, null, stdout, stderr, `could not start (${err.message}): is git installed and on PATH?`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      unregister();
      if (timedOut) reject(new GitError(args, code, stdout, stderr, `took longer than ${Math.round((options.timeoutMs ?? GIT_TIMEOUT_MS) / 1000)} s and was stopped`));
      else if (code === 0) resolve({ stdout, stderr });
      else reject(new GitError(args, code, stdout, stderr));
    });
    child.stdin.on('error', () => {
      // git may exit before reading its input; its exit code tells what happened.
    });
    child.stdin.end(options.input ?? '');
  });
}
