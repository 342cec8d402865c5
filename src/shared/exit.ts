/**
 * Ending the process without losing output. On POSIX, stdout and stderr into a pipe are
 * asynchronous: process.exit() right after a large write drops whatever the reader had
 * not taken yet (a `--json` report piped into `jq` was cut at 64 KiB). The entry points
 * still exit explicitly, because a server that ignored every signal, or a stray handle,
 * must not keep the eval alive: they end the process trees first, then wait here until
 * both streams have handed everything to the OS, then exit.
 */

/** Resolves once `stream` has no pending bytes (or cannot take more: closed, EPIPE). */
export function drained(stream: NodeJS.WritableStream & { writableLength?: number; destroyed?: boolean }): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed === true || (stream.writableLength ?? 0) === 0) return resolve();
    const done = (): void => {
      stream.removeListener('drain', done);
      stream.removeListener('error', done);
      stream.removeListener('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('error', done);
    stream.on('close', done);
  });
}

/**
 * Sets the exit code, lets stdout and stderr drain, then exits with it. `boundMs` caps the
 * wait where leaving matters more than the last bytes (an interrupt, whose reader may be
 * gone or stuck); without it a slow reader gets everything.
 */
export async function exitWhenDrained(code: number, boundMs?: number): Promise<never> {
  process.exitCode = code;
  const both = Promise.all([drained(process.stdout), drained(process.stderr)]);
  await (boundMs === undefined ? both : Promise.race([both, new Promise((resolve) => setTimeout(resolve, boundMs).unref())]));
  process.exit(code);
}
