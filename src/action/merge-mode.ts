/** mode: merge — the shard reports of this run (downloaded by actions/download-artifact) become one, published like a run. */
import * as core from './safe-core.ts';
import { UsageError } from '../shared/run-errors.ts';
import { mergeReports } from '../report/merge.ts';
import { readReport } from '../report/read-report.ts';
import { reportFiles } from './report-files.ts';
import { publish } from './publish-run.ts';
import type { RunContext } from './run-context.ts';
import { configFor, outDirOf } from './run-mode.ts';

export async function mergeMode(ctx: RunContext): Promise<void> {
  const outDir = outDirOf(ctx.inputs);
  const config = await configFor(ctx, outDir);
  const files = reportFiles(ctx.inputs.reports, ctx.workspace);
  if (files.length === 0) throw new UsageError(`mode: merge found no report under: ${ctx.inputs.reports.join(', ') || '(input reports is empty)'}`);
  const report = mergeReports(await Promise.all(files.map((f) => readReport(f))));
  core.info(`merged ${files.length} shard report(s): ${report.summary.cases} cases`);
  await publish(ctx, { report, comparison: null }, config, outDir);
}
