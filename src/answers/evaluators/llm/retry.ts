/**
 * When to try again: exponential backoff with jitter (so parallel runs that failed together
 * do not retry together), and the server's own `retry-after` when it gives one.
 */

export interface BackoffOptions {
  baseDelayMs: number;
  maxDelayMs: number;
  random: () => number;
}

/**
 * Delay before attempt `attempt + 1` (attempt counts from 1): base·2^(attempt-1), capped,
 * then "equal jitter" — half fixed, half random — so a retry never comes immediately.
 */
export function backoffDelay(attempt: number, options: BackoffOptions): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + options.random() * (ceiling / 2));
}

/**
 * The wait a server asks for, in ms: OpenAI's `retry-after-ms`, else `retry-after` as
 * seconds or an HTTP date. Undefined when absent or unreadable.
 */
export function retryAfterMs(headers: Headers, now: number = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.ceil(Number(ms));
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Statuses worth another attempt: rate limiting and server errors; other 4xx are our mistake. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}
