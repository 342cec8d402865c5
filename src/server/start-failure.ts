/**
 * One start-failure path for every process we start (stdio and HTTP servers, the build,
 * the setup command, the base arm's server, init's and inspect's server). When spawn()
 * fails Node emits 'error' and 'close' but never 'exit': a wait on 'exit' alone never
 * settles, and once nothing else holds the event loop the CLI died with exit 13 and no
 * word. watchChild() settles `exited` on whichever comes, and turns the OS error into a
 * StartFailedError naming the command, the reason in words, the working directory and
 * what to try next. Node also says "spawn node ENOENT" when the *working directory* is
 * missing: the directory is checked first, so the message blames the right thing.
 */
import type { ChildProcess } from 'node:child_process';
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { StartFailedError } from '../shared/run-errors.ts';

export { StartFailedError } from '../shared/run-errors.ts';

export interface StartTarget {
  /** What is starting, as a sentence names it: "the server", "the build command". */
  what: string;
  /** The command line as the user wrote it. */
  commandLine: string;
  /** The program spawn() was given (the first word, or the shell for a build). */
  program: string;
  cwd: string;
}

function isDirectory(file: string): boolean | undefined {
  try {
    return statSync(file).isDirectory();
  } catch {
    return undefined;
  }
}

/** The interpreter a script's `#!` line names, when the script exists and has one. */
function shebangOf(file: string): string | undefined {
  try {
    const head = readFileSync(file, { encoding: 'latin1' }).slice(0, 256);
    return head.startsWith('#!') ? head.slice(2).split('\n')[0]!.trim() : undefined;
  } catch {
    return undefined;
  }
}

/** The cause in words and the next step, from the OS error and a look at the file system. */
export function explainSpawnError(err: NodeJS.ErrnoException, target: StartTarget): { reason: string; hint: string } {
  const { program, cwd } = target;
  const code = err.code ?? 'unknown';
  const cwdIsDir = isDirectory(cwd);
  if (cwdIsDir === undefined) return { reason: `its working directory does not exist (${code})`, hint: `create ${cwd}, or fix the working directory (--server-cwd, server.cwd, --cwd)` };
  if (cwdIsDir === false) return { reason: `its working directory is not a directory (${code})`, hint: `point the working directory at a folder` };
  const hasSlash = program.includes('/') || program.includes(path.sep);
  const resolved = path.resolve(cwd, program);
  if (code === 'ENOENT') {
    if (!hasSlash) return { reason: `"${program}" was not found on PATH (ENOENT)`, hint: `check the spelling, install it, or give its path (e.g. ./node_modules/.bin/${program}); PATH has ${(process.env['PATH'] ?? '').split(path.delimiter).filter(Boolean).length} folders` };
    const shebang = shebangOf(resolved);
    if (shebang !== undefined) return { reason: `${resolved} exists, but the interpreter on its #! line (${shebang}) was not found (ENOENT)`, hint: `install that interpreter, or run the script through one: e.g. node ${program}` };
    return { reason: `${resolved} does not exist (ENOENT)`, hint: `a relative command is resolved against the working directory; check the path, or build it first` };
  }
  if (code === 'EACCES' || code === 'EPERM') {
    if (hasSlash && isDirectory(resolved)) return { reason: `${resolved} is a directory, not a program (${code})`, hint: 'name the program inside it' };
    if (hasSlash) return { reason: `${resolved} is not executable, or not ours to run (${code}: permission denied)`, hint: `chmod +x ${program}, or run it through its interpreter (e.g. node ${program})` };
    return { reason: `permission denied running "${program}" (${code})`, hint: 'check the permissions of the program and of its working directory' };
  }
  return { reason: `${err.message} (${code})`, hint: 'check the command and its working directory' };
}

/** The error spawn() would give for `program` in `cwd` (a wrapper such as taskset hides it behind its own exit 127). */
function programError(program: string, cwd: string, searchPath: string): NodeJS.ErrnoException | undefined {
  const candidates = program.includes('/') ? [path.resolve(cwd, program)] : searchPath.split(path.delimiter).filter(Boolean).map((dir) => path.resolve(cwd, dir, program));
  let denied = false;
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK);
      if (!isDirectory(file)) return undefined;
      denied = true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EACCES') denied = true;
    }
  }
  return Object.assign(new Error(`spawn ${program} ${denied ? 'EACCES' : 'ENOENT'}`), { code: denied ? 'EACCES' : 'ENOENT', syscall: 'spawn' });
}

/**
 * Before spawning `program` through a wrapper (taskset for --server-cpus): the wrapper
 * itself starts fine, so what cannot start must be found here, or it reads as
 * "the server exited with code 127".
 */
export function checkWrappedProgram(target: StartTarget, searchPath = process.env['PATH'] ?? ''): void {
  if (isDirectory(target.cwd) !== true) throw startFailedError(Object.assign(new Error('cwd'), { code: 'ENOENT' }), target);
  const err = programError(target.program, target.cwd, searchPath);
  if (err) throw startFailedError(err, target);
}

export function startFailedError(err: NodeJS.ErrnoException, target: StartTarget): StartFailedError {
  const { reason, hint } = explainSpawnError(err, target);
  return new StartFailedError(`${target.what} could not start: ${reason}`, { command: target.commandLine, cwd: target.cwd, code: err.code ?? 'unknown', hint });
}

export interface ChildWatch {
  /** Resolves on 'spawn'; rejects with a StartFailedError when the process could not start. */
  spawned: Promise<void>;
  /** Resolves when the process exited, or failed to start (then with null): always settles. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null } | null>;
  /** The start failure, once known. */
  failure(): StartFailedError | undefined;
}

/** Listens from the spawn on (call it synchronously after spawn()). */
export function watchChild(child: ChildProcess, target: StartTarget): ChildWatch {
  let failure: StartFailedError | undefined;
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', () => resolve());
    // `on`, not `once`: a later 'error' (a failed kill) on a started process must not go
    // unhandled, and is not a start failure.
    child.on('error', (err: NodeJS.ErrnoException) => {
      if (child.pid !== undefined || failure) return;
      failure = startFailedError(err, target);
      reject(failure);
    });
  });
  // Awaited only by whoever asks; never unhandled.
  spawned.catch(() => undefined);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null } | null>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    spawned.catch(() => resolve(null));
  });
  return { spawned, exited, failure: () => failure };
}
