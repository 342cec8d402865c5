/**
 * GitHub's GraphQL endpoint, as far as the Action uses it: `viewer { login }`, the one way
 * to learn who an installation token (a GitHub App's) comments as. Every query is
 * validated against GitHub's published GraphQL schema (@octokit/graphql-schema), as the
 * REST routes are against the OpenAPI description; a valid query the double does not
 * serve is a violation, never an invented answer.
 */
import type { DoubleState } from './state.ts';

export interface GraphqlReply {
  status: number;
  body: unknown;
}

type Validate = (query: string) => readonly { message: string }[];
let validate: Validate | undefined;

async function validator(): Promise<Validate> {
  // The schema (~7 MB) is read only when a test talks GraphQL.
  validate ??= (await import('@octokit/graphql-schema')).validate as Validate;
  return validate;
}

/** The selection the double serves, whitespace-insensitive. */
const VIEWER_LOGIN = /^(?:query\s*)?\{\s*viewer\s*\{\s*login\s*\}\s*\}$/;

export async function handleGraphql(raw: Buffer, state: DoubleState, violations: string[]): Promise<GraphqlReply> {
  let body: { query?: unknown };
  try {
    body = JSON.parse(raw.toString('utf8')) as { query?: unknown };
  } catch {
    violations.push('POST /graphql: request body is not JSON');
    return { status: 400, body: { message: 'Problems parsing JSON' } };
  }
  const query = typeof body.query === 'string' ? body.query.trim() : '';
  const errors = (await validator())(query);
  if (errors.length > 0) {
    violations.push(`POST /graphql: invalid against GitHub's schema: ${errors.map((e) => e.message).join('; ')}`);
    return { status: 200, body: { errors: errors.map((e) => ({ message: e.message })) } };
  }
  if (!VIEWER_LOGIN.test(query)) {
    violations.push(`POST /graphql: valid, but not served by the GitHub double: ${query}`);
    return { status: 200, body: { errors: [{ message: 'not served by the double' }] } };
  }
  return { status: 200, body: { data: { viewer: { login: state.botLogin } } } };
}
