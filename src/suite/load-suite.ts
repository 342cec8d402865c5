/**
 * Entry point of the suite stage: a dataset file, a directory of them, or a list of files
 * into a validated Suite, or a DatasetError listing every problem with file:line:column.
 * The format is told by extension and shape: scenarios with a prompt, keyed by id or listed,
 * are a speakeasy agent scenario file; another `.json` array is a speakeasy `cases.json`;
 * a mapping with `tests` (and no `cases`) is a seed-000 file; any other `.yaml`, `.yml` or
 * `.json` mapping is this project's format. A directory is every `*.yaml` / `*.yml` in it
 * (sorted by name), read as one suite (merge-suites.ts); a directory with none of its own
 * is the datasets of its subfolders, one level down (seed 000's datasets/<project>/
 * layout). A `profile.yaml` (or `.yml`) in a dataset folder is the folder's profile
 * (suite/profile.ts, found by folderProfile), never a dataset.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isDirectory } from '../shared/file-kind.ts';
import type { Suite } from '../model/case.ts';
import { DatasetError } from './dataset-error.ts';
import type { DatasetIssue } from './dataset-error.ts';
import { directoryName, mergeSuites } from './merge-suites.ts';
import type { LoadedFile } from './merge-suites.ts';
import { holdsAnswerMaterial, holdsTaskMaterial, nativeSuiteParser } from './parse-native-suite.ts';
import { classifyFile, topIssue, type DatasetFormat, type FormatParser } from './classify-file.ts';
import { loadAnswerChecks, loadSeed000Importer, loadSpeakeasyAgentImporter, loadSpeakeasyImporter, loadTaskChecks } from './lazy.ts';

const DIRECTORY_EXTENSIONS = ['.yaml', '.yml'];
/** File names a dataset folder keeps its profile under (not datasets). */
export const FOLDER_PROFILE_NAMES = ['profile.yaml', 'profile.yml'];

/**
 * Reads and parses `target`: a file, a directory (its YAML files, one suite), or several
 * files and directories (one suite). Unreadable paths are DatasetErrors too, so callers
 * handle one kind; problems of every file are reported together.
 */
export async function loadSuite(target: string | readonly string[]): Promise<Suite> {
  if (typeof target === 'string' && !(await isDirectory(target))) return (await loadFile(target)).suite;
  const targets = typeof target === 'string' ? [target] : target;
  const files = (await Promise.all(targets.map(expand))).flat();
  const loaded: LoadedFile[] = [];
  const issues: DatasetIssue[] = [];
  for (const file of files) {
    try {
      loaded.push(await loadFile(file));
    } catch (error) {
      if (!(error instanceof DatasetError)) throw error;
      issues.push(...error.issues);
    }
  }
  if (issues.length > 0) throw new DatasetError(issues);
  const first = targets[0] ?? '.';
  return mergeSuites(loaded, directoryName((await isDirectory(first)) ? first : path.dirname(first)));
}

async function loadFile(file: string): Promise<LoadedFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'file not found' : code === 'EISDIR' ? 'is a directory' : String(error);
    throw new DatasetError([{ file, line: 1, path: '', message: `cannot read dataset: ${reason}` }]);
  }
  const { source, format, project } = classifyFile(text, file);
  const suite = (await parserOf(format, source.data))(source, file);
  return { suite, ...(project !== undefined ? { project } : {}) };
}

/**
 * A directory -> its dataset files, sorted (so merged case order is stable): its own
 * YAML files, or when it has none, those of its subfolders; a file -> itself.
 */
export async function expand(target: string): Promise<string[]> {
  if (!(await isDirectory(target))) return [target];
  const own = await datasetFiles(target);
  if (own.length > 0) return own;
  const folders = (await readdir(target, { withFileTypes: true })).filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => e.name).sort();
  const nested = (await Promise.all(folders.map((name) => datasetFiles(path.join(target, name))))).flat();
  if (nested.length === 0) throw new DatasetError([topIssue(target, 'directory has no .yaml or .yml dataset files (nor do its subfolders)')]);
  return nested;
}

async function datasetFiles(directory: string): Promise<string[]> {
  return (await readdir(directory, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && DIRECTORY_EXTENSIONS.includes(path.extname(entry.name).toLowerCase()) && !FOLDER_PROFILE_NAMES.includes(entry.name.toLowerCase()))
    .map((entry) => entry.name)
    .sort()
    .map((name) => path.join(directory, name));
}

/** The profile a dataset folder carries (its profile.yaml / profile.yml), if `cases` is such a folder. */
export async function folderProfile(cases: string): Promise<string | undefined> {
  if (!(await isDirectory(cases))) return undefined;
  for (const name of FOLDER_PROFILE_NAMES) {
    const file = path.join(cases, name);
    try {
      if ((await stat(file)).isFile()) return file;
    } catch {
      // not there: try the next name
    }
  }
  return undefined;
}

/**
 * The parser of a format, loaded for what the file holds: the seed-000 and speakeasy
 * importers (and their validators) only for their files, the answer checks (with the
 * evaluator registry) only for a native file that holds answer material, the task checks
 * (with the task validator) only for one that holds task cases or an agent block.
 */
async function parserOf(format: DatasetFormat, data: unknown): Promise<FormatParser> {
  if (format === 'seed-000') return (await loadSeed000Importer()).importSeed000;
  if (format === 'speakeasy') return (await loadSpeakeasyImporter()).importSpeakeasy;
  if (format === 'speakeasy-agent') return (await loadSpeakeasyAgentImporter()).importSpeakeasyAgent;
  return nativeSuiteParser({
    ...(holdsAnswerMaterial(data) ? { answers: (await loadAnswerChecks()).answerIssues } : {}),
    ...(holdsTaskMaterial(data) ? { tasks: (await loadTaskChecks()).nativeTaskIssues } : {}),
  });
}
