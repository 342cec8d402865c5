/**
 * A loopback double of the OpenAI API for the network evaluators' tests: POST
 * /v1/chat/completions and /v1/embeddings with the real request checks (check-request.ts)
 * and the real response and error shapes, so nothing in CI ever calls the internet.
 *
 * Each route has a queue of scripted behaviours, consumed one per request; when the queue
 * is empty the route's default answers (a schema-valid reply, hashed bag-of-words
 * embeddings). A chat reply may call tools (`toolCalls`: message.tool_calls, finish_reason
 * tool_calls), and a `respond` behaviour decides from the request itself, so a scripted
 * agent can read its tool results and go on (agent-script.ts). Every request is recorded; request problems land in `violations`; the
 * usage of every successful answer is summed in `served` (what a provider would bill),
 * and `maxInFlight` is the most requests it was answering at once (`latencyMs` holds each).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeLoopback, jsonBody, listenOnLoopback } from '../loopback-server.ts';
import { randomBytes } from 'node:crypto';
import { checkChatRequest, checkEmbeddingsRequest, type RequestProblem } from './check-request.ts';
import { base64Embedding, DEFAULT_DIMENSIONS, hashedEmbedding } from './embeddings.ts';
import { sampleInstance } from './schema-instance.ts';

export type Route = 'chat' | 'embeddings';

/** A chat request body as the API defines it (the fields the double reads). */
export interface ChatMessage {
  role: string;
  /** null in an assistant message that only calls tools (judges never send one; agent code checks for it). */
  content: string;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export interface ChatBody {
  model: string;
  messages: ChatMessage[];
  tools?: { type: 'function'; function: { name: string; description?: string; parameters?: Record<string, unknown> } }[];
  temperature?: number;
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> } };
}

export interface EmbeddingsBody {
  model: string;
  input: string | string[];
  encoding_format?: 'float' | 'base64';
  dimensions?: number;
}

interface Faults {
  /** HTTP error with OpenAI's error body. */
  error: { kind: 'error'; status: number; message?: string; type?: string; code?: string | null; headers?: Record<string, string> };
  /** 429 with retry-after (seconds). */
  rate_limit: { kind: 'rate_limit'; retryAfterSeconds?: number };
  /** No answer at all (the client's timeout must fire); with delayMs, the normal answer after that long. */
  timeout: { kind: 'timeout'; delayMs?: number };
}

export type ChatBehaviour =
  | {
      kind: 'reply';
      content?: string | ((body: ChatBody) => string);
      /** Tool calls to make; `arguments` an object (sent as its JSON text) or text sent as is (to send broken JSON). */
      toolCalls?: { name: string; arguments: unknown }[];
      finishReason?: string;
      refusal?: string;
      /** null: the body has no `usage` (as some OpenAI-compatible servers answer); `served` still counts the tokens at 4 characters a token. */
      usage?: { prompt_tokens: number; completion_tokens: number; cached_tokens?: number } | null;
    }
  | { kind: 'malformed'; content?: string }
  /** Decides from the request (a scripted agent reading its tool results). */
  | { kind: 'respond'; respond: (body: ChatBody) => ChatBehaviour }
  | Faults[keyof Faults];

export type EmbeddingsBehaviour = { kind: 'reply'; vectors?: (texts: string[]) => number[][] } | Faults[keyof Faults];

export interface RecordedRequest {
  route: Route | 'unknown';
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** The behaviour that answered (or 'invalid' when the request checks refused it). */
  behaviour: string;
  status: number;
}

export interface OpenAiDoubleOptions {
  /** The key clients must send as Bearer; a wrong one gets the real 401. */
  apiKey?: string;
  /** Embedding length when the request does not ask for `dimensions`. */
  dimensions?: number;
  /** Wait this long before answering each request (to observe concurrency). */
  latencyMs?: number;
}

/** What the double billed: the usage of every successful response it sent, summed. */
export interface ServedUsage {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  cachedTokens: number;
}

export interface OpenAiDouble {
  /** http://127.0.0.1:PORT/v1 — what a client's baseUrl would be. */
  baseUrl: string;
  apiKey: string;
  requests: RecordedRequest[];
  violations: string[];
  served: ServedUsage;
  /** Requests being answered at most at one time. */
  readonly maxInFlight: number;
  /** Queue behaviours for the next requests on a route, in order. */
  script(route: 'chat', ...behaviours: ChatBehaviour[]): void;
  script(route: 'embeddings', ...behaviours: EmbeddingsBehaviour[]): void;
  /** The answer when a route's queue is empty. */
  setDefault(route: 'chat', behaviour: ChatBehaviour): void;
  setDefault(route: 'embeddings', behaviour: EmbeddingsBehaviour): void;
  close(): Promise<void>;
}

const tokensOf = (text: string): number => Math.ceil(text.length / 4);

