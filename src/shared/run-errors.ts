/** Failures that end a run before any case is scored, each with the exit code it maps to. */

/** Bad flags or a filter that selects nothing: exit 2. */
export class UsageError extends Error {
  readonly exitCode = 2;
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The build command failed: exit 1, with its stderr tail shown. */
export class BuildFailedError extends Error {
  readonly exitCode = 1;
  readonly stderrTail: string;
  constructor(message: string, stderrTail: string) {
    super(message);
    this.name = 'BuildFailedError';
    this.stderrTail = stderrTail;
  }
}

/**
 * A process we start could not start at all (not found, not executable, a missing working
 * directory): exit 1. The message says what and why, then the command, the working
 * directory and the next step, one per line, as every surface (CLI, Action annotation,
 * init, inspect) prints it.
 */
export class StartFailedError extends Error {
  readonly exitCode = 1;
  readonly command: string;
  readonly cwd: string;
  /** The OS error code (ENOENT, EACCES). */
  readonly code: string;
  readonly hint: string;
  /** Nothing ran, so there is no output; kept so every start error reads alike. */
  readonly stderrTail = '';
  constructor(message: string, fields: { command: string; cwd: string; code: string; hint: string }) {
    super(`${message}\n  command: ${fields.command}\n  working directory: ${fields.cwd}\n  next: ${fields.hint}`);
    this.name = 'StartFailedError';
    this.command = fields.command;
    this.cwd = fields.cwd;
    this.code = fields.code;
    this.hint = fields.hint;
  }
}
