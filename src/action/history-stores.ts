/**
 * Where the main-branch baseline and history are kept (input history-store): workflow
 * artifacts, the data branch, or both. The comparison is handed a report file and history
 * entries and never knows which store served them.
 *
 * Reading tries the chosen store first and the other one after, so moving between them
 * loses nothing: a branch with no history for the key starts from the newest history
 * artifact, and artifact runs take in what the branch holds. Only trusted runs write
 * (event.isMainline: push to the default branch, schedule, workflow_dispatch on it).
 */
import * as core from './safe-core.ts';
import type { ArtifactExpiry } from '../publish/history/retention.ts';
import { mergeHistories } from '../publish/history/merge.ts';
import type { HistoryEntry } from '../report/history-entry.ts';
import { artifactStore } from './artifact-store.ts';
import { branchStore } from './branch-store.ts';
import type { BaselineLookup, HistoryStore } from './history-store.ts';
import type { RunContext } from './run-context.ts';

export interface HistoryStores {
  mode: RunContext['inputs']['historyStore'];
  /** Asked for a baseline in this order. */
  readers: HistoryStore[];
  writers: HistoryStore[];
}

export function historyStores(ctx: RunContext): HistoryStores {
  const mode = ctx.inputs.historyStore;
  const warn = (message: string) => core.warning(message);
  // Artifact users may never have had a branch: not finding or reading it is no news.
  const quiet = (message: string) => core.debug(message);
  const artifacts = artifactStore(ctx, warn);
  if (mode === 'artifact') return { mode, readers: [artifacts, branchStore(ctx, quiet)], writers: [artifacts] };
  const branch = branchStore(ctx, warn);
  return { mode, readers: [branch, artifacts], writers: mode === 'both' ? [artifacts, branch] : [branch] };
}

/**
 * The main-branch history: what a pull request's timing rows are judged against and what
 * a mainline run appends to. With the branch chosen, the branch's, else (an empty branch)
 * the newest artifact's; with artifacts, the artifact's joined with whatever the branch
 * holds (runs kept there while it was chosen).
 */
export async function loadHistory(stores: HistoryStores): Promise<HistoryEntry[]> {
  const [first, second] = stores.readers;
  const primary = (await first?.readHistory()) ?? null;
  if (stores.mode !== 'artifact') return primary ?? (await second?.readHistory()) ?? [];
  const other = (await second?.readHistory()) ?? null;
  return mergeHistories(primary ?? [], other ?? []);
}

/** The stored baseline from the first store that has one; else why there is none. */
export async function findStoredBaseline(stores: HistoryStores, sha: string, dir: (i: number) => string): Promise<BaselineLookup> {
  let expiredOn: string | undefined;
  let failed = false;
  for (const [i, store] of stores.readers.entries()) {
    const lookup = await store.findBaseline(sha, dir(i));
    if (lookup.found) return lookup;
    expiredOn ??= lookup.expiredOn;
    failed ||= lookup.failed === true && (stores.mode !== 'artifact' || store.kind === 'artifact');
  }
  return { found: null, expiredOn, failed };
}

/** Expiry of what this run's baseline and history depend on: artifacts only when they are the store. */
export async function storeRetention(stores: HistoryStores): Promise<ArtifactExpiry[]> {
  if (stores.mode !== 'artifact') return [];
  return (await Promise.all(stores.writers.map((w) => w.retention()))).flat();
}
