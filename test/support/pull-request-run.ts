/** A pull_request run of dist/action.js against the GitHub double: the PR and its workflow run registered first, as GitHub would have them. */
import { runAction, type ActionRunOptions } from './action-runner.ts';
import { pullRequestPayload } from './event-payloads.ts';
import type { GitHubDouble } from './github-double/index.ts';

export async function prRun(
  d: GitHubDouble,
  pr: { number: number; baseSha: string; headSha?: string; fork?: boolean },
  inputs: Record<string, string> = {},
  more: Pick<ActionRunOptions, 'workspace' | 'env'> = {},
) {
  const headSha = pr.headSha ?? d.state.addPull({ number: pr.number, baseSha: pr.baseSha }).headSha;
  d.state.addPull({ number: pr.number, baseSha: pr.baseSha, headSha, fork: pr.fork ?? false });
  const run = d.state.addRun({ headSha, event: 'pull_request', pullRequests: [pr.number], conclusion: null, status: 'in_progress' });
  return runAction({
    double: d,
    event: 'pull_request',
    payload: pullRequestPayload(d, { number: pr.number, headSha, baseSha: pr.baseSha, fork: pr.fork ?? false }),
    inputs,
    sha: headSha,
    ref: `refs/pull/${pr.number}/merge`,
    runId: run.id,
    ...more,
  });
}
