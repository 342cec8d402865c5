/**
 * The HTML page in the Action: written beside the JSON report, uploaded as the
 * `docs-mcp-eval-page-<key>` artifact (html-page) and linked from the comment and the job
 * summary by the artifact's URL (built from the id the upload returns, as
 * actions/upload-artifact builds its artifact-url output). With history-pages a mainline
 * run writes it for the data branch too, uploaded or not. A page that cannot be written or uploaded is a warning:
 * the comment, the reports and the verdict do not depend on it.
 */
import * as core from './safe-core.ts';
import type { Config } from '../config/config.ts';
import type { Evaluation } from '../model/comparison.ts';
import type { HistoryEntry } from '../report/history-entry.ts';
import { evaluationPage, writePage } from '../publish/html/index.ts';
import { artifactName } from '../publish/github/artifact-name.ts';
import { formatBytes } from '../report/format.ts';
import type { RunContext } from './run-context.ts';

export interface PublishedPage {
  /** The page on the runner. */
  path: string;
  /** The artifact's URL, '' when the upload failed. */
  url: string;
}

function reason(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export async function publishPage(ctx: RunContext, evaluation: Evaluation, config: Config, outDir: string, history: readonly HistoryEntry[]): Promise<PublishedPage | undefined> {
  const file = config.output.html;
  if (file === null) return undefined;
  let bytes: number;
  try {
    // A re-run's earlier attempt is the same run: its line is replaced (as the stores replace it), not drawn beside this one.
    const before = history.filter((e) => e.runId === undefined || e.runId !== ctx.event.runId);
    bytes = await writePage(evaluationPage(evaluation, { history: before, historyOptions: { minRuns: config.historyMinRuns } }), file);
  } catch (err) {
    core.warning(`could not write the HTML page ${file}: ${reason(err)}`);
    return undefined;
  }
  // Written only for the data branch (history-pages without html-page): not uploaded.
  if (!ctx.inputs.htmlPage) return { path: file, url: '' };
  const name = artifactName('page', ctx.inputs.commentKey);
  try {
    const uploaded = await (await ctx.github()).edge.uploadFiles(name, [file], outDir);
    const url = `${ctx.event.runUrl}/artifacts/${uploaded.id}`;
    core.info(`HTML page (${formatBytes(bytes)}) uploaded as ${name}: ${url}`);
    return { path: file, url };
  } catch (err) {
    core.warning(`could not upload the HTML page as ${name}: ${reason(err)} (it is on the runner at ${file})`);
    return { path: file, url: '' };
  }
}
