/** Number formatting shared by every table: one place decides how a metric reads. */
import type { MetricUnit } from '../model/metric-catalog.ts';

export function formatMs(ms: number): string {
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 100) return `${ms.toFixed(0)} ms`;
  return `${ms.toFixed(ms >= 10 ? 1 : 2)} ms`;
}

/** Binary units, labelled as such: bytes / 1024² is MiB (a "MB" would be 10⁶ bytes). */
export function formatBytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

export function formatValue(value: number | null | undefined, unit: MetricUnit): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  switch (unit) {
    case 'ms':
      return formatMs(value);
    case 'bytes':
      return formatBytes(value);
    case 'ratio':
      return value.toFixed(3);
    case 'rounds':
      return value.toFixed(2);
    case 'count':
      return String(Math.round(value));
  }
}

function signed(text: string, value: number): string {
  return value > 0 ? `+${text}` : value < 0 ? `−${text.replace(/^-/, '')}` : text;
}

/** The absolute change in the metric's own unit. */
export function formatDelta(value: number | null, unit: MetricUnit): string {
  if (value === null) return '—';
  if (value === 0) return '0';
  return signed(formatValue(Math.abs(value), unit), value);
}

export function formatPercent(relative: number | null): string {
  if (relative === null) return '—';
  const pct = relative * 100;
  if (Math.abs(pct) < 0.05) return '0%';
  return signed(`${Math.abs(pct).toFixed(1)}%`, pct);
}
