/**
 * A loopback double of GitHub for testing the Action: the REST routes it uses, the Actions
 * runtime artifact service, and fault injection. Every REST request and every response is
 * checked against GitHub's OpenAPI description; anything undocumented lands in `violations`
 * (and answers 404/422 so the client notices), which tests assert to be empty.
 *
 * Two servers, like the real thing: the API (apiUrl; serverUrl shares its port) and the
 * runtime (runtimeUrl: twirp results service + blob storage that artifact downloads redirect to).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { createState, type DoubleState } from './state.ts';
import { matchRoute, routeExists } from './routes.ts';
import { checkParameters, checkRequestBody, checkResponse } from './validate.ts';
import { errorBody, STATUS_MESSAGES, type PayloadContext } from './payload-common.ts';
import { fail, type RestHandler, type RestReply } from './rest-kit.ts';
import { issueHandlers } from './rest-issues.ts';
import { actionsHandlers } from './rest-actions.ts';
import { gitHandlers } from './rest-git.ts';
import { createBareRepository } from './git-repo.ts';
import { gitRoute, handleGitHttp } from './git-http.ts';
import { ArtifactRuntime, runtimeRoute, type RuntimeReply } from './runtime.ts';
import { handleGraphql } from './graphql.ts';

export type { Comment, DoubleState, IssueEvent, PullRequest, StoredArtifact, WorkflowRun } from './state.ts';
export { specLoadMs } from './spec.ts';
export { validatorCompileMs } from './validate.ts';

export interface DoubleOptions {
  owner?: string;
  repo?: string;
  defaultBranch?: string;
  botLogin?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  status: number;
  /** OpenAPI `METHOD /template`, `runtime:<Method>` / `runtime:blob …`, or `unknown`. */
  route: string;
  headers: Record<string, string>;
}

export interface GitHubDouble {
  apiUrl: string;
  serverUrl: string;
  runtimeUrl: string;
  runtimeToken: string;
  /** The repository's git remote, `<serverUrl>/<owner>/<repo>.git` (credentials: state.gitTokens). */
  gitUrl: string;
  state: DoubleState;
  requests: RecordedRequest[];
  violations: string[];
  failNext(route: string, status: number, times?: number): void;
  rateLimitNext(route: string, resetSeconds: number, kind?: 'primary' | 'secondary'): void;
  /** The env a runner gives a step, pointed at this double (GITHUB_WORKSPACE etc. are the caller's). */
  env(): Record<string, string>;
  close(): Promise<void>;
}

interface Fault {
  status: number;
  times: number;
  rateLimit?: { kind: 'primary' | 'secondary'; resetSeconds: number };
}

const HANDLERS: Record<string, RestHandler> = { ...issueHandlers, ...actionsHandlers, ...gitHandlers };

