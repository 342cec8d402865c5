/**
 * Mainline runs carry the history forward in every store history-store names: the run's
 * report (save-baseline) and its history line, appended to the history as it was read
 * before the run. The job summary says where each went, warns when the artifacts that
 * hold them expire soon (retention), and draws the trend.
 */
import * as core from './safe-core.ts';
import type { Report } from '../model/report.ts';
import { appendHistory, historyEntry, renderTrend } from '../publish/history/index.ts';
import { retentionNotice } from '../publish/history/retention.ts';
import type { HistoryEntry } from '../report/history-entry.ts';
import type { SaveOutcome } from './history-store.ts';
import { storeRetention, type HistoryStores } from './history-stores.ts';
import type { RunContext } from './run-context.ts';

export interface MainlineRun {
  report: Report;
  reportPath: string;
  outDir: string;
  /** loadHistory's answer, read before the run. */
  previous: readonly HistoryEntry[];
  saveReport: boolean;
  pagePath?: string | undefined;
  historyMinRuns?: number | undefined;
}

/** Saves the run in each store; returns the job summary's history section. A store that fails fails the step, after the others. */
export async function saveMainlineRun(ctx: RunContext, stores: HistoryStores, run: MainlineRun): Promise<string> {
  const entry = historyEntry(run.report, { runId: ctx.event.runId, event: ctx.event.name });
  const saved: { kind: string; outcome: SaveOutcome }[] = [];
  for (const writer of stores.writers) {
    try {
      saved.push({ kind: writer.kind, outcome: await writer.save({ ...run, entry }) });
    } catch (err) {
      core.setFailed(`could not save this run's ${writer.kind === 'branch' ? `baseline and history to branch ${ctx.inputs.historyBranch}` : 'baseline artifact'}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  // The branch keeps every line; artifacts keep history-size of them.
  const shown = saved.find((s) => s.kind === 'branch') ?? saved[0];
  const entries = shown?.outcome.entries ?? appendHistory(run.previous, entry, ctx.inputs.historySize);
  const notice = retentionNotice(await storeRetention(stores), new Date());
  return [...saved.flatMap((s) => s.outcome.lines), ...(notice ? [notice] : []), renderTrend(entries)].join('\n\n');
}
