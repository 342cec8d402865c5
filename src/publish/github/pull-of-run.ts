/**
 * Which pull request a workflow run built, asked of GitHub: the open pull requests whose
 * head is the run's head repository and branch (`workflow_run.head_repository` and
 * `head_branch`, which GitHub writes into the event, not the run). Never the number an
 * artifact claims: a fork's run could name any pull request at the same commit (a
 * maintainer's copy of the contributor's commit, a stacked PR) and comment there.
 */
import type { Octokit } from './octokit.ts';

export interface RunHead {
  owner: string;
  repo: string;
  /** `owner/name` of the repository the run's branch lives in (a fork's for a fork PR). */
  headRepository: string;
  headBranch: string;
  headSha: string;
}

export type PullLookup =
  | { found: 'one'; number: number; headSha: string }
  | { found: 'none' | 'several'; message: string };

/** The one open pull request from `head.headRepository:head.headBranch`, or why there is not exactly one. */
export async function pullOfRun(octokit: Octokit, head: RunHead): Promise<PullLookup> {
  const [headOwner] = head.headRepository.split('/');
  const from = `${headOwner}:${head.headBranch}`;
  const listed = await octokit.paginate(octokit.rest.pulls.list, { owner: head.owner, repo: head.repo, state: 'open', head: from, per_page: 100 });
  // `head` filters by owner and branch; the repository must be the run's too (an owner may have two forks).
  const pulls = listed.filter((p) => p.head.repo?.full_name.toLowerCase() === head.headRepository.toLowerCase() && p.head.ref === head.headBranch);
  if (pulls.length === 0) return { found: 'none', message: `no open pull request comes from ${from} (${head.headRepository}), the branch the run built` };
  if (pulls.length > 1) {
    const numbers = pulls.map((p) => `#${p.number}`).join(', ');
    return { found: 'several', message: `${pulls.length} open pull requests (${numbers}) come from ${from}, the branch the run built: cannot tell which one the run was for` };
  }
  const [pull] = pulls;
  return { found: 'one', number: pull!.number, headSha: pull!.head.sha };
}