export async function startGitHubDouble(options: DoubleOptions = {}): Promise<GitHubDouble> {
  const owner = options.owner ?? 'acme';
  const repo = options.repo ?? 'docs-server';
  const bare = createBareRepository(owner, repo);
  const state = createState({
    owner,
    repo,
    defaultBranch: options.defaultBranch ?? 'main',
    botLogin: options.botLogin ?? 'github-actions[bot]',
    gitDir: bare.dir,
  });
  const requests: RecordedRequest[] = [];
  const violations: string[] = [];
  const faults = new Map<string, Fault[]>();
  const rate = { limit: 5000, used: 0, reset: Math.floor(Date.now() / 1000) + 3600 };
  let runtimeOrigin = '';
  const runtime = new ArtifactRuntime(state, () => runtimeOrigin, violations);

  const takeFault = (route: string): Fault | undefined => {
    const queue = faults.get(route);
    const fault = queue?.[0];
    if (!queue || !fault) return undefined;
    if (--fault.times <= 0) queue.shift();
    return fault;
  };

  const api = await listen(violations, async (req, res) => {
    const { url, raw, record } = await intake(req, requests);
    const git = gitRoute(state, url.pathname, url.search.slice(1));
    if (git !== undefined) {
      record.route = git;
      const fault = takeFault(git);
      const reply = fault
        ? { status: fault.status, headers: { 'content-type': 'text/plain' }, body: Buffer.from(`injected ${fault.status}\n`) }
        : await handleGitHttp(state, bare.projectRoot, git, { method: record.method, path: url.pathname, query: url.search.slice(1), headers: record.headers, raw });
      send(res, record, reply.status, reply.body, reply.headers, 'text/plain');
      return;
    }
    const reply = req.method === 'POST' && url.pathname === '/graphql' ? await graphql(raw, record) : handleRest(req.method ?? 'GET', url, raw, record);
    const headers: Record<string, string> = {
      'x-github-request-id': `${randomBytes(2).toString('hex').toUpperCase()}:${randomBytes(4).toString('hex').toUpperCase()}`,
      'x-github-api-version-selected': '2022-11-28',
      'x-github-media-type': 'github.v3; format=json',
      'x-ratelimit-limit': String(rate.limit),
      'x-ratelimit-remaining': String(Math.max(0, rate.limit - ++rate.used)),
      'x-ratelimit-reset': String(rate.reset),
      'x-ratelimit-used': String(rate.used),
      'x-ratelimit-resource': 'core',
      ...reply.headers,
    };
    send(res, record, reply.status, reply.body, headers, 'application/json; charset=utf-8');
  });

  const runtimeServer = await listen(violations, async (req, res) => {
    const { url, raw, record } = await intake(req, requests);
    record.route = runtimeRoute(record.method, record.path);
    if (!record.route.startsWith('runtime:blob')) record.body = parseJson(raw) ?? raw.toString('utf8');
    const fault = takeFault(record.route);
    const reply: RuntimeReply = fault
      ? { status: fault.status, body: { code: fault.status >= 500 ? 'internal' : 'unknown', msg: `injected ${fault.status}` } }
      : runtime.handle({ method: record.method, path: url.pathname, query: record.query, headers: req.headers, raw });
    send(res, record, reply.status, reply.body, reply.headers ?? {}, 'application/json');
  });

  const apiUrl = `http://127.0.0.1:${port(api)}`;
  runtimeOrigin = `http://127.0.0.1:${port(runtimeServer)}`;
  const ctx: PayloadContext = {
    state,
    apiUrl,
    // `*.localhost` keeps @actions/artifact from taking this for GHES (which it refuses).
    serverUrl: `http://github.localhost:${port(api)}`,
    blobUrl: (id) => {
      const artifact = state.artifacts.find((a) => a.id === id);
      return artifact ? runtime.downloadUrl(artifact) : `${runtimeOrigin}/_blob/download/${id}/missing.zip`;
    },
  };

  async function graphql(raw: Buffer, record: RecordedRequest): Promise<RestReply> {
    record.route = 'POST /graphql';
    record.body = parseJson(raw);
    const fault = takeFault(record.route);
    if (fault) return faultReply(fault);
    return handleGraphql(raw, state, violations);
  }

  function handleRest(method: string, url: URL, raw: Buffer, record: RecordedRequest): RestReply {
    const match = matchRoute(method, url.pathname);
    if (!match) {
      record.route = 'unknown';
      violations.push(`${method} ${url.pathname}: unknown route (not in GitHub's OpenAPI description)`);
      return fail(404);
    }
    record.route = match.route;
    let body: unknown = undefined;
    if (raw.length > 0) {
      body = parseJson(raw);
      record.body = body;
      if (body === undefined) {
        violations.push(`${match.route}: request body is not JSON`);
        return fail(400, 'Problems parsing JSON');
      }
    }
    const problems = [...checkParameters(match, { ...record.query }), ...checkRequestBody(match, body)];
    if (problems.length > 0) {
      violations.push(...problems);
      return { status: 422, body: { ...errorBody(422, `Invalid request.\n\n${problems.join('\n')}`) } };
    }
    const fault = takeFault(match.route);
    if (fault) return faultReply(fault);
    const handler = HANDLERS[match.route];
    if (!handler) {
      violations.push(`${match.route}: documented, but not served by the GitHub double (${method} ${url.pathname})`);
      return fail(404);
    }
    const { owner, repo } = match.params;
    if ((owner !== undefined && owner.toLowerCase() !== state.owner.toLowerCase()) || (repo !== undefined && repo.toLowerCase() !== state.repo.toLowerCase())) {
      return fail(404);
    }
    const reply = handler({ match, params: match.params, query: record.query, body, path: url.pathname }, ctx);
    violations.push(...checkResponse(match, reply.status, reply.body));
    return reply;
  }

  return {
    apiUrl,
    serverUrl: ctx.serverUrl,
    runtimeUrl: `${runtimeOrigin}/`,
    runtimeToken: runtime.token,
    gitUrl: `${ctx.serverUrl}/${owner}/${repo}.git`,
    state,
    requests,
    violations,
    failNext(route, status, times = 1) {
      assertRoute(route);
      faults.set(route, [...(faults.get(route) ?? []), { status, times }]);
    },
    rateLimitNext(route, resetSeconds, kind = 'primary') {
      assertRoute(route);
      const status = kind === 'primary' ? 403 : 429;
      faults.set(route, [...(faults.get(route) ?? []), { status, times: 1, rateLimit: { kind, resetSeconds } }]);
    },
    env: () => ({
      GITHUB_API_URL: apiUrl,
      GITHUB_SERVER_URL: ctx.serverUrl,
      GITHUB_REPOSITORY: `${state.owner}/${state.repo}`,
      GITHUB_REPOSITORY_OWNER: state.owner,
      GITHUB_RUN_ID: String(state.currentRunId),
      ACTIONS_RUNTIME_TOKEN: runtime.token,
      ACTIONS_RESULTS_URL: `${runtimeOrigin}/`,
    }),
    close: async () => {
      await Promise.all([api, runtimeServer].map((s) => new Promise<void>((resolve) => {
        s.close(() => resolve());
        s.closeAllConnections();
      })));
      bare.remove();
    },
  };
}

