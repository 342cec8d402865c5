/**
 * The page's charts, drawn by uPlot (bundled into the page): latency CDFs of every run,
 * the RSS of the server process tree over time, and the history trends with their
 * prediction bands. Each chart is a figure with a caption and a text alternative: what
 * a chart shows is also said in words (and the trend's numbers in a table).
 */
import uPlot from 'uplot';
import { formatValue } from '../../../report/format.ts';
import type { MetricUnit } from '../../../model/metric-catalog.ts';
import type { CaseResult } from '../../../model/report.ts';
import type { PageMeta, TrendSeries } from '../page-types.ts';
import { cdfSeries, logTicks } from './cdf.ts';
import { h } from './dom.ts';
import { oneLine } from '../text.ts';

/** Distinguishable without colour too: the second run dashed, the third dotted. */
const COLORS = ['#1f5fbf', '#b35900', '#2e7d32', '#7b1fa2', '#c2185b'];
const DASHES: (number[] | undefined)[] = [undefined, [8, 4], [2, 3], [10, 3, 2, 3], [4, 4]];

export interface LineSpec {
  label: string;
  values: (number | null)[];
  /** Its colour and dash (COLORS, DASHES); default: its position. */
  slot?: number;
  /** A band's edge: thin and faint, so the value's line stands out. */
  edge?: boolean;
  /** Drawn across the x values it has no value at (a line among others on a shared time axis). */
  spanGaps?: boolean;
}

export interface BandSpec {
  /** Indices into `lines` of the band's upper and lower edge, filled between. */
  lines: [number, number];
  /** Its fill's colour (default: the first colour). */
  slot?: number;
}

interface ChartSpec {
  title: string;
  /** Said to screen readers and shown under the chart. */
  summary: string;
  x: number[];
  xLabel: string;
  yLabel: string;
  xFormat: (v: number) => string;
  yFormat: (v: number) => string;
  xLog?: boolean;
  /** x is a time in seconds: uPlot's date ticks. */
  xTime?: boolean;
  lines: LineSpec[];
  bands?: BandSpec[];
}

