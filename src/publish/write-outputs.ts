/** Writing the JSON report and the markdown next to each other, and TREC files on request. */
import { mkdir, writeFile } from 'node:fs/promises';
import { makeTempDir } from '../shared/temp-dir.ts';
import path from 'node:path';
import { toQrels, toRun } from '../report/trec/write.ts';
import type { Report } from '../model/report.ts';
import { writeReportJson } from './write-report-json.ts';

export interface WrittenOutputs {
  json: string;
  markdown: string;
  /** Set when the paths asked for could not be written and the files went to a rescue directory instead. */
  rescued?: string;
}

async function writeBoth(report: Report, markdown: string, paths: { json: string; markdown: string }): Promise<void> {
  await mkdir(path.dirname(paths.json), { recursive: true });
  await mkdir(path.dirname(paths.markdown), { recursive: true });
  await writeReportJson(report, paths.json);
  await writeFile(paths.markdown, markdown);
}

/**
 * Writes the JSON report and the markdown. The paths were checked before the run
 * (pipeline/preflight.ts); should writing still fail (a disk that filled up meanwhile),
 * the results are not lost: both files go to a fresh directory under the OS temp dir,
 * and the returned paths say where.
 */
export async function writeOutputs(report: Report, markdown: string, paths: { json: string; markdown: string }): Promise<WrittenOutputs> {
  try {
    await writeBoth(report, markdown, paths);
    return paths;
  } catch (err) {
    const dir = makeTempDir('docs-mcp-eval-rescued-');
    const rescue = { json: path.join(dir, path.basename(paths.json)), markdown: path.join(dir, path.basename(paths.markdown)) };
    await writeBoth(report, markdown, rescue);
    return { ...rescue, rescued: `${err instanceof Error ? err.message : String(err)}` };
  }
}

/**
 * TREC files for standard IR tooling (trec_eval, ranx, ir_measures): the judgments as
 * qrels and the ranked ids as a run, for the retrieval cases. Returns the paths written.
 */
export async function writeTrecFiles(report: Report, dir: string): Promise<{ qrels: string; run: string }> {
  const retrieval = report.cases.filter((c) => c.kind === 'retrieval');
  const tag = `docs-mcp-eval-${report.git.sha?.slice(0, 7) ?? 'run'}`;
  await mkdir(dir, { recursive: true });
  const files = { qrels: path.join(dir, 'qrels.txt'), run: path.join(dir, 'run.txt') };
  await writeFile(files.qrels, toQrels(retrieval));
  await writeFile(files.run, toRun(retrieval, tag));
  return files;
}
