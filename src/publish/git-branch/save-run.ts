/**
 * A main-branch run onto the data branch: its history line and report, as one commit
 * named after the run. The change is planned afresh on every tip the writer fetches
 * (history/branch-update.ts), so a concurrent writer's run is kept, never overwritten.
 */
import type { BranchLayout } from '../history/branch-layout.ts';
import { planBranchUpdate, type BranchRun, type BranchUpdate } from '../history/branch-update.ts';
import { writeToBranch, type BranchWriteOptions, type BranchWriteResult } from './branch-writer.ts';

export interface SaveRunOptions extends Omit<BranchWriteOptions, 'change'> {
  layout: BranchLayout;
  run: BranchRun;
}

export interface SavedRun extends BranchWriteResult {
  /** The change as last applied (on the tip that took it). */
  update: BranchUpdate;
}

export async function saveRunToBranch(options: SaveRunOptions): Promise<SavedRun> {
  const { layout, run, ...write } = options;
  let update: BranchUpdate | undefined;
  const result = await writeToBranch({
    ...write,
    change: async (tip) => {
      const state = { history: await tip.read(layout.historyFile), reportNames: await tip.list(layout.reportsDir) };
      update = planBranchUpdate(layout, state, run);
      return update;
    },
  });
  return { ...result, update: update! };
}

/** `docs-mcp-eval: <key> run <id> attempt <n> (<event> at <sha7>)`, and where the run is. */
export function runCommitMessage(o: { key: string; runId: number; attempt: number; event: string; sha: string; runUrl: string }): string {
  return `docs-mcp-eval: ${o.key} run ${o.runId} attempt ${o.attempt} (${o.event} at ${o.sha.slice(0, 7)})\n\n${o.runUrl}\n`;
}