function assertRoute(route: string): void {
  if (!route.startsWith('runtime:') && !route.startsWith('git:') && route !== 'POST /graphql' && !routeExists(route)) {
    throw new Error(`github double: '${route}' is not a documented route (expected 'METHOD /template' from the OpenAPI description)`);
  }
}

function faultReply(fault: Fault): RestReply {
  const limit = fault.rateLimit;
  if (!limit) {
    return fault.status === 422
      ? { status: 422, body: { ...errorBody(422, 'Validation Failed'), errors: [] } }
      : fail(fault.status, STATUS_MESSAGES[fault.status] ?? 'Error');
  }
  const requestId = randomBytes(4).toString('hex').toUpperCase();
  if (limit.kind === 'secondary') {
    return {
      status: 429,
      headers: { 'retry-after': String(limit.resetSeconds) },
      body: errorBody(429, `You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID ${requestId}.`, 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits'),
    };
  }
  return {
    status: 403,
    headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + limit.resetSeconds) },
    body: errorBody(403, `API rate limit exceeded for installation ID 1. If you reach out to GitHub Support for help, please include the request ID ${requestId}.`, 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-primary-rate-limits'),
  };
}

async function intake(req: IncomingMessage, requests: RecordedRequest[]): Promise<{ url: URL; raw: Buffer; record: RecordedRequest }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const url = new URL(req.url ?? '/', 'http://double.invalid');
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
  const record: RecordedRequest = {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    body: raw.length > 0 ? `<${raw.length} bytes>` : undefined,
    status: 0,
    route: '',
    headers,
  };
  requests.push(record);
  return { url, raw, record };
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, record: RecordedRequest, status: number, body: unknown, headers: Record<string, string>, jsonType: string): void {
  record.status = status;
  let payload: Buffer | undefined;
  if (Buffer.isBuffer(body)) payload = body;
  else if (typeof body === 'string') payload = Buffer.from(body);
  else if (body !== undefined) {
    payload = Buffer.from(JSON.stringify(body));
    headers['content-type'] ??= jsonType;
  }
  res.writeHead(status, { ...headers, 'content-length': String(payload?.length ?? 0) });
  res.end(payload);
}

function listen(violations: string[], handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>): Promise<Server> {
  const server = createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      // A bug in the double itself: answer, so the client fails fast instead of hanging, and say so.
      violations.push(`${req.method} ${req.url}: the GitHub double crashed: ${String(error)}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error instanceof Error ? error.stack : error));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function port(server: Server): number {
  return (server.address() as AddressInfo).port;
}
