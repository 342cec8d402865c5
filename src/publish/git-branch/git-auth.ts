/**
 * How git authenticates to GitHub with the job's token, as actions/checkout does: an
 * `http.<server>/.extraheader` of `AUTHORIZATION: basic base64(x-access-token:<token>)`.
 * The setting reaches git through GIT_CONFIG_COUNT/KEY/VALUE environment variables
 * (git ≥ 2.31), so the token is in no URL (which git prints in its messages), no file
 * and no command line (which other processes can read).
 */

export interface GitAuth {
  env: Record<string, string>;
  /** The header value: the caller masks it in the log (the runner masks the token, not its base64). */
  secret: string;
}

/** The remote of a repository on `serverUrl` (GITHUB_SERVER_URL), without credentials. */
export function repositoryRemote(serverUrl: string, owner: string, repo: string): string {
  return `${serverUrl.replace(/\/+$/, '')}/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}.git`;
}

export function gitAuth(serverUrl: string, token: string): GitAuth {
  const secret = Buffer.from(`x-access-token:${token}`, 'utf8').toString('base64');
  return {
    secret,
    env: {
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: `http.${new URL(serverUrl).origin}/.extraheader`,
      GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${secret}`,
    },
  };
}
