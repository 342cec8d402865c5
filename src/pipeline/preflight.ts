/**
 * Everything the user named is checked before any build or server starts, so a typo is
 * a usage error in a second, not a stack trace after a ten-minute run that loses its
 * results: the baseline is read and validated now (and kept for the comparison), and
 * every output path (report, markdown, TREC directory, evaluation store) must be
 * creatable and writable.
 */
import { constants } from 'node:fs';
import { access, mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/config.ts';
import { readReport } from '../report/read-report.ts';
import type { Report } from '../model/report.ts';
import type { HistoryEntry } from '../report/history-entry.ts';
import { parseHistoryLines } from '../publish/history/jsonl.ts';
import { UsageError } from '../shared/run-errors.ts';

const reasonOf = (err: unknown) => (err as NodeJS.ErrnoException).code ?? (err instanceof Error ? err.message : String(err));

/** A directory we can write into, created if missing. */
async function writableDir(dir: string, what: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
  } catch (err) {
    throw new UsageError(`${what}: cannot write into ${dir} (${reasonOf(err)})`);
  }
}

/** A file we can (over)write: its directory writable, and not a directory itself. */
async function writableFile(file: string, what: string): Promise<void> {
  await writableDir(path.dirname(file), what);
  const existing = await stat(file).catch(() => undefined);
  if (existing?.isDirectory()) throw new UsageError(`${what}: ${file} is a directory, not a file`);
  if (existing) await access(file, constants.W_OK).catch((err: unknown) => {
    throw new UsageError(`${what}: cannot write ${file} (${reasonOf(err)})`);
  });
}

export interface Preflight {
  /** The baseline report, read and checked; undefined when there is none (yet). */
  baseline?: Report;
  /** The main-branch history (--history), read; undefined without one. */
  history?: HistoryEntry[];
}

/** The history file: readable, and its lines entries (a few bad lines are skipped and said; none at all is an error). */
export async function readHistory(file: string, note: (message: string) => void): Promise<HistoryEntry[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new UsageError(`--history: cannot read ${file} (${reasonOf(err)})`);
  }
  const { entries, skipped } = parseHistoryLines(text);
  if (entries.length === 0 && skipped > 0) throw new UsageError(`--history: ${file} holds no history line (${skipped} unreadable)`);
  if (skipped > 0) note(`--history: ${skipped} unreadable line(s) of ${file} skipped`);
  return entries;
}

export async function preflight(config: Config, note: (message: string) => void = () => {}): Promise<Preflight> {
  // Before the output folders below are created in it: a mistyped --cwd must not be made real.
  const workDir = await stat(config.workDir).catch(() => undefined);
  if (!workDir?.isDirectory()) throw new UsageError(`--cwd: ${config.workDir} ${workDir ? 'is not a directory' : 'does not exist'} (the working directory of the build and the server, and the base of relative paths)`);
  await writableFile(config.output.json, '--out');
  await writableFile(config.output.markdown, '--markdown');
  if (config.output.html !== null) await writableFile(config.output.html, '--html');
  if (config.trecOut) await writableDir(config.trecOut, '--trec-out');
  if (config.store) await writableFile(config.store, '--store');
  const checked: Preflight = {};
  if (config.history !== null) checked.history = await readHistory(config.history, note);
  if (config.baseline === null) return checked;
  const found = await stat(config.baseline).catch(() => undefined);
  if (!found) {
    if (config.baselineRequired) {
      throw new UsageError(
        `--baseline: no report at ${config.baseline}. Make one by running the same command on the baseline's code (e.g. main) ` +
          `with --no-baseline --out ${path.relative(process.cwd(), config.baseline) || config.baseline}, or run without a comparison: --no-baseline`,
      );
    }
    return checked;
  }
  // A ReportReadError (not JSON, another schema version) is a usage error too (exit 2).
  checked.baseline = await readReport(config.baseline);
  return checked;
}
