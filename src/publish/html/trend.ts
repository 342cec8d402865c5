/**
 * The history trend of one metric, with the prediction band a new run is judged against
 * (compare/judge-history.ts): for each run, the interval predicted from the matching
 * runs before it (same dataset and machine, at most maxRuns), once there are minRuns of
 * them. A point outside its band is a run the history would have flagged had the change
 * also exceeded the minimum effect. Timing and memory metrics get a band (the history
 * judges those); quality metrics are deterministic and are drawn as a plain line.
 * Pure: the page draws it (page/charts.ts), and so can the history dashboard.
 */
import { DEFAULT_HISTORY_OPTIONS, matchingHistory, predictionInterval, type HistoryOptions } from '../../compare/judge-history.ts';
import { HISTORY_TIMING_IDS, type HistoryEntry } from '../../report/history-entry.ts';
import { metricCatalog } from '../../model/metric-catalog.ts';
import type { TrendBand, TrendPoint, TrendSeries } from './page-types.ts';

export type { TrendBand, TrendPoint, TrendSeries } from './page-types.ts';

/** Runs a trend shows at most (the newest). */
export const TREND_POINTS = 100;

function pointLabel(e: HistoryEntry, i: number): string {
  if (e.sha && /^[0-9a-f]{7,}$/i.test(e.sha)) return e.sha.slice(0, 7).toLowerCase();
  return /^\d{4}-(\d{2}-\d{2})/.exec(e.date)?.[1] ?? `run ${i + 1}`;
}

function bandFor(before: readonly HistoryEntry[], entry: HistoryEntry, metric: string, options: HistoryOptions): TrendBand | null {
  const reference = matchingHistory(before, entry.datasetHash, entry.environment ?? '', options);
  const values = reference.entries.map((e) => e.metrics[metric]).filter((v): v is number => typeof v === 'number');
  if (values.length < options.minRuns) return null;
  // The interval does not depend on the value judged; any positive stand-in will do.
  const estimate = predictionInterval(values, 1, options.alpha);
  return estimate && { center: estimate.center, lower: estimate.lower, upper: estimate.upper, runs: estimate.runs };
}

/**
 * The trend of `metric` over `entries` (oldest first, as the history file keeps them),
 * `current` appended as the last point when given. Only runs of the newest run's dataset
 * and k are drawn: a mean over other cases would show a change that is not one.
 */
export function metricTrend(entries: readonly HistoryEntry[], metric: string, options: { current?: HistoryEntry; history?: Partial<HistoryOptions>; points?: number } = {}): TrendSeries {
  const opts: HistoryOptions = { ...DEFAULT_HISTORY_OPTIONS, ...options.history };
  const all = options.current ? [...entries, options.current] : [...entries];
  const newest = all.at(-1);
  const k = newest?.k ?? 5;
  const def = metricCatalog([k]).find((m) => m.id === metric);
  const banded = (HISTORY_TIMING_IDS as readonly string[]).includes(metric);
  const comparable = newest ? all.filter((e) => e.datasetHash === newest.datasetHash && e.k === newest.k) : [];
  const start = Math.max(0, comparable.length - (options.points ?? TREND_POINTS));
  const points = comparable.slice(start).map((e, j): TrendPoint => {
    const i = start + j;
    const raw = e.metrics[metric];
    const value = typeof raw === 'number' && Number.isFinite(raw) ? raw : null;
    const band = banded ? bandFor(comparable.slice(0, i), e, metric, opts) : null;
    const outside = band && value !== null ? (value > band.upper ? 'above' : value < band.lower ? 'below' : null) : null;
    const point: TrendPoint = { label: pointLabel(e, i), date: e.date, value, band, outside };
    if (e.sha !== undefined) point.sha = e.sha;
    if (options.current && e === options.current) point.current = true;
    return point;
  });
  return {
    metric,
    label: def?.label ?? metric,
    unit: def?.unit ?? 'count',
    better: def?.better ?? 'lower',
    level: banded ? 1 - opts.alpha : null,
    minRuns: opts.minRuns,
    points,
  };
}

/** The trends the page draws: primary-k quality, search latency and peak RSS; those with no value at all are left out. */
export function pageTrends(entries: readonly HistoryEntry[], current?: HistoryEntry, history?: Partial<HistoryOptions>): TrendSeries[] {
  const k = (current ?? entries.at(-1))?.k;
  if (k === undefined) return [];
  const ids = [`mrr@${k}`, `ndcg@${k}`, 'search.p50', 'search.p95', 'answer.p50', 'rss.peak', 'build.ms'];
  return ids
    .map((id) => metricTrend(entries, id, { ...(current ? { current } : {}), ...(history ? { history } : {}) }))
    .filter((t) => t.points.some((p) => p.value !== null));
}
