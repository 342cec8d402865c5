/** What REST handlers share: their signature, error replies and GitHub-style pagination. */
import type { RouteMatch } from './routes.ts';
import { errorBody, STATUS_MESSAGES, type PayloadContext } from './payload-common.ts';

export interface RestRequest {
  match: RouteMatch;
  /** Path parameters, decoded. */
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  path: string;
}

export interface RestReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type RestHandler = (req: RestRequest, ctx: PayloadContext) => RestReply;

export function fail(status: number, message = STATUS_MESSAGES[status] ?? 'Error'): RestReply {
  return { status, body: errorBody(status, message) };
}

/** A 422 shaped like GitHub's model validation failures. */
export function validationFailed(resource: string, field: string, message: string): RestReply {
  return {
    status: 422,
    body: {
      message: 'Validation Failed',
      errors: [{ resource, code: 'custom', field, message }],
      documentation_url: 'https://docs.github.com/rest',
      status: '422',
    },
  };
}

/**
 * One page of `items` per `per_page` (default 30, max 100) and `page`, with the `Link`
 * header octokit's paginate follows: absolute URLs on the API origin, the request's other
 * query parameters kept, rel next/last (and prev/first past page one).
 */
export function paginate<T>(items: T[], req: RestRequest, apiUrl: string): { page: T[]; headers: Record<string, string> } {
  const perPage = Math.min(100, Math.max(1, Number(req.query['per_page'] ?? 30) || 30));
  const page = Math.max(1, Number(req.query['page'] ?? 1) || 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const link = (n: number): string => {
    const url = new URL(req.path, apiUrl);
    for (const [k, v] of Object.entries(req.query)) url.searchParams.set(k, v);
    url.searchParams.set('per_page', String(perPage));
    url.searchParams.set('page', String(n));
    return `<${url.href}>`;
  };
  const rels: string[] = [];
  if (page > 1) rels.push(`${link(page - 1)}; rel="prev"`);
  if (page < last) rels.push(`${link(page + 1)}; rel="next"`, `${link(last)}; rel="last"`);
  if (page > 1) rels.push(`${link(1)}; rel="first"`);
  return {
    page: items.slice((page - 1) * perPage, page * perPage),
    headers: rels.length > 0 ? { link: rels.join(', ') } : {},
  };
}
