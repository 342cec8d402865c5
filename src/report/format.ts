/** Number formatting shared by every table: one place decides how a metric reads. */
import type { MetricUnit } from '../model/metric-catalog.ts';

export function formatMs(ms: number): string {
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 100) return `${ms.toFixed(0)} ms`;
  return `${ms.toFixed(ms >= 10 ? 1 : 2)} ms`;
}

/** Binary units, labelled as such: bytes / 1024² is MiB (a "MB" would be 10⁶ bytes); under a MiB in KiB, under a KiB in bytes. */
export function formatBytes(bytes: number): string {
  const size = Math.abs(bytes);
  if (size < 1024) return `${Math.round(bytes)} B`;
  if (size < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

export function formatValue(value: number | null | undefined, unit: MetricUnit): string {
  if (typeof value !== 'number' || Number.isNaN(value)) return '—';
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
    case 'number':
      return value.toFixed(2);
    case 'tokens':
      return Math.round(value).toLocaleString('en-US');
    case 'usd':
      // Agent calls cost fractions of a cent: enough digits to see them.
      return `$${value.toFixed(Math.abs(value) >= 1 ? 2 : 4)}`;
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

/**
 * A count, or any number shown as it is (a seed, a cutoff, an exit code): digits only,
 * whatever the value turns out to be at run time ('—' for anything but a finite number),
 * so a report read from a file can never put text where a number belongs.
 */
export function formatCount(n: number | null | undefined): string {
  return typeof n === 'number' && Number.isFinite(n) ? String(n) : '—';
}

/** A large count with thousands separators (tokens, calls): 12,345. */
export function formatThousands(n: number | null | undefined): string {
  return typeof n === 'number' && Number.isFinite(n) ? n.toLocaleString('en-US') : '—';
}

/**
 * US dollars as plain text ($0.0042, $1.20, "unknown" for null); markdown shows it through its escaper (`$` opens math there).
 * `estimated`: some of its tokens are estimated (calls without usage), shown as "~$0.0210".
 */
export function formatUsd(usd: number | null | undefined, estimated = false): string {
  if (typeof usd !== 'number' || !Number.isFinite(usd)) return 'unknown';
  const amount = usd === 0 ? '$0' : usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
  return estimated ? `~${amount}` : amount;
}
