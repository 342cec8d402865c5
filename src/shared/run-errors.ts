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
