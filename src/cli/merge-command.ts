/**
 * `docs-mcp-eval merge <shard reports...>`: the reports of a matrix of `--shard i/n` jobs
 * become one report (checked to belong together), compared with a baseline if given and
 * rendered like any run, so a 10,000-case suite spread over jobs ends in one delta table.
 */
import path from 'node:path';
import { compareReports } from '../compare/compare-reports.ts';
import { UsageError } from '../shared/run-errors.ts';
import type { Evaluation } from '../pipeline/evaluate.ts';
import { renderEvaluation } from '../publish/markdown/render-evaluation.ts';
import { writeOutputs } from '../publish/write-outputs.ts';
import { mergeReports } from '../report/merge.ts';
import { readReport } from '../report/read-report.ts';
import { parseFlags } from './parse-flags.ts';
import { writeEvaluationPage } from './page-step.ts';
import { besideMarkdown } from '../config/run-options.ts';

const OPTIONS = {
  out: { type: 'string' },
  markdown: { type: 'string' },
  html: { type: 'string' },
  'no-html': { type: 'boolean' },
  baseline: { type: 'string' },
} as const;

export const MERGE_HELP = `Usage: docs-mcp-eval merge <report.json>... [options]

Merges the reports of one run's shards (--shard i/n) into one report.

  --out <file>          merged JSON report (default .docs-mcp-eval/report.json)
  --markdown <file>     merged markdown report (default .docs-mcp-eval/report.md)
  --html <file>         merged HTML page (default: beside the markdown, report.html)
  --no-html             no HTML page
  --baseline <file>     compare the merged report with this one
`;

export async function mergeCommand(argv: string[], cwd: string = process.cwd()): Promise<number> {
  const parsed = parseFlags(argv, OPTIONS, true);
  if (parsed.positionals.length === 0) throw new UsageError('merge needs the shard reports to merge');
  const reports = await Promise.all(parsed.positionals.map((f) => readReport(path.resolve(cwd, f))));
  let report;
  try {
    report = mergeReports(reports);
  } catch (err) {
    throw new UsageError(`cannot merge: ${(err as Error).message}`);
  }
  const v = parsed.values;
  const evaluation: Evaluation = { report, comparison: null, baselineNote: 'no baseline requested' };
  if (v.html !== undefined && v['no-html']) throw new UsageError('--html and --no-html exclude each other');
  if (v.baseline !== undefined) {
    const baseline = await readReport(path.resolve(cwd, v.baseline));
    evaluation.comparison = compareReports(baseline, report, { baselineLabel: path.basename(v.baseline) });
    evaluation.baselineReport = baseline;
    delete evaluation.baselineNote;
  }
  const markdown = renderEvaluation(evaluation);
  const output = {
    json: path.resolve(cwd, v.out ?? '.docs-mcp-eval/report.json'),
    markdown: path.resolve(cwd, v.markdown ?? '.docs-mcp-eval/report.md'),
  };
  await writeOutputs(report, markdown, output);
  process.stdout.write(markdown);
  process.stderr.write(`docs-mcp-eval: merged ${reports.length} shard report(s) (${report.summary.cases} cases) into ${output.json}\n`);
  if (!v['no-html']) await writeEvaluationPage(evaluation, path.resolve(cwd, v.html ?? besideMarkdown(output.markdown)), { kind: 'merge' });
  return report.summary.errors + report.summary.notRun > 0 ? 1 : 0;
}
