/**
 * A path that must stay inside a folder (a task's workspace): relative, and never leading
 * out of it once `.` and `..` are resolved. Checked on the text alone, for datasets at load
 * time and for an agent's tool calls; symbolic links are the workspace's own check.
 */
import path from 'node:path';

/** Why `p` cannot name a file inside the folder, or undefined when it can (then `inside` gives it, normalised). */
export function relativePathProblem(p: string): string | undefined {
  if (p.trim() === '') return 'the path is empty';
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(p)) return 'the path holds a control character (a line break, a tab, NUL)';
  if (path.posix.isAbsolute(p) || path.win32.isAbsolute(p)) return `"${p}" is absolute: give a path relative to the workspace`;
  const normal = path.posix.normalize(p.replace(/\\/g, '/'));
  if (normal === '..' || normal.startsWith('../')) return `"${p}" leads out of the workspace`;
  return undefined;
}

/** `p` normalised (forward slashes, no `.` segments); call only when relativePathProblem(p) is undefined. */
export function normalisedRelative(p: string): string {
  const normal = path.posix.normalize(p.replace(/\\/g, '/')).replace(/\/+$/, '');
  return normal === '' ? '.' : normal;
}
