/**
 * A minimal OpenAI-compatible client on Node's fetch: chat completions and embeddings, with
 * a timeout per request and retries (backoff + jitter, `retry-after` honoured) on 429, 5xx,
 * timeouts and network errors. No SDK: the Action's bundle ships to every user, and two
 * endpoints do not justify a dependency tree. Works against any server that speaks the
 * OpenAI shapes (OpenAI, Azure's v1 API, vLLM, Ollama, LiteLLM…): `baseUrl` is the API root.
 */
import { backoffDelay, isRetryableStatus, retryAfterMs } from './retry.ts';
import { apiKeyProblem, displayUrl, endpointName, readApiKey, redact, type Env } from './secrets.ts';
import { parseChatCompletion, parseEmbeddings, type ChatCompletion, type Embeddings } from './openai-shapes.ts';

export type { ChatCompletion, Embeddings, Usage } from './openai-shapes.ts';

export interface OpenAiClientOptions {
  /** API root, e.g. https://api.openai.com/v1 (with or without a trailing slash). */
  baseUrl: string;
  /** NAME of the environment variable holding the key; the key itself is read per request. */
  apiKeyEnv: string;
  /**
   * The same transport for another JSON API (the agent's Anthropic provider): how the key is
   * sent (default `authorization: Bearer`), and the API's name and root example for messages.
   */
  api?: { name: string; rootExample: string; authHeaders: (key: string) => Record<string, string> };
  timeoutMs?: number;
  /** Attempts per call, the first included. */
  maxAttempts?: number;
  /** Longest `retry-after` honoured; a longer one fails the call instead of stalling the run. */
  maxRetryAfterMs?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Injected for tests; default process.env, global fetch, setTimeout, Math.random. */
  env?: Env;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export interface CallOptions {
  timeoutMs?: number;
  maxAttempts?: number;
  signal?: AbortSignal;
}

export interface ChatMessage {
  role: 'system' | 'developer' | 'user' | 'assistant';
  content: string;
}

export type ResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | { type: 'json_schema'; json_schema: { name: string; strict?: boolean; description?: string; schema: Record<string, unknown> } };

/** The request body, in the API's own field names. */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  response_format?: ResponseFormat;
  max_completion_tokens?: number;
  seed?: number;
}

export interface EmbeddingsOptions extends CallOptions {
  model: string;
  dimensions?: number;
}

/** How the call went, successful or not: wall time over all attempts. */
export interface CallStats {
  ms: number;
  attempts: number;
  /** The server's x-request-id of the last response, for support tickets. */
  requestId?: string;
}

export type ChatResult = ChatCompletion & CallStats;
export type EmbeddingsResult = Embeddings & CallStats;

export type OpenAiErrorKind = 'config' | 'http' | 'rate_limit' | 'timeout' | 'network' | 'bad_response' | 'aborted';

export class OpenAiError extends Error {
  readonly kind: OpenAiErrorKind;
  readonly status: number | undefined;
  /** OpenAI's error.code (e.g. rate_limit_exceeded, invalid_api_key), when the body had one. */
  readonly code: string | undefined;
  readonly attempts: number;
  readonly ms: number;
  constructor(message: string, details: { kind: OpenAiErrorKind; status?: number; code?: string; attempts: number; ms: number }) {
    super(message);
    this.name = 'OpenAiError';
    this.kind = details.kind;
    this.status = details.status;
    this.code = details.code;
    this.attempts = details.attempts;
    this.ms = details.ms;
  }
}

export interface OpenAiClient {
  /** The API root the calls go to, without credentials: part of every cache key, and recorded in the report. */
  readonly endpoint: string;
  chat(request: ChatRequest, opts?: CallOptions): Promise<ChatResult>;
  embeddings(inputs: string[], opts: EmbeddingsOptions): Promise<EmbeddingsResult>;
  /** Any other POST of the API (the agent's chat with tools, Anthropic's messages): the parsed JSON body, with the retries and messages of the others. */
  post(path: string, body: unknown, opts?: CallOptions): Promise<{ body: unknown } & CallStats>;
}

/** `${baseUrl}/path`, whatever the slashes, keeping a query string (some gateways need one). */
export function endpointUrl(baseUrl: string, path: string): URL {
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  return url;
}

interface Failure {
  kind: OpenAiErrorKind;
  message: string;
  retryable: boolean;
  status?: number;
  code?: string;
  retryAfterMs?: number;
}

type Attempt = { ok: true; body: unknown; requestId?: string } | { ok: false; failure: Failure; requestId?: string };

const DEFAULTS = { timeoutMs: 60_000, maxAttempts: 3, maxRetryAfterMs: 60_000, baseDelayMs: 500, maxDelayMs: 8_000 };

