/**
 * A loopback double of Anthropic's Messages API (POST /v1/messages) for the agent's tests:
 * the real request checks (check-request.ts), the real response shape (`type: message`,
 * text and tool_use content blocks, stop_reason, usage with cache read and creation
 * tokens), the real error shape (`{ type: error, error: { type, message } }`) with a
 * request-id header, 401 for a wrong x-api-key, 429 rate_limit_error with retry-after and
 * 529 overloaded_error. Behaviours are queued per request; `respond` decides from the
 * request (a scripted agent). Every request is recorded, problems land in `violations`,
 * and the usage of every answer sent is summed in `served`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeLoopback, jsonBody, listenOnLoopback } from '../loopback-server.ts';
import { randomBytes } from 'node:crypto';
import { checkMessagesRequest } from './check-request.ts';

export interface ContentBlock {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: Record<string, unknown>;
  tool_use_id?: string;
  content?: string | ContentBlock[];
  is_error?: boolean;
}

export interface MessagesBody {
  model: string;
  max_tokens: number;
  system?: string;
  messages: { role: 'user' | 'assistant'; content: string | ContentBlock[] }[];
  tools?: { name: string; description?: string; input_schema: Record<string, unknown> }[];
  temperature?: number;
}

export type MessagesBehaviour =
  | {
      kind: 'reply';
      text?: string;
      toolUses?: { name: string; input: Record<string, unknown> }[];
      stopReason?: string;
      usage?: { input_tokens: number; output_tokens: number; cache_read_input_tokens?: number; cache_creation_input_tokens?: number };
    }
  | { kind: 'respond'; respond: (body: MessagesBody) => MessagesBehaviour }
  | { kind: 'error'; status: number; type: string; message?: string; headers?: Record<string, string> }
  | { kind: 'rate_limit'; retryAfterSeconds?: number }
  | { kind: 'overloaded' };

export interface RecordedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  behaviour: string;
  status: number;
}

export interface AnthropicDouble {
  /** http://127.0.0.1:PORT/v1 — the API root. */
  baseUrl: string;
  apiKey: string;
  requests: RecordedRequest[];
  violations: string[];
  served: { calls: number; inputTokens: number; outputTokens: number; cacheReadTokens: number };
  script(...behaviours: MessagesBehaviour[]): void;
  setDefault(behaviour: MessagesBehaviour): void;
  close(): Promise<void>;
}

const tokensOf = (text: string): number => Math.ceil(text.length / 4);

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(12).toString('hex')}`, ...headers });
  res.end(JSON.stringify(body));
}

const errorBody = (type: string, message: string) => ({ type: 'error', error: { type, message } });

export async function startAnthropicDouble(options: { apiKey?: string } = {}): Promise<AnthropicDouble> {
  const apiKey = options.apiKey ?? `sk-ant-double-${randomBytes(12).toString('hex')}`;
  const requests: RecordedRequest[] = [];
  const violations: string[] = [];
  const queue: MessagesBehaviour[] = [];
  let fallback: MessagesBehaviour = { kind: 'reply', text: 'OK' };
  const served = { calls: 0, inputTokens: 0, outputTokens: 0, cacheReadTokens: 0 };

  function reply(res: ServerResponse, body: MessagesBody, behaviour: Extract<MessagesBehaviour, { kind: 'reply' }>): number {
    const content: ContentBlock[] = [];
    if (behaviour.text !== undefined && behaviour.text !== '') content.push({ type: 'text', text: behaviour.text });
    for (const use of behaviour.toolUses ?? []) content.push({ type: 'tool_use', id: `toolu_${randomBytes(12).toString('hex')}`, name: use.name, input: use.input });
    const usage = behaviour.usage ?? { input_tokens: tokensOf(JSON.stringify([body.system ?? '', body.messages, body.tools ?? []])), output_tokens: tokensOf(JSON.stringify(content)) };
    served.calls++;
    served.inputTokens += usage.input_tokens;
    served.outputTokens += usage.output_tokens;
    served.cacheReadTokens += usage.cache_read_input_tokens ?? 0;
    send(res, 200, {
      id: `msg_${randomBytes(12).toString('hex')}`,
      type: 'message',
      role: 'assistant',
      model: body.model,
      content,
      stop_reason: behaviour.stopReason ?? (behaviour.toolUses?.length ? 'tool_use' : 'end_turn'),
      stop_sequence: null,
      usage: { input_tokens: usage.input_tokens, output_tokens: usage.output_tokens, cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0, cache_read_input_tokens: usage.cache_read_input_tokens ?? 0 },
    });
    return 200;
  }

  function handle(req: IncomingMessage, res: ServerResponse, raw: string): RecordedRequest {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const record: RecordedRequest = { path, headers: req.headers, body: undefined, behaviour: 'invalid', status: 0 };
    const refuse = (status: number, type: string, message: string): RecordedRequest => {
      send(res, status, errorBody(type, message));
      return { ...record, status };
    };
    if (path !== '/v1/messages' || req.method !== 'POST') {
      violations.push(`${req.method ?? ''} ${path}: not a route the double serves`);
      return refuse(404, 'not_found_error', 'Not found');
    }
    if (req.headers['x-api-key'] !== apiKey) return refuse(401, 'authentication_error', 'invalid x-api-key');
    if (req.headers['authorization'] !== undefined) violations.push(`${path}: an Authorization header was sent besides x-api-key`);
    const body = jsonBody(raw);
    record.body = body;
    const problems = checkMessagesRequest(body, req.headers);
    if (problems.length > 0) {
      violations.push(...problems.map((p) => `${path}: ${p.message}`));
      return refuse(400, 'invalid_request_error', problems[0]!.message);
    }
    let behaviour = queue.shift() ?? fallback;
    while (behaviour.kind === 'respond') behaviour = behaviour.respond(body as MessagesBody);
    const done = (status: number) => ({ ...record, behaviour: behaviour.kind, status });
    switch (behaviour.kind) {
      case 'error':
        send(res, behaviour.status, errorBody(behaviour.type, behaviour.message ?? 'error'), behaviour.headers);
        return done(behaviour.status);
      case 'rate_limit':
        send(res, 429, errorBody('rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit'), { 'retry-after': String(behaviour.retryAfterSeconds ?? 1) });
        return done(429);
      case 'overloaded':
        send(res, 529, errorBody('overloaded_error', 'Overloaded'));
        return done(529);
      default:
        return done(reply(res, body as MessagesBody, behaviour));
    }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => requests.push(handle(req, res, Buffer.concat(chunks).toString('utf8'))));
  });
  const baseUrl = await listenOnLoopback(server);
  return {
    baseUrl,
    apiKey,
    requests,
    violations,
    served,
    script: (...behaviours) => void queue.push(...behaviours),
    setDefault: (behaviour) => void (fallback = behaviour),
    close: () => closeLoopback(server),
  };
}
