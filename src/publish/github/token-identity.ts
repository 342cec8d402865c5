/**
 * Which account the token writes as, so only that account's comments are ever edited
 * and the sticky comment is found again on the next run. In order:
 * 1. the `bot-login` input, when the user names the account;
 * 2. GraphQL `viewer { login }`, which answers for every kind of token: a personal access
 *    token (the user), GITHUB_TOKEN (`github-actions[bot]`) and a GitHub App installation
 *    token (`<app-slug>[bot]`). REST has no such endpoint for installation tokens: `GET /user`
 *    refuses them and `GET /app` needs the app's JWT;
 * 3. `GET /user`, where GraphQL is not reachable (a proxy that only passes REST);
 * 4. else `github-actions[bot]`, unconfirmed (and said so in the log): right for GITHUB_TOKEN.
 */
import type { Octokit } from './octokit.ts';

export const DEFAULT_BOT_LOGIN = 'github-actions[bot]';

export interface TokenIdentity {
  login: string;
  /** True when GitHub (or the user) named the account; false for the assumed default. */
  confirmed: boolean;
  /** How it was learnt, for the log. */
  source: 'input' | 'graphql' | 'rest' | 'assumed';
}

// One lookup per client: the answer cannot change during a run.
const cache = new WeakMap<Octokit, Promise<TokenIdentity>>();

const statusOf = (err: unknown) => (err as { status?: unknown } | null)?.status;

async function viewerLogin(octokit: Octokit): Promise<string | null> {
  try {
    const data = await octokit.graphql<{ viewer: { login: string } }>('query { viewer { login } }');
    return data.viewer.login;
  } catch (err) {
    // A spent rate limit is rethrown (RateLimitError has no status); anything else falls through to REST.
    if (err instanceof Error && err.name === 'RateLimitError') throw err;
    return null;
  }
}

async function restLogin(octokit: Octokit): Promise<string | null> {
  try {
    const { data } = await octokit.rest.users.getAuthenticated();
    return data.login;
  } catch (err) {
    // 403: an installation token is not a user; 401: nor is some other kind. Either way: a bot.
    const status = statusOf(err);
    if (status === 403 || status === 401) return null;
    throw err;
  }
}

async function lookUp(octokit: Octokit): Promise<TokenIdentity> {
  const viewer = await viewerLogin(octokit);
  if (viewer) return { login: viewer, confirmed: true, source: 'graphql' };
  const user = await restLogin(octokit);
  if (user) return { login: user, confirmed: true, source: 'rest' };
  return { login: DEFAULT_BOT_LOGIN, confirmed: false, source: 'assumed' };
}

/** `botLogin`: the account named by the user (the `bot-login` input), which wins when set. */
export async function whoAmI(octokit: Octokit, botLogin?: string): Promise<TokenIdentity> {
  if (botLogin) return { login: botLogin, confirmed: true, source: 'input' };
  let pending = cache.get(octokit);
  if (!pending) {
    pending = lookUp(octokit);
    cache.set(octokit, pending);
    // A failed lookup (network) should be retried by the next caller, not remembered.
    pending.catch(() => cache.delete(octokit));
  }
  return pending;
}
