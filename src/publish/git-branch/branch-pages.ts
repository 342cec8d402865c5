/**
 * history-pages: what a run adds to its commit on the data branch besides its history line
 * and report, planned on the same tip in the same pass (save-run.ts alsoWrite):
 *
 * - `<key>/report.html`: the run's HTML page (the file the run wrote), the key's newest
 *   main-branch report;
 * - `<history-path>/index.html`: the dashboard of every key under history-path, rebuilt
 *   from each key's history.jsonl at that tip (this key's as the run leaves it), so a retry
 *   after another writer's push rebuilds it with that writer's run in it;
 * - `.nojekyll` at the branch's root, once: GitHub Pages then serves the files as they are
 *   (Jekyll would hide a key folder whose name starts with '_' or '.').
 *
 * A dashboard that cannot be built is told (onProblem) and left as it was: the run's
 * history and report are saved all the same.
 */
import type { HistoryOptions } from '../../compare/judge-history.ts';
import { HISTORY_FILE, type BranchLayout } from '../history/branch-layout.ts';
import type { BranchUpdate } from '../history/branch-update.ts';
import { parseHistoryLines } from '../history/jsonl.ts';
import { DASHBOARD_KEYS, type DashboardKeyInput } from '../html/dashboard-data.ts';
import { dashboardDocument } from '../html/render-dashboard.ts';
import type { BranchContent, BranchTip } from './branch-writer.ts';
import type { AlsoWrite } from './save-run.ts';

export const NOJEKYLL = '.nojekyll';
const PAGE_NAME = 'report.html';

export interface BranchPagesOptions {
  layout: BranchLayout;
  /** The dashboard's title. */
  title: string;
  /** This run's HTML page on this machine; without one the key keeps the page it has. */
  reportPage?: string | undefined;
  historyOptions?: Partial<HistoryOptions> | undefined;
  onProblem?: (message: string) => void;
}

const join = (...parts: string[]): string => parts.filter((p) => p !== '').join('/');

/**
 * Every key folder's history under the layout's root, by name: this key's as planned,
 * the others' as the tip holds them. Entries with no history.jsonl (index.html, a folder
 * of something else) are not keys. At most DASHBOARD_KEYS are read, this key always.
 */
async function readKeys(tip: BranchTip, layout: BranchLayout, update: BranchUpdate, hasOwnPage: boolean): Promise<{ keys: DashboardKeyInput[]; unread: number }> {
  const names = [...new Set(await tip.list(layout.root))].filter((n) => n !== layout.key).sort();
  const keys: DashboardKeyInput[] = [{ key: layout.key, history: parseHistoryLines(update.history), hasPage: hasOwnPage || (await tip.list(layout.keyDir)).includes(PAGE_NAME) }];
  let unread = 0;
  for (const name of names) {
    if (keys.length >= DASHBOARD_KEYS) {
      unread++;
      continue;
    }
    const text = await tip.read(join(layout.root, name, HISTORY_FILE));
    if (text === null) continue;
    keys.push({ key: name, history: parseHistoryLines(text), hasPage: (await tip.list(join(layout.root, name))).includes(PAGE_NAME) });
  }
  return { keys, unread };
}

export function branchPages(options: BranchPagesOptions): AlsoWrite {
  const { layout } = options;
  return async (tip, update) => {
    const writes = new Map<string, BranchContent>();
    if (options.reportPage !== undefined) writes.set(layout.pageFile, { file: options.reportPage });
    if ((await tip.read(NOJEKYLL)) === null) writes.set(NOJEKYLL, '');
    try {
      const { keys, unread } = await readKeys(tip, layout, update, options.reportPage !== undefined);
      const notes = unread > 0 ? [`${unread} more entries under the history folder were not read (at most ${DASHBOARD_KEYS} keys are shown).`] : [];
      writes.set(layout.dashboardFile, await dashboardDocument({ title: options.title, keys, historyOptions: options.historyOptions, notes }));
    } catch (err) {
      options.onProblem?.(`the dashboard ${layout.dashboardFile} could not be rebuilt (it is left as it was): ${err instanceof Error ? err.message : String(err)}`);
    }
    return { writes, deletes: [] };
  };
}
