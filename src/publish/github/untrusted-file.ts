/**
 * Reading files that an untrusted run produced (a PR's artifact): only regular files
 * (no symlinks out of the directory), only plain names inside it, size-capped before
 * reading, and JSON parsed as data (JSON.parse never executes anything).
 */
import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';

export class UntrustedFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UntrustedFileError';
  }
}

/** A bare file name: no directories, no leading dot (so never `.` or `..`). */
const PLAIN_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export function isPlainFileName(name: unknown): name is string {
  return typeof name === 'string' && PLAIN_NAME.test(name);
}

/** `dir/name`, after checking it is a regular file of at most `maxBytes`. */
export function untrustedFilePath(dir: string, name: string, maxBytes: number): string {
  if (!isPlainFileName(name)) throw new UntrustedFileError(`refusing file name ${JSON.stringify(name).slice(0, 120)}: not a plain file name`);
  const file = path.join(dir, name);
  let stats;
  try {
    stats = lstatSync(file);
  } catch {
    throw new UntrustedFileError(`the artifact has no ${name}`);
  }
  if (!stats.isFile()) throw new UntrustedFileError(`${name} in the artifact is not a regular file`);
  if (stats.size > maxBytes) throw new UntrustedFileError(`${name} in the artifact is ${stats.size} bytes, over the ${maxBytes}-byte limit`);
  return file;
}

export function readUntrustedText(dir: string, name: string, maxBytes: number): string {
  return readFileSync(untrustedFilePath(dir, name, maxBytes), 'utf8');
}

/** Parses `dir/name` as JSON; the result is `unknown` on purpose: validate before use. */
export function readUntrustedJson(dir: string, name: string, maxBytes: number): unknown {
  const text = readUntrustedText(dir, name, maxBytes);
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new UntrustedFileError(`${name} in the artifact is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
}
