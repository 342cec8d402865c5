/**
 * Shared payload pieces: users and repositories, plus re-pointing the spec's example URLs
 * (octocat/Hello-World on api.github.com) at the double, so every link a client might
 * follow leads back to loopback.
 */
import { createHash } from 'node:crypto';
import { exampleOf } from './schema-example.ts';
import { isObject, type Json } from './spec.ts';
import type { DoubleState } from './state.ts';

export interface PayloadContext {
  state: DoubleState;
  apiUrl: string;
  serverUrl: string;
  /** Where the archive of an artifact can be fetched (the 302 target). */
  blobUrl(artifactId: number): string;
}

export const REPO_ID = 700_000_001;
/** GitHub's real id for github-actions[bot]; code sometimes matches on it. */
const KNOWN_USER_IDS: Record<string, number> = { 'github-actions[bot]': 41898282 };

export function repoApi(ctx: PayloadContext): string {
  return `${ctx.apiUrl}/repos/${ctx.state.owner}/${ctx.state.repo}`;
}

export function repoHtml(ctx: PayloadContext): string {
  return `${ctx.serverUrl}/${ctx.state.owner}/${ctx.state.repo}`;
}

export function nodeId(prefix: string, id: number): string {
  return `${prefix}_${Buffer.from(`0:${id}`).toString('base64url')}`;
}

export function userId(login: string): number {
  return KNOWN_USER_IDS[login] ?? createHash('sha1').update(login).digest().readUInt32BE(0) % 90_000_000 + 1_000_000;
}

/** Rewrites example URLs and names in place throughout a generated payload. */
export function relink<T>(value: T, ctx: PayloadContext): T {
  const swap = (s: string): string =>
    s
      .replace(/^https?:\/\/api\.github\.com\/repos\/octocat\/Hello-World/, repoApi(ctx))
      .replace(/^https?:\/\/api\.github\.com/, ctx.apiUrl)
      .replace(/^https?:\/\/github\.com\/octocat\/Hello-World/, repoHtml(ctx))
      .replace(/^https?:\/\/github\.com/, ctx.serverUrl)
      .replaceAll('octocat/Hello-World', `${ctx.state.owner}/${ctx.state.repo}`);
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return swap(node);
    if (Array.isArray(node)) return node.map(walk);
    if (isObject(node)) {
      for (const [key, child] of Object.entries(node)) node[key] = walk(child);
    }
    return node;
  };
  return walk(value) as T;
}

/** A `simple-user`. */
export function user(ctx: PayloadContext, login: string, type: string): Json {
  const id = userId(login);
  const api = `${ctx.apiUrl}/users/${encodeURIComponent(login)}`;
  return {
    ...exampleOf('simple-user'),
    login,
    id,
    node_id: nodeId(type === 'Bot' ? 'BOT' : type === 'Organization' ? 'O' : 'U', id),
    avatar_url: type === 'Bot' ? `${ctx.serverUrl}/in/15368?v=4` : `${ctx.serverUrl}/avatars/u/${id}?v=4`,
    gravatar_id: '',
    url: api,
    html_url: type === 'Bot' ? `${ctx.serverUrl}/apps/${login.replace(/\[bot\]$/, '')}` : `${ctx.serverUrl}/${login}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type,
    user_view_type: 'public',
    site_admin: false,
  };
}

export function ownerUser(ctx: PayloadContext): Json {
  return user(ctx, ctx.state.owner, 'Organization');
}

/**
 * The identity fields shared by every repository shape (`repository`, `minimal-repository`,
 * `full-repository`); `owner`/`repo` differ from the state's for a fork's head repository.
 */
export function repositoryFields(ctx: PayloadContext, schema: string, owner = ctx.state.owner, repo = ctx.state.repo): Json {
  const id = owner === ctx.state.owner && repo === ctx.state.repo ? REPO_ID : userId(`${owner}/${repo}`);
  const payload = relink(exampleOf(schema), ctx);
  const api = `${ctx.apiUrl}/repos/${owner}/${repo}`;
  const html = `${ctx.serverUrl}/${owner}/${repo}`;
  // Every *_url was derived from the state's repository; a fork needs its own.
  for (const [key, value] of Object.entries(payload)) {
    if (typeof value === 'string' && key.endsWith('_url')) {
      payload[key] = value.replace(repoApi(ctx), api).replace(repoHtml(ctx), html);
    }
  }
  return {
    ...payload,
    id,
    node_id: nodeId('R', id),
    name: repo,
    full_name: `${owner}/${repo}`,
    owner: owner === ctx.state.owner ? ownerUser(ctx) : user(ctx, owner, 'User'),
    private: false,
    fork: owner !== ctx.state.owner,
    url: api,
    html_url: html,
    description: 'A documentation MCP server',
    ...('default_branch' in payload ? { default_branch: ctx.state.defaultBranch } : {}),
  };
}

/** GitHub's `{ message, documentation_url, status }` error body. */
export function errorBody(status: number, message: string, docs = 'https://docs.github.com/rest'): Json {
  return { message, documentation_url: docs, status: String(status) };
}

export const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Bad credentials',
  403: 'Resource not accessible by integration',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  422: 'Validation Failed',
  500: 'Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};