/** A colour of the palette, see-through: a band's fill. */
function fill(slot: number): string {
  const hex = COLORS[slot % COLORS.length]!;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, 0.15)`;
}

/** The chart's own width: its grid cell's, once the figure is in the page. */
function width(plot: HTMLElement): number {
  return Math.max(280, Math.min(900, plot.clientWidth || 640));
}

/** On a log axis, only 1, 2 and 5 times a power of ten are labelled: the minor ticks in between stay bare. */
function roundLogTick(v: number): boolean {
  if (!(v > 0)) return false;
  const mantissa = v / 10 ** Math.floor(Math.log10(v) + 1e-9);
  return [1, 2, 5].some((m) => Math.abs(mantissa - m) < 1e-6);
}

/** Draws one chart into `container`; returns the figure. */
export function drawChart(container: HTMLElement, spec: ChartSpec): HTMLElement {
  const plot = h('div', { class: 'plot', role: 'img', 'aria-label': `${spec.title}: ${spec.summary}` });
  const figure = h('figure', { class: 'chart' }, h('figcaption', {}, spec.title), plot, h('p', { class: 'chart-summary' }, spec.summary));
  container.append(figure);
  // One x value (a single run): a little room either side, a day on a time axis.
  const pad = spec.xTime ? 86_400 : 1;
  const opts: uPlot.Options = {
    width: width(plot),
    height: 260,
    // The data's own x range: uPlot would widen a log axis to whole decades.
    scales: { x: { time: spec.xTime === true, range: (_u, min, max) => (min === max ? [min - pad, max + pad] : [min, max]), ...(spec.xLog ? { distr: 3 } : {}) } },
    axes: [
      spec.xTime
        ? { label: spec.xLabel }
        : {
            label: spec.xLabel,
            ...(spec.xLog ? { splits: (_u: uPlot, _i: number, min: number, max: number) => logTicks(min, max) } : {}),
            values: (_u, splits) => splits.map((v) => (v === null || (spec.xLog && !roundLogTick(v)) ? '' : spec.xFormat(v))),
          },
      { label: spec.yLabel, values: (_u, splits) => splits.map((v) => (v === null ? '' : spec.yFormat(v))), size: 70 },
    ],
    series: [
      { label: spec.xLabel, value: (_u, v) => (v === null ? '—' : spec.xFormat(v)) },
      ...spec.lines.map((line, i) => {
        const slot = line.slot ?? i;
        const dash = line.edge ? [3, 3] : DASHES[slot % DASHES.length];
        return {
          label: line.label,
          stroke: line.edge ? fill(slot).replace('0.15)', '0.6)') : COLORS[slot % COLORS.length]!,
          width: line.edge ? 1 : 2,
          ...(dash ? { dash } : {}),
          ...(line.spanGaps ? { spanGaps: true } : {}),
          ...(line.edge ? { points: { show: false } } : {}),
          value: (_u: uPlot, v: number | null) => (v === null ? '—' : spec.yFormat(v)),
        };
      }),
    ],
    ...(spec.bands?.length ? { bands: spec.bands.map((b) => ({ series: [b.lines[0] + 1, b.lines[1] + 1] as [number, number], fill: fill(b.slot ?? 0) })) } : {}),
    legend: { live: false },
    cursor: { drag: { x: false, y: false } },
  };
  const chart = new uPlot(opts, [spec.x, ...spec.lines.map((l) => l.values)], plot);
  // The grid cell narrows as the next charts join it (and with the window): the chart follows.
  new ResizeObserver(() => {
    const w = width(plot);
    if (w !== chart.width) chart.setSize({ width: w, height: chart.height });
  }).observe(plot);
  return figure;
}

const ms = (v: number) => formatValue(v, 'ms');
const pct = (v: number) => `${Math.round(v * 100)}%`;

type CallKind = 'search' | 'fetch' | 'answer';

function samplesOf(cases: readonly CaseResult[], kind: CallKind): number[] {
  const out: number[] = [];
  for (const c of cases) for (const v of c.latency[kind] ?? []) out.push(v);
  return out;
}

/** One CDF per call kind any run has samples of, a line per run. */
export function latencyCharts(container: HTMLElement, meta: PageMeta, runs: readonly (readonly CaseResult[])[]): number {
  let drawn = 0;
  for (const kind of ['search', 'fetch', 'answer'] as const) {
    const samples = runs.map((cases) => samplesOf(cases, kind));
    if (samples.every((s) => s.length === 0)) continue;
    const { x, y } = cdfSeries(samples);
    const positive = x.length > 1 && x[0]! > 0;
    const medians = meta.runs.map((r, i) => `${r.name} p50 ${ms(quantile(samples[i]!, 0.5))}, p95 ${ms(quantile(samples[i]!, 0.95))} (${samples[i]!.length} calls)`);
    drawChart(container, {
      title: `${kind[0]!.toUpperCase()}${kind.slice(1)} latency, cumulative`,
      summary: `Share of ${kind} calls at or below each latency. ${medians.join('; ')}.`,
      x,
      xLabel: 'ms',
      yLabel: 'share of calls',
      xFormat: ms,
      yFormat: pct,
      xLog: positive && x.at(-1)! / x[0]! > 20,
      lines: meta.runs.map((r, i) => ({ label: r.name, values: y[i]! })),
    });
    drawn++;
  }
  return drawn;
}

function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** RSS of each run's server process tree over its run (MiB against seconds since the spawn). */
export function memoryChart(container: HTMLElement, meta: PageMeta): number {
  const runs = meta.runs.filter((r) => (r.report.memory?.samples.length ?? 0) > 1);
  if (runs.length === 0) return 0;
  // Aligned series: every run's sample times on one axis, a run's value where it sampled.
  const times = [...new Set(runs.flatMap((r) => r.report.memory!.samples.map((s) => s.t)))].sort((a, b) => a - b);
  const lines = runs.map((r) => {
    const at = new Map(r.report.memory!.samples.map((s) => [s.t, s.bytes / 1048576]));
    return { label: r.name, values: times.map((t) => at.get(t) ?? null) };
  });
  drawChart(container, {
    title: 'Server RSS over the run',
    summary: runs.map((r) => `${r.name}: peak ${formatValue(r.report.memory!.peakBytes, 'bytes')} over ${r.report.memory!.samples.length} samples`).join('; '),
    x: times.map((t) => t / 1000),
    xLabel: 's since spawn',
    yLabel: 'MiB',
    xFormat: (v) => `${v.toFixed(1)} s`,
    yFormat: (v) => `${v.toFixed(0)} MiB`,
    lines: lines.map((l) => ({ ...l, values: l.values })),
  });
  return 1;
}

export function unitFormat(unit: MetricUnit): (v: number) => string {
  return (v) => formatValue(v, unit);
}

/** A trend's numbers as a table (the chart's text alternative), under a summary naming it. */
export function trendTable(t: Pick<TrendSeries, 'unit' | 'points'>, name: string): HTMLElement {
  const f = unitFormat(t.unit);
  const rows = t.points.map((p) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, `${p.label}${p.current ? ' (this run)' : ''}`),
      h('td', {}, oneLine(p.date.slice(0, 16).replace('T', ' '), 20)),
      h('td', {}, p.value === null ? '—' : f(p.value)),
      h('td', {}, p.band ? `${f(p.band.lower)} – ${f(p.band.upper)} (${p.band.runs} runs)` : '—'),
      h('td', {}, p.outside ?? ''),
    ),
  );
  return h(
    'details',
    {},
    h('summary', {}, `${name}: the numbers`),
    h('table', {}, h('thead', {}, h('tr', {}, ...['Run', 'Date (UTC)', 'Value', 'Band', 'Outside'].map((c) => h('th', { scope: 'col' }, c)))), h('tbody', {}, ...rows)),
  );
}

/** One chart per trend: the value per run, and its band where it has one. */
export function trendCharts(container: HTMLElement, trends: readonly TrendSeries[]): number {
  for (const t of trends) {
    const f = unitFormat(t.unit);
    const labels = t.points.map((p) => (p.current ? `${p.label} (this run)` : p.label));
    const outside = t.points.filter((p) => p.outside);
    const banded = t.points.some((p) => p.band);
    const summary = [
      `${t.points.length} runs, ${t.better} is better`,
      banded ? `band: ${Math.round((t.level ?? 0) * 100)}% prediction interval from the matching runs before each (from run ${t.minRuns + 1} on)` : 'no band (quality metrics are deterministic)',
      outside.length > 0 ? `outside the band: ${outside.map((p) => `${p.label} (${p.outside})`).join(', ')}` : banded ? 'no run outside its band' : '',
    ].filter(Boolean);
    const figure = drawChart(container, {
      title: `${t.label} over main-branch runs`,
      summary: `${summary.join('; ')}.`,
      x: t.points.map((_, i) => i),
      xLabel: 'run',
      yLabel: t.label,
      xFormat: (v) => labels[Math.round(v)] ?? '',
      yFormat: f,
      lines: [
        { label: t.label, values: t.points.map((p) => p.value) },
        ...(banded
          ? [
              { label: 'band upper', values: t.points.map((p) => p.band?.upper ?? null) },
              { label: 'band lower', values: t.points.map((p) => p.band?.lower ?? null) },
            ]
          : []),
      ],
      ...(banded ? { bands: [{ lines: [1, 2] as [number, number] }] } : {}),
    });
    figure.append(trendTable(t, t.label));
  }
  return trends.length;
}
