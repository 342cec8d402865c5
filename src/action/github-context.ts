/** Lazy access to the GitHub edge: loaded once, on first use, with the token's octokit. */
import * as core from './safe-core.ts';
import type * as Edge from './github-edge.ts';
import type { Octokit } from './github-edge.ts';
import { loadGitHubEdge } from './lazy.ts';

export type GitHubEdge = typeof Edge;

export interface GitHub {
  edge: GitHubEdge;
  /** Null without a token: comments and artifact look-ups are then skipped. */
  octokit: Octokit | null;
}

export function lazyGitHub(token: string): () => Promise<GitHub> {
  let loading: Promise<GitHub> | undefined;
  return () =>
    (loading ??= loadGitHubEdge().then((edge) => ({
      edge,
      octokit: token ? edge.createOctokit(token, { log: (m) => core.info(m) }) : null,
    })));
}
