/**
 * Which account the token writes as, so only that account's comments are ever edited.
 * A personal access token can ask `GET /user`; GITHUB_TOKEN and app tokens are
 * refused there ("Resource not accessible by integration") and post as a bot whose
 * login we are told instead.
 */
import type { Octokit } from './octokit.ts';

export const DEFAULT_BOT_LOGIN = 'github-actions[bot]';

export interface TokenIdentity {
  login: string;
  /** True when GitHub named the account; false for the configured bot login. */
  confirmed: boolean;
}

// One lookup per client: the answer cannot change during a run.
const cache = new WeakMap<Octokit, Promise<{ login: string } | null>>();

async function authenticatedUser(octokit: Octokit): Promise<{ login: string } | null> {
  try {
    const { data } = await octokit.rest.users.getAuthenticated();
    return { login: data.login };
  } catch (err) {
    const status = (err as { status?: unknown } | null)?.status;
    // 403: an installation token is not a user; 401: nor is some other kind. Either way: a bot.
    // (A spent rate limit arrives as RateLimitError, without a status, and is rethrown.)
    if (status === 403 || status === 401) return null;
    throw err;
  }
}

export async function whoAmI(octokit: Octokit, botLogin: string = DEFAULT_BOT_LOGIN): Promise<TokenIdentity> {
  let pending = cache.get(octokit);
  if (!pending) {
    pending = authenticatedUser(octokit);
    cache.set(octokit, pending);
    // A failed lookup (network) should be retried by the next caller, not remembered.
    pending.catch(() => cache.delete(octokit));
  }
  const user = await pending;
  return user ? { login: user.login, confirmed: true } : { login: botLogin, confirmed: false };
}
