/**
 * Writing the HTML page after a run, a merge or a compare. The page is a view of reports
 * already written: when it cannot be written, the command says why and goes on (its exit
 * code stays the run's).
 */
import { readHistory } from '../pipeline/preflight.ts';
import type { Evaluation } from '../model/comparison.ts';
import { evaluationPage, writePage, type PageInput } from '../publish/html/index.ts';
import { formatBytes } from '../report/format.ts';

function say(line: string): void {
  process.stderr.write(`docs-mcp-eval: ${line}\n`);
}

export async function writePageFile(input: PageInput, file: string): Promise<string | undefined> {
  try {
    const bytes = await writePage(input, file);
    say(`HTML page written to ${file} (${formatBytes(bytes)}); open it with: docs-mcp-eval view ${JSON.stringify(file)}`);
    return file;
  } catch (err) {
    say(`could not write the HTML page ${file}: ${err instanceof Error ? err.message : String(err)} (the JSON and markdown reports are written)`);
    return undefined;
  }
}

/** The page of a run or merge: with the baseline's cases and the history's trends when there are. */
export async function writeEvaluationPage(evaluation: Evaluation, file: string, options: { kind: 'run' | 'merge'; history?: string | null; historyMinRuns?: number }): Promise<string | undefined> {
  // Read before the run already, and any skipped line said then.
  const history = options.history ? await readHistory(options.history, () => {}).catch(() => undefined) : undefined;
  return writePageFile(
    evaluationPage(evaluation, { kind: options.kind, ...(history ? { history } : {}), ...(options.historyMinRuns !== undefined ? { historyOptions: { minRuns: options.historyMinRuns } } : {}) }),
    file,
  );
}
