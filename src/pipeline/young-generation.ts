/**
 * The harness's memory on a large suite. V8 grows its young generation while objects
 * survive collection, and a run that builds up results makes them survive: at 10,000
 * cases the harness ended with ~110 MB of young-generation pages resident, most of them
 * empty, for 250 MB in all. Capping the semi-space at 16 MB took the same run to 164 MB
 * with no measurable throughput cost (`npm run bench:scale`). V8 reads that cap only at
 * start-up (v8.setFlagsFromString is too late), so for a large suite the harness runs
 * itself again with the flag, through process.execve (Node ≥ 22.15): the same pid, so
 * signals, stdio, the exit code and everything the caller waits on are unchanged. It
 * happens before anything runs or prints; small suites never pay the extra start-up.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** A suite file this big (about 5,000 cases) is worth a second start-up. */
export const LARGE_SUITE_BYTES = 1024 * 1024;
export const YOUNG_GENERATION_FLAG = '--max-semi-space-size=16';

/** Bytes of the cases file, or of the files directly in a cases folder; 0 when unreadable. */
function suiteBytes(cases: string): number {
  try {
    const stat = statSync(cases);
    if (!stat.isDirectory()) return stat.size;
    return readdirSync(cases, { withFileTypes: true })
      .filter((e) => e.isFile())
      .reduce((sum, e) => sum + statSync(path.join(cases, e.name)).size, 0);
  } catch {
    return 0;
  }
}

function alreadySet(): boolean {
  const given = [...process.execArgv, ...(process.env['NODE_OPTIONS'] ?? '').split(/\s+/)];
  return given.some((a) => a.startsWith('--max-semi-space-size'));
}

/**
 * Re-executes this process with the young generation capped when the suite is large and
 * the flag is not set yet; returns (doing nothing) otherwise, and where Node lacks execve.
 */
export function capYoungGenerationFor(cases: string, log: (message: string) => void): void {
  const execve = (process as { execve?: (file: string, args: string[], env: NodeJS.ProcessEnv) => never }).execve;
  if (typeof execve !== 'function' || alreadySet()) return;
  const bytes = suiteBytes(cases);
  if (bytes < LARGE_SUITE_BYTES) return;
  log(`a ${(bytes / (1024 * 1024)).toFixed(1)} MiB suite: running again with ${YOUNG_GENERATION_FLAG} to keep the harness's memory down`);
  execve.call(process, process.execPath, [process.execPath, YOUNG_GENERATION_FLAG, ...process.execArgv, ...process.argv.slice(1)], process.env);
}
