/**
 * `docs-mcp-eval convert seed-000 <file|folder> [--out <file|folder>]`: seed 000's dataset
 * files into this project's format (suite/convert-seed-000.ts), where judges, criteria and
 * reference answers can be added. A file goes to --out or stdout; a folder (the files
 * --cases would read: its own, or its project subfolders') goes to the --out folder with
 * the same layout, native files and the folder's profile.yaml copied unchanged, so
 * `--cases <out>` runs the same cases. Existing files are never overwritten without --force.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../shared/run-errors.ts';
import { isDirectory, pathExists } from '../shared/file-kind.ts';
import { convertSeed000, looksLikeSeed000 } from '../suite/convert-seed-000.ts';
import { DatasetError } from '../suite/dataset-error.ts';
import { expand, folderProfile } from '../suite/load-suite.ts';
import { parseFlags } from './parse-flags.ts';

const OPTIONS = {
  out: { type: 'string' },
  force: { type: 'boolean' },
} as const;

export const CONVERT_HELP = `Usage: docs-mcp-eval convert seed-000 <file | folder> [--out <file | folder>] [--force]

Rewrites seed 000's dataset files ({ name, project, version, tests }) in this project's
format (kind: answer cases), where criteria, evaluators and groundTruth can be added.
Every field seed 000 defines is kept; matches_regex without flags gets flags: i (seed
000's meaning). The two formats load side by side, so a folder may be converted file
by file.

  <file>                the converted YAML goes to --out, or to stdout
  <folder>              the files --cases would read (its own, or its subfolders');
                        --out <folder> is required: converted files keep their names and
                        subfolders, native files and profile.yaml are copied unchanged
  --force               overwrite files that exist
`;

export async function convertCommand(argv: string[], cwd: string = process.cwd(), log: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): Promise<number> {
  const parsed = parseFlags(argv, OPTIONS, true);
  const [format, target, ...extra] = parsed.positionals;
  if (format !== 'seed-000') throw new UsageError(`convert knows one source format, seed-000 (got ${format === undefined ? 'none' : `"${format}"`})`);
  if (target === undefined || extra.length > 0) throw new UsageError('convert seed-000 takes one file or folder');
  const input = path.resolve(cwd, target);
  const out = parsed.values.out === undefined ? undefined : path.resolve(cwd, parsed.values.out);
  const force = parsed.values.force ?? false;

  const plan: { from: string; to: string | undefined; convert: boolean; profile?: boolean }[] = [];
  if (await isDirectory(input)) {
    if (out === undefined) throw new UsageError('converting a folder needs --out <folder>');
    const files = await expand(input);
    const profile = await folderProfile(input);
    for (const file of [...files, ...(profile ? [profile] : [])]) {
      const convert = file !== profile && looksLikeSeed000(await readFile(file, 'utf8'), file);
      plan.push({ from: file, to: path.join(out, path.relative(input, file)), convert, ...(file === profile ? { profile: true } : {}) });
    }
  } else {
    plan.push({ from: input, to: out, convert: true });
  }
  for (const { from, to } of plan) {
    if (to !== undefined && path.resolve(to) === from) throw new UsageError(`--out would overwrite the input ${from}`);
    if (to !== undefined && !force && (await pathExists(to))) throw new UsageError(`${to} exists: choose another --out or add --force`);
  }

  // Every file converts (or fails) before anything is written: a bad file loses nothing.
  const converted = new Map<string, { text: string; cases: number }>();
  const issues = [];
  for (const step of plan.filter((p) => p.convert)) {
    try {
      // Labelled as the user named it: the header comment and any error say this path.
      const label = path.relative(cwd, step.from) || step.from;
      converted.set(step.from, convertSeed000(await readFile(step.from, 'utf8'), label));
    } catch (error) {
      if (!(error instanceof DatasetError)) throw error;
      issues.push(...error.issues);
    }
  }
  if (issues.length > 0) throw new DatasetError(issues);

  for (const { from, to, profile } of plan) {
    const result = converted.get(from);
    if (to === undefined) {
      process.stdout.write(result?.text ?? '');
      continue;
    }
    await mkdir(path.dirname(to), { recursive: true });
    if (result) {
      await writeFile(to, result.text);
      log(`docs-mcp-eval: converted ${from} (${result.cases} cases) -> ${to}`);
    } else {
      await copyFile(from, to);
      log(`docs-mcp-eval: copied ${from} unchanged (${profile ? "the folder's profile" : 'not a seed-000 file'}) -> ${to}`);
    }
  }
  return 0;
}
