/**
 * What a path is, asked without throwing: a missing or unreadable path is "no", and
 * whoever reads it next reports the problem with its own words.
 */
import { stat } from 'node:fs/promises';

export async function isDirectory(target: string): Promise<boolean> {
  return stat(target).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

export async function pathExists(target: string): Promise<boolean> {
  return stat(target).then(
    () => true,
    () => false,
  );
}
