/**
 * Webhook payloads shaped like GitHub's (the fields the Action reads, with the names,
 * nesting and types of the real pull_request, push, schedule and workflow_run events).
 */
import type { GitHubDouble } from './github-double/index.ts';

function repository(d: GitHubDouble, fullName = `${d.state.owner}/${d.state.repo}`) {
  const [owner = '', name = ''] = fullName.split('/');
  return {
    id: 1296269,
    node_id: 'MDEwOlJlcG9zaXRvcnkxMjk2MjY5',
    name,
    full_name: fullName,
    private: false,
    owner: { login: owner, id: 1, type: 'Organization' },
    html_url: `${d.serverUrl}/${fullName}`,
    default_branch: d.state.defaultBranch,
    fork: fullName !== `${d.state.owner}/${d.state.repo}`,
  };
}

const sender = { login: 'octocat', id: 583231, type: 'User' };

export function pullRequestPayload(d: GitHubDouble, pr: { number: number; headSha: string; baseSha: string; headRef?: string; fork?: boolean; labels?: string[] }) {
  const headRepo = pr.fork ? 'contributor/docs-server' : `${d.state.owner}/${d.state.repo}`;
  return {
    action: 'synchronize',
    number: pr.number,
    pull_request: {
      url: `${d.apiUrl}/repos/${d.state.owner}/${d.state.repo}/pulls/${pr.number}`,
      id: 1000 + pr.number,
      number: pr.number,
      state: 'open',
      title: 'Tune chunking',
      user: sender,
      labels: (pr.labels ?? []).map((name, i) => ({ id: i + 1, name, color: 'ededed', default: false })),
      head: { label: `${headRepo.split('/')[0]}:${pr.headRef ?? 'feature'}`, ref: pr.headRef ?? 'feature', sha: pr.headSha, repo: repository(d, headRepo), user: sender },
      base: { label: `${d.state.owner}:${d.state.defaultBranch}`, ref: d.state.defaultBranch, sha: pr.baseSha, repo: repository(d), user: sender },
    },
    repository: repository(d),
    sender,
  };
}

export function pushPayload(d: GitHubDouble, o: { before: string; after: string }) {
  return { ref: `refs/heads/${d.state.defaultBranch}`, before: o.before, after: o.after, created: false, deleted: false, forced: false, commits: [], head_commit: { id: o.after, message: 'Merge', timestamp: new Date().toISOString() }, repository: repository(d), pusher: { name: 'octocat' }, sender };
}

export function schedulePayload(d: GitHubDouble) {
  return { schedule: '17 3 * * *', repository: repository(d), workflow: '.github/workflows/docs-mcp-eval.yml' };
}

/**
 * A workflow_run event for the run `run.id`. `headBranch` and `headRepo` (`owner/name`) are
 * where the run's commit came from: for a pull request run, the PR's head branch and its
 * repository (a fork's for a fork PR); default the base repository's `feature`.
 */
export function workflowRunPayload(
  d: GitHubDouble,
  run: { id: number; headSha: string; event?: string; conclusion?: string; prNumbers?: number[]; headBranch?: string; headRepo?: string },
) {
  return {
    action: 'completed',
    workflow_run: {
      id: run.id,
      name: 'docs-mcp-eval',
      head_sha: run.headSha,
      head_branch: run.headBranch ?? 'feature',
      head_repository: repository(d, run.headRepo),
      event: run.event ?? 'pull_request',
      status: 'completed',
      conclusion: run.conclusion ?? 'success',
      html_url: `${d.serverUrl}/${d.state.owner}/${d.state.repo}/actions/runs/${run.id}`,
      // Empty for fork PRs: GitHub does not list them here, which is why the artifact carries the number.
      pull_requests: (run.prNumbers ?? []).map((number) => ({ number, id: 1000 + number, url: `${d.apiUrl}/repos/${d.state.owner}/${d.state.repo}/pulls/${number}` })),
    },
    workflow: { id: 161335, name: 'docs-mcp-eval', path: '.github/workflows/docs-mcp-eval.yml' },
    repository: repository(d),
    sender,
  };
}

export function workflowDispatchPayload(d: GitHubDouble) {
  return { inputs: {}, ref: `refs/heads/${d.state.defaultBranch}`, repository: repository(d), sender, workflow: '.github/workflows/docs-mcp-eval.yml' };
}
