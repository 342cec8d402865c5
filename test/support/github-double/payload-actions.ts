/** Payloads for workflow runs and artifacts, built from state to the spec's schemas. */
import { createHash } from 'node:crypto';
import { exampleOf } from './schema-example.ts';
import type { Json } from './spec.ts';
import type { StoredArtifact, WorkflowRun } from './state.ts';
import { writeZip } from './zip.ts';
import { nodeId, REPO_ID, repoApi, repoHtml, repositoryFields, user, type PayloadContext } from './payload-common.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function artifactZip(artifact: StoredArtifact): Buffer {
  artifact.zip ??= writeZip(artifact.files);
  return artifact.zip;
}

/** A `workflow-run`. */
export function workflowRun(ctx: PayloadContext, run: WorkflowRun, excludePullRequests = false): Json {
  const api = `${repoApi(ctx)}/actions/runs/${run.id}`;
  const repository = repositoryFields(ctx, 'minimal-repository');
  const [headOwner = ctx.state.owner, headName = ctx.state.repo] = (run.headRepository ?? `${ctx.state.owner}/${ctx.state.repo}`).split('/');
  const headRepository = repositoryFields(ctx, 'minimal-repository', headOwner, headName);
  const actor = user(ctx, 'contributor', 'User');
  const headCommit = {
    ...exampleOf('simple-commit'),
    id: run.headSha,
    tree_id: run.headSha.split('').reverse().join(''),
    message: `Commit ${run.headSha.slice(0, 7)}`,
    timestamp: run.createdAt,
    author: { name: 'Contributor', email: 'contributor@users.noreply.github.com' },
    committer: { name: 'GitHub', email: 'noreply@github.com' },
  };
  return {
    ...exampleOf('workflow-run'),
    id: run.id,
    name: run.name,
    node_id: nodeId('WFR', run.id),
    check_suite_id: run.id + 1,
    check_suite_node_id: nodeId('CS', run.id + 1),
    head_branch: run.headBranch,
    head_sha: run.headSha,
    path: run.path,
    display_title: headCommit.message,
    run_number: run.runNumber,
    run_attempt: run.runAttempt,
    event: run.event,
    status: run.status,
    conclusion: run.conclusion,
    workflow_id: run.workflowId,
    url: api,
    html_url: `${repoHtml(ctx)}/actions/runs/${run.id}`,
    pull_requests: excludePullRequests ? [] : run.pullRequests.flatMap((n) => pullRequestMinimal(ctx, n)),
    created_at: run.createdAt,
    updated_at: run.createdAt,
    actor,
    triggering_actor: actor,
    run_started_at: run.createdAt,
    jobs_url: `${api}/jobs`,
    logs_url: `${api}/logs`,
    check_suite_url: `${repoApi(ctx)}/check-suites/${run.id + 1}`,
    artifacts_url: `${api}/artifacts`,
    cancel_url: `${api}/cancel`,
    rerun_url: `${api}/rerun`,
    previous_attempt_url: null,
    workflow_url: `${repoApi(ctx)}/actions/workflows/${run.workflowId}`,
    head_commit: headCommit,
    repository,
    head_repository: headRepository,
    head_repository_id: headRepository['id'],
    referenced_workflows: [],
  };
}

/** A `pull-request-minimal` as embedded in workflow runs (none for an unknown pull). */
function pullRequestMinimal(ctx: PayloadContext, number: number): Json[] {
  const pull = ctx.state.pulls.get(number);
  if (!pull) return [];
  const repo = { id: REPO_ID, url: repoApi(ctx), name: ctx.state.repo };
  return [
    {
      id: 800_000_000 + number,
      number,
      url: `${repoApi(ctx)}/pulls/${number}`,
      head: { ref: pull.headRef, sha: pull.headSha, repo },
      base: { ref: pull.baseRef, sha: pull.baseSha, repo },
    },
  ];
}

/** An `artifact`. */
export function artifact(ctx: PayloadContext, a: StoredArtifact): Json {
  const zip = artifactZip(a);
  const run = ctx.state.workflowRuns.find((r) => r.id === a.runId);
  const created = new Date(a.createdAt);
  const expires = a.expiresAt !== undefined ? new Date(a.expiresAt) : new Date(created.getTime() + (a.expired ? 1 : ctx.state.retentionDays) * DAY_MS);
  const api = `${repoApi(ctx)}/actions/artifacts/${a.id}`;
  return {
    id: a.id,
    node_id: nodeId('MDg', a.id),
    name: a.name,
    size_in_bytes: zip.length,
    url: api,
    archive_download_url: `${api}/zip`,
    expired: a.expired,
    created_at: a.createdAt,
    expires_at: expires.toISOString().replace(/\.\d+Z$/, 'Z'),
    updated_at: a.createdAt,
    digest: `sha256:${createHash('sha256').update(zip).digest('hex')}`,
    workflow_run: {
      id: a.runId,
      repository_id: REPO_ID,
      head_repository_id: REPO_ID,
      head_branch: run?.headBranch ?? ctx.state.defaultBranch,
      head_sha: run?.headSha ?? ctx.state.mainCommits.at(-1) ?? '',
    },
  };
}
