/**
 * Where temporary files go: under RUNNER_TEMP in GitHub Actions (the runner empties it at
 * the end of every job, and self-hosted runners keep /tmp between jobs), else the OS temp
 * directory.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function tempRoot(): string {
  return process.env['RUNNER_TEMP'] || os.tmpdir();
}

/** A fresh directory under tempRoot(), named `<prefix>XXXXXX`. */
export function makeTempDir(prefix: string): string {
  return mkdtempSync(path.join(tempRoot(), prefix));
}
