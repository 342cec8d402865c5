/**
 * Mainline runs carry the history forward: download the previous history artifact
 * (compact JSONL), append this run, keep the last N, upload it again, and draw the
 * trend for the job summary. A missing or unreadable history starts a new one.
 */
import * as core from './safe-core.ts';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { makeTempDir } from '../shared/temp-dir.ts';
import path from 'node:path';
import type { Report } from '../model/report.ts';
import { appendHistory, historyEntry, parseHistory, renderTrend, serializeHistory } from '../publish/history/index.ts';
import type { RunContext } from './run-context.ts';

const HISTORY_FILE = 'history.jsonl';

/** The history artifact's name for this comment key. */
async function historyName(ctx: RunContext): Promise<string> {
  return (await ctx.github()).edge.artifactName('history', ctx.inputs.commentKey);
}

/**
 * The main-branch history as the newest trusted run left it: what a PR's timing rows are
 * judged against and what a mainline run appends to. '' when there is none (or it could
 * not be fetched: a warning, and the run goes on).
 */
export async function loadHistory(ctx: RunContext): Promise<string> {
  return previousHistory(ctx, await historyName(ctx));
}

async function previousHistory(ctx: RunContext, name: string): Promise<string> {
  const { edge, octokit } = await ctx.github();
  if (!octokit) return '';
  try {
    const dir = await edge.downloadLatestArtifact(octokit, {
      owner: ctx.event.owner,
      repo: ctx.event.repo,
      defaultBranch: ctx.event.defaultBranch,
      artifactName: name,
      token: ctx.inputs.token,
      dir: makeTempDir('dme-history-'),
    });
    const file = dir ? path.join(dir, HISTORY_FILE) : '';
    return file && existsSync(file) ? readFileSync(file, 'utf8') : '';
  } catch (err) {
    core.warning(`could not fetch the previous history, starting a new one: ${err instanceof Error ? err.message : String(err)}`);
    return '';
  }
}

/** Appends this run to `previous` (loadHistory's text), uploads it, and returns the trend for the summary. */
export async function carryHistory(ctx: RunContext, report: Report, outDir: string, previous: string): Promise<string> {
  const { edge } = await ctx.github();
  const name = await historyName(ctx);
  const entries = appendHistory(
    parseHistory(previous),
    historyEntry(report, { runId: ctx.event.runId, event: ctx.event.name }),
    ctx.inputs.historySize,
  );
  const file = path.join(outDir, HISTORY_FILE);
  writeFileSync(file, serializeHistory(entries));
  try {
    await edge.uploadFiles(name, [file], outDir);
  } catch (err) {
    core.warning(`could not upload the history artifact: ${err instanceof Error ? err.message : String(err)}`);
  }
  return renderTrend(entries);
}
