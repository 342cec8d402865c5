/** Writing the JSON report and the markdown next to each other, and TREC files on request. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { toQrels, toRun } from '../report/trec/write.ts';
import type { Report } from '../report/types.ts';
import { writeReportJson } from './write-report-json.ts';

export async function writeOutputs(report: Report, markdown: string, paths: { json: string; markdown: string }): Promise<void> {
  await mkdir(path.dirname(paths.json), { recursive: true });
  await mkdir(path.dirname(paths.markdown), { recursive: true });
  await writeReportJson(report, paths.json);
  await writeFile(paths.markdown, markdown);
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
