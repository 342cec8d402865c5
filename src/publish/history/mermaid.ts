/**
 * Mermaid `xychart-beta` blocks, which GitHub renders natively. The grammar is small and
 * strict (mermaid's xychart.jison): numbers are `[+-]?\d+(\.\d+)?` (no exponent, no
 * NaN), quoted text is `"[^"]*"` with no escapes, and `"` followed by a backtick opens a
 * markdown string. So every number is written in plain decimals and every text is
 * quoted and reduced to a safe alphabet. `xychart-beta` rather than `xychart`: older
 * mermaid releases (as GitHub may run) know only the beta keyword, newer ones accept both.
 */

export interface XYChart {
  title: string;
  /** Category labels of the x-axis, one per point, unique. */
  x: readonly string[];
  y: { title: string; min: number; max: number };
  /** One or more line series, each as long as `x`, without gaps. */
  lines: readonly (readonly number[])[];
}

/** Quoted mermaid text: only characters the grammar and a renderer cannot misread. */
export function mermaidText(text: string): string {
  const safe = text.replace(/\s+/g, ' ').replace(/[^A-Za-z0-9 ._:/@#()+=,-]/g, '').replace(/ +/g, ' ').trim();
  return `"${safe}"`;
}

/** A number in the grammar's shape: plain decimals, at most `digits` after the point. */
export function mermaidNumber(value: number, digits = 3): string {
  if (!Number.isFinite(value)) return '0';
  const clamped = Math.max(-1e15, Math.min(1e15, value));
  const fixed = clamped.toFixed(digits).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
  return fixed === '-0' ? '0' : fixed;
}

/** An axis top a little above the data, at a round number (1, 1.5, 2, 2.5, ... × 10^n). */
export function niceMax(values: readonly number[]): number {
  const max = Math.max(0, ...values.filter(Number.isFinite));
  if (max <= 0) return 1;
  const target = max * 1.1;
  const scale = 10 ** Math.floor(Math.log10(target));
  return (Math.ceil((target / scale) * 2) / 2) * scale;
}

export function renderXYChart(chart: XYChart): string {
  // Values too small for three decimals would collapse the axis to `0 --> 0`.
  const top = Number(mermaidNumber(chart.y.max)) > Number(mermaidNumber(chart.y.min)) ? chart.y.max : chart.y.min + 1;
  const lines = [
    '```mermaid',
    'xychart-beta',
    `    title ${mermaidText(chart.title)}`,
    `    x-axis [${chart.x.map(mermaidText).join(', ')}]`,
    `    y-axis ${mermaidText(chart.y.title)} ${mermaidNumber(chart.y.min)} --> ${mermaidNumber(top)}`,
    ...chart.lines.map((series) => `    line [${series.map((v) => mermaidNumber(v)).join(', ')}]`),
    '```',
  ];
  return lines.join('\n');
}
