/**
 * A task run's workspace: a fresh temporary folder, seeded from the task's files, which
 * the agent's file tools and the assertions read and write. Every path is checked twice:
 * on its text (relative, never leading out: shared/relative-path.ts), then on the disk, so
 * a symbolic link cannot lead out either (the real path must stay inside, and a link is
 * never written through). Sizes are capped: what one write may hold, what all writes of a
 * run may add up to, what a read gives back, how many entries a listing has.
 */
import { cp, lstat, mkdir, mkdtemp, open, readdir, readFile, realpath, rm, stat } from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';
import { normalisedRelative, relativePathProblem } from '../shared/relative-path.ts';
import { tempRoot } from '../shared/temp-dir.ts';
import type { TaskFiles } from '../model/task.ts';

export const LIMITS = {
  /** Bytes one write_file may write. */
  writeBytes: 1024 * 1024,
  /** Bytes all writes of a run may add up to. */
  totalBytes: 20 * 1024 * 1024,
  /** Characters read_file gives the agent (the rest is cut, and it is told so). */
  readChars: 64 * 1024,
  /** Bytes an assertion reads of a file. */
  assertionBytes: 4 * 1024 * 1024,
  /** Entries list_files and the run's file list give. */
  listEntries: 500,
} as const;

/** A refused or failed file operation: its message is what the agent (or the report) is told. */
export class WorkspaceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkspaceError';
  }
}

const inside = (root: string, target: string) => target === root || target.startsWith(`${root}${path.sep}`);

export interface Workspace {
  /** The folder, its real path. */
  readonly dir: string;
  write(file: string, content: string): Promise<number>;
  /** The file's text, cut at `limit` characters. */
  read(file: string, limit?: number): Promise<{ text: string; chars: number; truncated: boolean }>;
  /** Whether the file exists (and is a file inside the workspace). */
  exists(file: string): Promise<boolean>;
  /** Files under `folder` (default the workspace), sorted, at most LIMITS.listEntries. */
  list(folder?: string): Promise<{ files: { path: string; bytes: number }[]; truncated: boolean }>;
  remove(): Promise<void>;
}

export async function createWorkspace(): Promise<Workspace> {
  const dir = await realpath(await mkdtemp(path.join(tempRoot(), 'dme-task-')));
  let written = 0;

  /** The absolute path of `file`, or a WorkspaceError saying why it cannot be used. */
  async function resolve(file: string): Promise<string> {
    const problem = relativePathProblem(file);
    if (problem !== undefined) throw new WorkspaceError(problem);
    const target = path.join(dir, normalisedRelative(file));
    // The deepest part that exists must really be inside: a link anywhere on the way is followed here.
    let existing = target;
    for (;;) {
      try {
        const real = await realpath(existing);
        if (!inside(dir, real)) throw new WorkspaceError(`"${file}" leads out of the workspace through a symbolic link`);
        return target;
      } catch (error) {
        if (error instanceof WorkspaceError) throw error;
        const parent = path.dirname(existing);
        if (parent === existing || !inside(dir, parent)) return target;
        existing = parent;
      }
    }
  }

  return {
    dir,
    async write(file, content) {
      const bytes = Buffer.byteLength(content);
      if (bytes > LIMITS.writeBytes) throw new WorkspaceError(`refused: ${bytes} bytes is more than one file may hold (${LIMITS.writeBytes})`);
      if (written + bytes > LIMITS.totalBytes) throw new WorkspaceError(`refused: the run's writes would pass ${LIMITS.totalBytes} bytes`);
      const target = await resolve(file);
      if (target === dir) throw new WorkspaceError('refused: the workspace itself is not a file');
      await mkdir(path.dirname(target), { recursive: true });
      // Checked again after the folders exist, and the file itself is never a link written through.
      await resolve(file);
      let handle;
      try {
        handle = await open(target, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o644);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new WorkspaceError(code === 'ELOOP' ? `refused: "${file}" is a symbolic link` : code === 'EISDIR' ? `"${file}" is a folder` : `cannot write "${file}": ${code ?? String(error)}`);
      }
      try {
        await handle.writeFile(content);
      } finally {
        await handle.close();
      }
      written += bytes;
      return bytes;
    },
    async read(file, limit = LIMITS.readChars) {
      const target = await resolve(file);
      let text: string;
      try {
        if (!(await stat(target)).isFile()) throw new WorkspaceError(`"${file}" is not a file`);
        text = await readFile(target, 'utf8');
      } catch (error) {
        if (error instanceof WorkspaceError) throw error;
        const code = (error as NodeJS.ErrnoException).code;
        throw new WorkspaceError(code === 'ENOENT' ? `"${file}" does not exist` : `cannot read "${file}": ${code ?? String(error)}`);
      }
      return { text: text.length > limit ? text.slice(0, limit) : text, chars: text.length, truncated: text.length > limit };
    },
    async exists(file) {
      try {
        return (await stat(await resolve(file))).isFile();
      } catch {
        return false;
      }
    },
    async list(folder = '.') {
      const root = await resolve(folder);
      const files: { path: string; bytes: number }[] = [];
      let truncated = false;
      const walk = async (current: string): Promise<void> => {
        let entries;
        try {
          entries = await readdir(current, { withFileTypes: true });
        } catch {
          return;
        }
        for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
          if (files.length >= LIMITS.listEntries) {
            truncated = true;
            return;
          }
          const full = path.join(current, entry.name);
          // Links are listed, never followed.
          if (entry.isDirectory()) await walk(full);
          else files.push({ path: path.relative(dir, full).split(path.sep).join('/'), bytes: entry.isFile() ? (await lstat(full)).size : 0 });
        }
      };
      await walk(root);
      return { files, truncated };
    },
    async remove() {
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Seeds a workspace with the task's files: the folder (relative to the dataset file) copied, links kept as links; then the inline files. */
export async function seedWorkspace(workspace: Workspace, files: TaskFiles | undefined, datasetFile: string): Promise<void> {
  if (files?.dir !== undefined) {
    const from = path.resolve(path.dirname(datasetFile), files.dir);
    try {
      if (!(await stat(from)).isDirectory()) throw new Error('not a folder');
    } catch {
      throw new WorkspaceError(`files: ${from} is not a folder (the path is relative to ${datasetFile})`);
    }
    await cp(from, workspace.dir, { recursive: true, verbatimSymlinks: true, force: true });
  }
  for (const [file, content] of Object.entries(files?.inline ?? {})) await workspace.write(file, content);
}
