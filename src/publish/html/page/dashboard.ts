/**
 * The history dashboard's charts (the key table is plain HTML already): one chart per
 * metric on a shared time axis, a line per key in its own colour and dash, each key's
 * prediction band filled in that colour; under each chart what it shows in words and every
 * key's numbers in a table. Keys and dates come from the branch: they are text
 * (oneLine, textContent), never markup.
 */
import type { DashboardMeta, DashboardTrend, TrendPoint } from '../page-types.ts';
import { oneLine } from '../text.ts';
import { drawChart, trendTable, unitFormat, type BandSpec, type LineSpec } from './charts.ts';

/** A run's time in seconds, or null for a date that does not parse (such a run is in the table, not on the chart). */
function seconds(date: string): number | null {
  const t = Date.parse(date);
  return Number.isFinite(t) ? t / 1000 : null;
}

interface Placed {
  at: Map<number, TrendPoint>;
  undated: number;
}

/** Each point at its run's time; two runs of one key at the same instant a millisecond apart. */
function place(points: readonly TrendPoint[]): Placed {
  const at = new Map<number, TrendPoint>();
  let undated = 0;
  for (const p of points) {
    let x = seconds(p.date);
    if (x === null) {
      undated++;
      continue;
    }
    while (at.has(x)) x += 0.001;
    at.set(x, p);
  }
  return { at, undated };
}

function describeLine(trend: DashboardTrend, key: string, points: readonly TrendPoint[], undated: number): string {
  const f = unitFormat(trend.unit);
  const newest = points.at(-1);
  const outside = points.filter((p) => p.outside);
  return [
    `${key}: ${points.length} run${points.length === 1 ? '' : 's'}`,
    newest?.value != null ? `newest ${f(newest.value)}` : '',
    outside.length > 0 ? `outside the band: ${outside.map((p) => `${p.label} (${p.outside})`).join(', ')}` : '',
    undated > 0 ? `${undated} without a readable date not drawn` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

function dashboardChart(container: HTMLElement, trend: DashboardTrend): void {
  const placed = trend.lines.map((l) => place(l.points));
  const x = [...new Set(placed.flatMap((p) => [...p.at.keys()]))].sort((a, b) => a - b);
  const lines: LineSpec[] = [];
  const bands: BandSpec[] = [];
  for (const [slot, line] of trend.lines.entries()) {
    const at = placed[slot]!.at;
    const key = oneLine(line.key, 40);
    const values = (pick: (p: TrendPoint) => number | null) => x.map((t) => (at.has(t) ? pick(at.get(t)!) : null));
    lines.push({ label: key, values: values((p) => p.value), slot, spanGaps: true });
    if (line.points.some((p) => p.band)) {
      bands.push({ lines: [lines.length, lines.length + 1], slot });
      lines.push({ label: `${key} band upper`, values: values((p) => p.band?.upper ?? null), slot, edge: true, spanGaps: true });
      lines.push({ label: `${key} band lower`, values: values((p) => p.band?.lower ?? null), slot, edge: true, spanGaps: true });
    }
  }
  const summary = trend.lines.map((l, i) => describeLine(trend, oneLine(l.key, 40), l.points, placed[i]!.undated));
  const figure = drawChart(container, {
    title: `${trend.label} over main-branch runs`,
    summary: `${trend.better} is better. ${summary.join('; ')}.`,
    x,
    xLabel: 'run date',
    yLabel: trend.label,
    xFormat: (v) => new Date(v * 1000).toISOString().slice(0, 10),
    yFormat: unitFormat(trend.unit),
    xTime: true,
    lines,
    bands,
  });
  for (const line of trend.lines) figure.append(trendTable({ unit: trend.unit, points: line.points }, `${trend.label} · ${oneLine(line.key, 40)}`));
}

/** Draws every trend of the dashboard into `container`; returns how many. */
export function dashboardCharts(container: HTMLElement, meta: DashboardMeta): number {
  for (const trend of meta.trends) dashboardChart(container, trend);
  return meta.trends.length;
}
