/**
 * A main-branch run onto the data branch: its history line and report, as one commit
 * named after the run. The change is planned afresh on every tip the writer fetches
 * (history/branch-update.ts), so a concurrent writer's run is kept, never overwritten.
 * What else the run puts on the branch (the pages: branch-pages.ts) is planned in the same
 * pass, from the same tip, and goes into the same commit.
 */
import type { BranchLayout } from '../history/branch-layout.ts';
import { planBranchUpdate, type BranchRun, type BranchUpdate } from '../history/branch-update.ts';
import { writeToBranch, type BranchChange, type BranchTip, type BranchWriteOptions, type BranchWriteResult } from './branch-writer.ts';

/** More files for the run's commit, computed on each attempt's tip once the key's update is planned. */
export type AlsoWrite = (tip: BranchTip, update: BranchUpdate) => Promise<BranchChange>;

export interface SaveRunOptions extends Omit<BranchWriteOptions, 'change'> {
  layout: BranchLayout;
  run: BranchRun;
  alsoWrite?: AlsoWrite;
}

export interface SavedRun extends BranchWriteResult {
  /** The change as last applied (on the tip that took it). */
  update: BranchUpdate;
}

export async function saveRunToBranch(options: SaveRunOptions): Promise<SavedRun> {
  const { layout, run, alsoWrite, ...write } = options;
  let update: BranchUpdate | undefined;
  const result = await writeToBranch({
    ...write,
    change: async (tip) => {
      const state = { history: await tip.read(layout.historyFile), reportNames: await tip.list(layout.reportsDir) };
      const planned = planBranchUpdate(layout, state, run);
      update = planned;
      if (!alsoWrite) return planned;
      const more = await alsoWrite(tip, planned);
      return { writes: new Map([...planned.writes, ...more.writes]), deletes: [...planned.deletes, ...more.deletes] };
    },
  });
  return { ...result, update: update! };
}

/** `docs-mcp-eval: <key> run <id> attempt <n> (<event> at <sha7>)`, and where the run is. */
export function runCommitMessage(o: { key: string; runId: number; attempt: number; event: string; sha: string; runUrl: string }): string {
  return `docs-mcp-eval: ${o.key} run ${o.runId} attempt ${o.attempt} (${o.event} at ${o.sha.slice(0, 7)})\n\n${o.runUrl}\n`;
}
