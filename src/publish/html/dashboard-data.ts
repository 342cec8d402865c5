/**
 * The history dashboard's data: every key's main-branch history on the data branch
 * (history-pages) as one page. Each headline metric a history line keeps is one trend with
 * a line per key, each line the key's own metricTrend (its points, its prediction bands
 * from its own earlier runs), so several servers or configurations share one chart; and a
 * table of the keys, linking each one's newest report page. Pure: the branch writer reads
 * the histories, the page draws them.
 */
import type { HistoryOptions } from '../../compare/judge-history.ts';
import { historyMetricIds } from '../../report/history-entry.ts';
import type { ParsedHistory } from '../history/jsonl.ts';
import { isKeyName } from '../history/branch-layout.ts';
import type { DashboardKey, DashboardMeta, DashboardTrend } from './page-types.ts';
import { headlineIds } from './render-headline.ts';
import { metricTrend } from './trend.ts';

/** Keys a dashboard shows at most (by name): beyond that, a note says how many were left out. */
export const DASHBOARD_KEYS = 100;

export interface DashboardKeyInput {
  /** The folder's name on the branch (data: a folder someone else pushed may be named anything). */
  key: string;
  history: ParsedHistory;
  /** The key's folder holds its newest report page (report.html). */
  hasPage: boolean;
}

export interface DashboardInput {
  title: string;
  keys: readonly DashboardKeyInput[];
  historyOptions?: Partial<HistoryOptions> | undefined;
  /** Said under the title (what the reader of the branch left out). */
  notes?: readonly string[];
}

/** The page of a key, relative to the dashboard: made only from a plain key name, never from other text. */
export function keyPageLink(key: string): string | null {
  return isKeyName(key) ? `${encodeURIComponent(key)}/report.html` : null;
}

/** The metric ids a key's trends draw: its headline metrics at its newest k that a history line keeps. */
function metricIdsOf(k: number): string[] {
  const kept = new Set(historyMetricIds(k));
  return headlineIds(k).filter((id) => kept.has(id));
}

/** Every key's metric ids, in headline order (a metric at several k: the smaller k first). */
function metricIds(keys: readonly DashboardKeyInput[]): string[] {
  const order: { id: string; position: number; k: number }[] = [];
  const seen = new Set<string>();
  for (const key of keys) {
    const k = key.history.entries.at(-1)?.k;
    if (k === undefined) continue;
    for (const [position, id] of metricIdsOf(k).entries()) {
      if (!seen.has(id)) order.push({ id, position, k });
      seen.add(id);
    }
  }
  return order.sort((a, b) => a.position - b.position || a.k - b.k).map((o) => o.id);
}

function keyRow(input: DashboardKeyInput): DashboardKey {
  const newest = input.history.entries.at(-1);
  return {
    key: input.key,
    link: input.hasPage ? keyPageLink(input.key) : null,
    dataset: newest?.dataset ?? null,
    runs: input.history.entries.length,
    skipped: input.history.skipped,
    newest: newest ? { date: newest.date, ...(newest.sha !== undefined ? { sha: newest.sha } : {}) } : null,
  };
}

export function dashboardMeta(input: DashboardInput): DashboardMeta {
  const sorted = [...input.keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const shown = sorted.slice(0, DASHBOARD_KEYS);
  const options = input.historyOptions ? { history: input.historyOptions } : {};
  const trends: DashboardTrend[] = [];
  for (const id of metricIds(shown)) {
    let trend: DashboardTrend | undefined;
    for (const key of shown) {
      const series = metricTrend(key.history.entries, id, options);
      if (!series.points.some((p) => p.value !== null)) continue;
      const { points, ...about } = series;
      trend ??= { ...about, lines: [] };
      // The label already holds the short sha: the full one would be a quarter of a large dashboard.
      trend.lines.push({ key: key.key, points: points.map(({ sha: _sha, ...point }) => point) });
    }
    if (trend) trends.push(trend);
  }
  const notes = [...(input.notes ?? [])];
  if (sorted.length > shown.length) notes.push(`${sorted.length - shown.length} more keys are on the branch but not shown (at most ${DASHBOARD_KEYS}).`);
  return { kind: 'dashboard', title: input.title, keys: shown.map(keyRow), trends, notes };
}
