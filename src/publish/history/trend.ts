/**
 * The trend for the job summary: three charts over the runs comparable with the newest
 * (same dataset hash and k), then a table of the last runs, newest first. Runs on
 * another dataset or k stay in the table, marked, and out of the charts: their means
 * are over other cases, so a line through them would show a change that is not one.
 */
import { markdownTable } from 'markdown-table';
import { escapeCell } from '../markdown/escape.ts';
import { formatValue } from '../../report/format.ts';
import type { MetricUnit } from '../../model/metric-catalog.ts';
import { shortSha } from '../comment/context-lines.ts';
import type { HistoryEntry } from '../../report/history-entry.ts';
import { niceMax, renderXYChart } from './mermaid.ts';
import { gapFree, uniqueLabels } from './series.ts';

/** Points per chart and rows in the table: enough to see a trend, few enough to read. */
export const TREND_WINDOW = 30;

const MiB = 1024 * 1024;

const metric = (e: HistoryEntry, id: string): number | null => e.metrics[id] ?? null;

/** A short sha when there is one, else the day (MM-DD), else the run's position. */
function pointLabel(e: HistoryEntry, i: number): string {
  if (e.sha && /^[0-9a-f]{7,}$/i.test(e.sha)) return e.sha.slice(0, 7).toLowerCase();
  const day = /^\d{4}-(\d{2}-\d{2})/.exec(e.date)?.[1];
  return day ?? `run ${i + 1}`;
}

interface ChartSpec {
  title: string;
  yTitle: string;
  caption: string;
  /** Fixed axis range (quality is 0..1), else 0..a round number above the data. */
  max?: number;
  values: (e: HistoryEntry) => (number | null)[];
}

function chart(entries: readonly HistoryEntry[], spec: ChartSpec): string | undefined {
  const points = entries.map(spec.values);
  const width = points[0]?.length ?? 0;
  const { labels, series } = gapFree({
    labels: uniqueLabels(entries.map(pointLabel)),
    series: Array.from({ length: width }, (_, s) => points.map((p) => p[s] ?? null)),
  });
  if (series.length === 0) return undefined;
  const max = spec.max ?? niceMax(series.flat());
  return `${spec.caption}\n\n${renderXYChart({ title: spec.title, x: labels, y: { title: spec.yTitle, min: 0, max }, lines: series })}`;
}

function charts(entries: readonly HistoryEntry[], k: number): string[] {
  const specs: ChartSpec[] = [
    {
      title: `Retrieval quality (k=${k})`,
      yTitle: 'score',
      caption: `_Retrieval quality: MRR@${k} (first line) and NDCG@${k} (second line), higher is better._`,
      max: 1,
      values: (e) => [metric(e, `mrr@${k}`), metric(e, `ndcg@${k}`)],
    },
    {
      title: 'Search latency (ms)',
      yTitle: 'ms',
      caption: '_Search latency: p50 (first line) and p95 (second line), lower is better._',
      values: (e) => [metric(e, 'search.p50'), metric(e, 'search.p95')],
    },
    {
      title: 'Peak RSS (MiB)',
      yTitle: 'MiB',
      caption: '_Peak RSS of the server process tree, lower is better._',
      values: (e) => {
        const bytes = metric(e, 'rss.peak');
        return [bytes === null ? null : bytes / MiB];
      },
    },
  ];
  return specs.map((spec) => chart(entries, spec)).filter((c) => c !== undefined);
}

function cell(e: HistoryEntry, id: string, unit: MetricUnit): string {
  return formatValue(metric(e, id), unit);
}

function when(date: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(date);
  return m ? `${m[1]} ${m[2]}` : escapeCell(date, 30);
}

function table(entries: readonly HistoryEntry[], newest: HistoryEntry): string {
  const k = newest.k;
  const header = ['Date (UTC)', 'Commit', 'Event', `MRR@${k}`, `NDCG@${k}`, `Recall@${k}`, `Hit@${k}`, 'Search p50', 'Search p95', 'Peak RSS', 'Build', 'Errors', 'Dataset'];
  const rows = entries.map((e) => {
    const note =
      e.datasetHash !== newest.datasetHash
        ? `⚠ other: ${escapeCell(e.dataset, 40)} (${escapeCell(e.datasetHash.slice(0, 8), 8)})`
        : e.k !== k
          ? `⚠ k=${e.k}`
          : 'same';
    return [
      when(e.date),
      e.sha ? shortSha(e.sha) : '—',
      escapeCell(e.event ?? '—', 20),
      cell(e, `mrr@${e.k}`, 'ratio'),
      cell(e, `ndcg@${e.k}`, 'ratio'),
      cell(e, `recall@${e.k}`, 'ratio'),
      cell(e, `hit@${e.k}`, 'ratio'),
      cell(e, 'search.p50', 'ms'),
      cell(e, 'search.p95', 'ms'),
      cell(e, 'rss.peak', 'bytes'),
      cell(e, 'build.ms', 'ms'),
      cell(e, 'errors', 'count'),
      note,
    ];
  });
  return markdownTable([header, ...rows], { alignDelimiters: false, align: ['l', 'l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'] });
}

/** `entries` oldest first, as the history file keeps them. */
export function renderTrend(entries: readonly HistoryEntry[]): string {
  const newest = entries.at(-1);
  if (!newest) return '### Trend\n\n_No history yet: the first main-branch or nightly run starts it._\n';
  const comparable = entries.filter((e) => e.datasetHash === newest.datasetHash && e.k === newest.k);
  const charted = comparable.slice(-TREND_WINDOW);
  const parts = [`### Trend: ${escapeCell(newest.dataset)} (last ${charted.length} comparable run${charted.length === 1 ? '' : 's'})`];
  const others = entries.length - comparable.length;
  if (others > 0) parts.push(`_${others} run(s) on another dataset or k are left out of the charts and marked ⚠ in the table._`);
  const drawn = charts(charted, newest.k);
  parts.push(...(drawn.length > 0 ? drawn : ['_No metric of these runs can be charted._']));
  const recent = entries.slice(-TREND_WINDOW).reverse();
  parts.push(`#### Last ${recent.length} run(s), newest first`, table(recent, newest));
  return `${parts.join('\n\n')}\n`;
}