export function createOpenAiClient(options: OpenAiClientOptions): OpenAiClient {
  const env = options.env ?? process.env;
  const fetchImpl = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const backoff = {
    baseDelayMs: options.baseDelayMs ?? DEFAULTS.baseDelayMs,
    maxDelayMs: options.maxDelayMs ?? DEFAULTS.maxDelayMs,
    random: options.random ?? Math.random,
  };
  const maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs;
  const api = options.api ?? { name: 'OpenAI-compatible', rootExample: 'https://api.openai.com/v1', authHeaders: (key: string) => ({ authorization: `Bearer ${key}` }) };

  async function once(url: URL, body: unknown, key: string, timeoutMs: number, signal: AbortSignal | undefined): Promise<Attempt> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...api.authHeaders(key) },
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
      // Inside the try: the timeout also covers a server that sends headers, then stalls.
      text = await response.text();
    } catch (error) {
      return { ok: false, failure: thrownFailure(error, timeoutMs, signal) };
    }
    const requestId = response.headers.get('x-request-id') ?? response.headers.get('request-id') ?? undefined;
    const withId = requestId === undefined ? {} : { requestId };
    if (response.ok) {
      try {
        return { ok: true, body: JSON.parse(text) as unknown, ...withId };
      } catch {
        const message = `HTTP ${response.status} but the body is not JSON (is baseUrl the API root of an ${api.name} server?)`;
        return { ok: false, failure: { kind: 'bad_response', message, retryable: false }, ...withId };
      }
    }
    return { ok: false, failure: httpFailure(response, text, api.rootExample), ...withId };
  }

  async function post(path: string, body: unknown, opts: CallOptions = {}): Promise<{ body: unknown } & CallStats> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const problem = apiKeyProblem(env, options.apiKeyEnv);
    const key = readApiKey(env, options.apiKeyEnv);
    if (problem !== undefined || key === undefined) {
      throw new OpenAiError(problem ?? 'no API key', { kind: 'config', attempts: 0, ms: 0 });
    }
    const url = endpointUrl(options.baseUrl, path);
    const maxAttempts = Math.max(1, opts.maxAttempts ?? options.maxAttempts ?? DEFAULTS.maxAttempts);
    const timeoutMs = opts.timeoutMs ?? options.timeoutMs ?? DEFAULTS.timeoutMs;
    const fail = (f: Failure, attempts: number, note = ''): OpenAiError => {
      const where = `POST ${displayUrl(url.toString())}`;
      const message = redact(`${where} failed after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${f.message}${note}`, [key]);
      return new OpenAiError(message, {
        kind: f.kind,
        attempts,
        ms: elapsed(),
        ...(f.status === undefined ? {} : { status: f.status }),
        ...(f.code === undefined ? {} : { code: f.code }),
      });
    };
    for (let attempt = 1; ; attempt++) {
      const result = await once(url, body, key, timeoutMs, opts.signal);
      if (result.ok) {
        return { body: result.body, ms: elapsed(), attempts: attempt, ...(result.requestId === undefined ? {} : { requestId: result.requestId }) };
      }
      const failure = result.failure;
      if (!failure.retryable || attempt >= maxAttempts) throw fail(failure, attempt);
      let delay = backoffDelay(attempt, backoff);
      if (failure.retryAfterMs !== undefined) {
        if (failure.retryAfterMs > maxRetryAfterMs) {
          throw fail(failure, attempt, ` (the server asks to wait ${Math.ceil(failure.retryAfterMs / 1000)} s, more than the ${maxRetryAfterMs / 1000} s this client waits)`);
        }
        delay = failure.retryAfterMs;
      }
      await sleep(delay);
      if (opts.signal?.aborted) throw fail({ kind: 'aborted', message: 'aborted', retryable: false }, attempt);
    }
  }

  return {
    post,
    endpoint: endpointName(options.baseUrl),
    async chat(request, opts = {}) {
      const { body, ...stats } = await post('chat/completions', request, opts);
      const parsed = parseChatCompletion(body);
      if (typeof parsed === 'string') throw badShape(parsed, stats);
      return { ...parsed, ...stats };
    },
    async embeddings(inputs, opts) {
      const request = { model: opts.model, input: inputs, encoding_format: 'float', ...(opts.dimensions === undefined ? {} : { dimensions: opts.dimensions }) };
      const { body, ...stats } = await post('embeddings', request, opts);
      const parsed = parseEmbeddings(body, inputs.length);
      if (typeof parsed === 'string') throw badShape(parsed, stats);
      return { ...parsed, ...stats };
    },
  };
}

function badShape(problem: string, stats: CallStats): OpenAiError {
  return new OpenAiError(`the response is not an OpenAI-compatible answer: ${problem}`, { kind: 'bad_response', attempts: stats.attempts, ms: stats.ms });
}

function thrownFailure(error: unknown, timeoutMs: number, signal: AbortSignal | undefined): Failure {
  if (signal?.aborted) return { kind: 'aborted', message: 'aborted by the caller', retryable: false };
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError') return { kind: 'timeout', message: `no response within ${timeoutMs} ms`, retryable: true };
  // undici's "fetch failed" hides the reason in `cause` (ECONNREFUSED, ENOTFOUND, …).
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const code = cause && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  const text = error instanceof Error ? error.message : String(error);
  return { kind: 'network', message: `network error: ${text}${code ? ` (${code})` : cause ? ` (${cause.message})` : ''}`, retryable: true };
}

function httpFailure(response: Response, text: string, rootExample: string): Failure {
  const status = response.status;
  let detail = '';
  let code: string | undefined;
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown; code?: unknown; type?: unknown } };
    if (typeof parsed.error?.message === 'string') detail = parsed.error.message;
    if (typeof parsed.error?.code === 'string') code = parsed.error.code;
    else if (typeof parsed.error?.type === 'string') code = parsed.error.type;
  } catch {
    detail = text.slice(0, 200).trim();
  }
  const hint = status === 404 ? ` (is baseUrl the API root, e.g. ${rootExample}?)` : status === 401 ? ' (check the key in apiKeyEnv)' : '';
  const message = `HTTP ${status}${code ? ` ${code}` : ''}${detail ? `: ${detail}` : ''}${hint}`;
  const retryable = isRetryableStatus(status);
  const wait = retryable ? retryAfterMs(response.headers) : undefined;
  return {
    kind: status === 429 ? 'rate_limit' : 'http',
    message,
    retryable,
    status,
    ...(code === undefined ? {} : { code }),
    ...(wait === undefined ? {} : { retryAfterMs: wait }),
  };
}