function errorBody(message: string, type: string, param: string | null = null, code: string | null = null): unknown {
  return { error: { message, type, param, code } };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'x-request-id': `req_${randomBytes(12).toString('hex')}`,
    'openai-processing-ms': '1',
    ...headers,
  });
  res.end(JSON.stringify(body));
}

/** The default chat reply: what a compliant model returns for the request's schema. */
export function defaultChatContent(body: ChatBody): string {
  const schema = body.response_format?.json_schema?.schema;
  return schema ? JSON.stringify(sampleInstance(schema)) : 'OK';
}

export async function startOpenAiDouble(options: OpenAiDoubleOptions = {}): Promise<OpenAiDouble> {
  const apiKey = options.apiKey ?? `sk-double-${randomBytes(12).toString('hex')}`;
  const dimensions = options.dimensions ?? DEFAULT_DIMENSIONS;
  const requests: RecordedRequest[] = [];
  const violations: string[] = [];
  const queues: { chat: ChatBehaviour[]; embeddings: EmbeddingsBehaviour[] } = { chat: [], embeddings: [] };
  const defaults: { chat: ChatBehaviour; embeddings: EmbeddingsBehaviour } = { chat: { kind: 'reply' }, embeddings: { kind: 'reply' } };
  const timers = new Set<NodeJS.Timeout>();
  let counter = 0;
  const served: ServedUsage = { calls: 0, promptTokens: 0, completionTokens: 0, cachedTokens: 0 };
  let inFlight = 0;
  let maxInFlight = 0;

  function answerChat(res: ServerResponse, body: ChatBody, behaviour: Extract<ChatBehaviour, { kind: 'reply' | 'malformed' }>): number {
    const calls = behaviour.kind === 'reply' && behaviour.toolCalls?.length ? behaviour.toolCalls : undefined;
    const content =
      behaviour.kind === 'malformed'
        ? (behaviour.content ?? '{"results": [ this is not json')
        : typeof behaviour.content === 'function'
          ? behaviour.content(body)
          : (behaviour.content ?? (calls ? '' : defaultChatContent(body)));
    const refusal = behaviour.kind === 'reply' ? (behaviour.refusal ?? null) : null;
    const toolCalls = calls?.map((c) => ({ id: `call_${randomBytes(9).toString('hex')}`, type: 'function', function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) } }));
    // Every message's text (and tool calls), and the tool definitions: what the model reads.
    const read = body.messages.map((m) => `${m.content ?? ''}${m.tool_calls ? JSON.stringify(m.tool_calls) : ''}`).join('\n') + (body.tools ? JSON.stringify(body.tools) : '');
    const prompt = behaviour.kind === 'reply' && behaviour.usage ? behaviour.usage.prompt_tokens : tokensOf(read);
    const completion = behaviour.kind === 'reply' && behaviour.usage ? behaviour.usage.completion_tokens : tokensOf(content + JSON.stringify(toolCalls ?? ''));
    const cached = behaviour.kind === 'reply' ? (behaviour.usage?.cached_tokens ?? 0) : 0;
    served.calls++;
    served.promptTokens += prompt;
    served.completionTokens += completion;
    served.cachedTokens += cached;
    send(res, 200, {
      id: `chatcmpl-double${++counter}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: refusal === null && (content !== '' || !toolCalls) ? content : null, refusal, ...(toolCalls ? { tool_calls: toolCalls } : {}) },
          logprobs: null,
          finish_reason: behaviour.kind === 'reply' ? (behaviour.finishReason ?? (toolCalls ? 'tool_calls' : 'stop')) : 'stop',
        },
      ],
      ...(behaviour.kind === 'reply' && behaviour.usage === null
        ? {}
        : { usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion, prompt_tokens_details: { cached_tokens: cached } } }),
      system_fingerprint: 'fp_double',
    });
    return 200;
  }

  function answerEmbeddings(res: ServerResponse, body: EmbeddingsBody, behaviour: Extract<EmbeddingsBehaviour, { kind: 'reply' }>): number {
    const texts = typeof body.input === 'string' ? [body.input] : body.input;
    const vectors = behaviour.vectors ? behaviour.vectors(texts) : texts.map((t) => hashedEmbedding(t, body.dimensions ?? dimensions));
    const tokens = texts.reduce((sum, t) => sum + tokensOf(t), 0);
    served.calls++;
    served.promptTokens += tokens;
    send(res, 200, {
      object: 'list',
      data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding: body.encoding_format === 'base64' ? base64Embedding(embedding) : embedding })),
      model: body.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
    return 200;
  }

  /** Faults shared by both routes; undefined when the behaviour is a normal answer. */
  function fault(res: ServerResponse, behaviour: ChatBehaviour | EmbeddingsBehaviour, answer: () => number): number | undefined {
    switch (behaviour.kind) {
      case 'error': {
        const type = behaviour.type ?? (behaviour.status >= 500 ? 'server_error' : 'invalid_request_error');
        const message = behaviour.message ?? (behaviour.status >= 500 ? 'The server had an error while processing your request. Sorry about that!' : 'Bad request');
        send(res, behaviour.status, errorBody(message, type, null, behaviour.code ?? null), behaviour.headers);
        return behaviour.status;
      }
      case 'rate_limit': {
        const seconds = behaviour.retryAfterSeconds ?? 1;
        const message = `Rate limit reached for requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in ${seconds}s.`;
        send(res, 429, errorBody(message, 'requests', null, 'rate_limit_exceeded'), { 'retry-after': String(seconds) });
        return 429;
      }
      case 'timeout': {
        if (behaviour.delayMs === undefined) return 0;
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) answer();
        }, behaviour.delayMs);
        timers.add(timer);
        return 0;
      }
      default:
        return undefined;
    }
  }

  function handle(req: IncomingMessage, res: ServerResponse, raw: string): RecordedRequest {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const route: Route | 'unknown' = path === '/v1/chat/completions' ? 'chat' : path === '/v1/embeddings' ? 'embeddings' : 'unknown';
    const record: RecordedRequest = { route, method: req.method ?? '', path, headers: req.headers, body: undefined, behaviour: 'invalid', status: 0 };
    const refuse = (status: number, body: unknown): RecordedRequest => {
      send(res, status, body);
      return { ...record, status };
    };
    if (route === 'unknown' || req.method !== 'POST') {
      violations.push(`${req.method ?? ''} ${path}: not an OpenAI route the double serves`);
      return refuse(404, errorBody(`Invalid URL (${req.method ?? ''} ${path})`, 'invalid_request_error'));
    }
    const auth = req.headers.authorization;
    if (!auth?.startsWith('Bearer ')) {
      violations.push(`${path}: no Bearer authorization`);
      return refuse(401, errorBody("You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).", 'invalid_request_error'));
    }
    if (auth.slice('Bearer '.length) !== apiKey) {
      const given = auth.slice('Bearer '.length);
      const masked = given.length > 8 ? `${given.slice(0, 3)}***${given.slice(-4)}` : '***';
      return refuse(401, errorBody(`Incorrect API key provided: ${masked}. You can find your API key at https://platform.openai.com/account/api-keys.`, 'invalid_request_error', null, 'invalid_api_key'));
    }
    if (!String(req.headers['content-type']).startsWith('application/json')) violations.push(`${path}: content-type is not application/json`);
    const body = jsonBody(raw);
    record.body = body;
    const problems: RequestProblem[] = route === 'chat' ? checkChatRequest(body) : checkEmbeddingsRequest(body);
    if (problems.length > 0) {
      violations.push(...problems.map((p) => `${path}: ${p.message}`));
      const first = problems[0] ?? { message: 'invalid', param: null };
      return refuse(400, errorBody(first.message, 'invalid_request_error', first.param));
    }
    if (route === 'chat') {
      let behaviour = queues.chat.shift() ?? defaults.chat;
      while (behaviour.kind === 'respond') behaviour = behaviour.respond(body as ChatBody);
      const answer = () => answerChat(res, body as ChatBody, { kind: 'reply' });
      const status = fault(res, behaviour, answer) ?? answerChat(res, body as ChatBody, behaviour as Extract<ChatBehaviour, { kind: 'reply' | 'malformed' }>);
      return { ...record, behaviour: behaviour.kind, status };
    }
    const behaviour = queues.embeddings.shift() ?? defaults.embeddings;
    const answer = () => answerEmbeddings(res, body as EmbeddingsBody, { kind: 'reply' });
    const status = fault(res, behaviour, answer) ?? answerEmbeddings(res, body as EmbeddingsBody, behaviour as Extract<EmbeddingsBehaviour, { kind: 'reply' }>);
    return { ...record, behaviour: behaviour.kind, status };
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    req.on('end', () => {
      const answer = () => requests.push(handle(req, res, Buffer.concat(chunks).toString('utf8')));
      if (!options.latencyMs) return void answer();
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer();
      }, options.latencyMs);
      timers.add(timer);
    });
  });
  const baseUrl = await listenOnLoopback(server);

  return {
    baseUrl,
    apiKey,
    requests,
    violations,
    served,
    get maxInFlight() {
      return maxInFlight;
    },
    script(route: Route, ...behaviours: (ChatBehaviour | EmbeddingsBehaviour)[]) {
      (queues[route] as (ChatBehaviour | EmbeddingsBehaviour)[]).push(...behaviours);
    },
    setDefault(route: Route, behaviour: ChatBehaviour | EmbeddingsBehaviour) {
      (defaults as Record<Route, ChatBehaviour | EmbeddingsBehaviour>)[route] = behaviour;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      return closeLoopback(server);
    },
  };
}
