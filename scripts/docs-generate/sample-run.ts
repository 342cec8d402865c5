/**
 * The run the docs' samples are rendered from: the reference server after deleting
 * `guides/retries.md` from its corpus, compared with the committed baseline. Its report is
 * recorded once (`npm run docs:generate -- --record`) and committed as
 * docs/samples/without-retries.json, so the samples are deterministic: rendering them
 * again gives the same bytes until the renderer, the baseline or the recording changes.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compareReports } from '../../src/compare/compare-reports.ts';
import type { Evaluation } from '../../src/model/comparison.ts';
import { parseReport } from '../../src/report/read-report.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const BASELINE = 'baselines/reference.json';
export const SAMPLE_REPORT = 'docs/samples/without-retries.json';

const read = (file: string) => parseReport(readFileSync(path.join(ROOT, file), 'utf8'), file);

/** The recorded run against the baseline, as `run --baseline baselines/reference.json` judges it. */
export function sampleEvaluation(): Evaluation {
  const report = read(SAMPLE_REPORT);
  return { report, comparison: compareReports(read(BASELINE), report, { baselineLabel: path.basename(BASELINE) }) };
}

/**
 * The CLI flags of the recorded run; docs/report.md shows the same command, run in a
 * checkout where `without-retries/` is a copy of the corpus without that guide.
 */
export function sampleRunArgs(corpus: string, index: string): string[] {
  return [
    'run',
    '--cases', 'datasets/reference/cases.yaml',
    '--build-command', `node examples/reference-server/dist/build.js --docs ${corpus} --out ${index}`,
    '--server-command', `node examples/reference-server/dist/server.js --index ${index}`,
    '--baseline', BASELINE,
  ];
}

/** Runs the sample with the built CLI (dist/cli.js) and writes its report to docs/samples/. */
export function recordSampleRun(): void {
  const work = mkdtempSync(path.join(tmpdir(), 'docs-sample-'));
  try {
    const corpus = path.join(work, 'without-retries');
    cpSync(path.join(ROOT, 'datasets/reference/corpus'), corpus, { recursive: true });
    rmSync(path.join(corpus, 'guides/retries.md'));
    const args = [...sampleRunArgs(corpus, path.join(work, 'index.json')), '--out', path.join(ROOT, SAMPLE_REPORT), '--markdown', path.join(work, 'report.md')];
    try {
      execFileSync(process.execPath, [path.join(ROOT, 'dist/cli.js'), ...args], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
    } catch (err) {
      // The sample has an errored case on purpose (its answer cites the deleted guide): exit 1 is expected.
      const { status, stderr } = err as { status?: number; stderr?: Buffer };
      if (status !== 1) throw new Error(`the sample run exited ${String(status)}:\n${stderr?.toString().split('\n').slice(-20).join('\n') ?? ''}`, { cause: err });
    }
    process.stderr.write(`recorded ${SAMPLE_REPORT}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
