/**
 * The one Octokit the Action uses: @actions/github's client plus the retry and
 * throttling plugins, so a flaky 5xx or a short rate-limit window does not fail a
 * check, while a long rate-limit wait fails at once with a message that says so
 * (a CI job sleeping for most of an hour helps nobody).
 */
import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';

export type Octokit = ReturnType<typeof getOctokit>;

export interface OctokitOptions {
  /** API root; defaults to GITHUB_API_URL (read by @actions/github when it is first imported). */
  baseUrl?: string;
  log?: (message: string) => void;
  /**
   * Rate-limit handling and write pacing (default on). The pacing (1 s between writes,
   * 3 s between comments, process-wide) is GitHub's advice for avoiding secondary
   * limits; tests that are not about rate limits turn it off to stay fast.
   */
  throttle?: boolean;
}

/** Longest primary rate-limit wait worth sleeping through, in seconds. */
export const MAX_RATE_LIMIT_WAIT_S = 60;
/** Secondary limits usually say 60 s; a little more is still worth waiting for. */
export const MAX_SECONDARY_WAIT_S = 120;
/** How many times one request is re-sent after a rate limit. */
const RATE_LIMIT_RETRIES = 2;
/** Re-sends after a server error: 3 tries in all, backing off 1 s then 4 s. */
const SERVER_ERROR_RETRIES = 2;

/** The primary rate limit is spent and resets too late to wait for. */
export class RateLimitError extends Error {
  // Deliberately no `status`: a spent quota must not read as a permission refusal (403).
  readonly resetAt: Date | null;

  constructor(message: string, resetAt: Date | null) {
    super(message);
    this.name = 'RateLimitError';
    this.resetAt = resetAt;
  }
}

interface ErrorWithResponse {
  status?: unknown;
  message?: unknown;
  response?: { headers?: Record<string, unknown> };
}

function header(err: unknown, name: string): string | undefined {
  const value = (err as ErrorWithResponse | null)?.response?.headers?.[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

/** A 403/429 whose headers say the primary quota is used up (what throttling gave up on). */
export function isPrimaryRateLimit(err: unknown): boolean {
  const status = (err as ErrorWithResponse | null)?.status;
  return (status === 403 || status === 429) && header(err, 'x-ratelimit-remaining') === '0';
}

/** A 403/429 telling us to slow down (abuse detection), which throttling gave up retrying. */
export function isSecondaryRateLimit(err: unknown): boolean {
  const { status, message } = (err as ErrorWithResponse | null) ?? {};
  return (status === 403 || status === 429) && typeof message === 'string' && /\bsecondary rate\b/i.test(message);
}

function secondaryLimitError(err: unknown): RateLimitError {
  const after = Number(header(err, 'retry-after'));
  const resetAt = Number.isFinite(after) && after > 0 ? new Date(Date.now() + after * 1000) : null;
  const message = (err as ErrorWithResponse).message;
  return new RateLimitError(`GitHub secondary rate limit: still refused after ${RATE_LIMIT_RETRIES} retries. GitHub said: ${String(message)}`, resetAt);
}

function rateLimitError(err: unknown): RateLimitError {
  const reset = Number(header(err, 'x-ratelimit-reset'));
  const resetAt = Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000) : null;
  const when = resetAt ? ` until ${resetAt.toISOString()} (in ${Math.max(0, Math.ceil((resetAt.getTime() - Date.now()) / 1000))} s)` : '';
  const resource = header(err, 'x-ratelimit-resource') ?? 'core';
  const original = (err as ErrorWithResponse).message;
  return new RateLimitError(
    `GitHub API rate limit (${resource}) exhausted${when}, longer than the ${MAX_RATE_LIMIT_WAIT_S} s worth waiting for; ` +
      `re-run the job later or use a token with a larger quota. GitHub said: ${typeof original === 'string' ? original : 'rate limit exceeded'}`,
    resetAt,
  );
}

export function createOctokit(token: string, options: OctokitOptions = {}): Octokit {
  const log = options.log ?? (() => {});
  const octokit = getOctokit(
    token,
    {
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      // 429 is left to throttling, which knows how long to wait; the rest are final answers.
      retry: { retries: SERVER_ERROR_RETRIES, doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451] },
      throttle: {
        enabled: options.throttle ?? true,
        onRateLimit: (retryAfter: number, request: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
          if (retryAfter > MAX_RATE_LIMIT_WAIT_S || retryCount >= RATE_LIMIT_RETRIES) return false;
          log(`GitHub rate limit reached on ${request.method} ${request.url}: waiting ${retryAfter} s for the reset`);
          return true;
        },
        onSecondaryRateLimit: (retryAfter: number, request: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
          if (retryAfter > MAX_SECONDARY_WAIT_S || retryCount >= RATE_LIMIT_RETRIES) return false;
          log(`GitHub secondary rate limit on ${request.method} ${request.url}: retrying in ${retryAfter} s`);
          return true;
        },
      },
    },
    retry,
    throttling,
  );
  // Registered after the plugins, so it wraps them: it sees only what they gave up on.
  octokit.hook.wrap('request', async (request, requestOptions) => {
    // A fresh `request` object per call: the retry plugin counts tries on it, and the
    // default one is shared, so one call's count would lengthen the next call's backoff.
    // (Replaced in place: every hook of this call holds this same options object.)
    requestOptions.request = { ...requestOptions.request };
    try {
      return await request(requestOptions);
    } catch (err) {
      if (isPrimaryRateLimit(err)) throw rateLimitError(err);
      if (isSecondaryRateLimit(err)) throw secondaryLimitError(err);
      throw err;
    }
  });
  return octokit;
}
