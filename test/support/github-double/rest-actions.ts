/** REST handlers for workflow runs and artifacts. */
import { artifact, workflowRun } from './payload-actions.ts';
import type { PayloadContext } from './payload-common.ts';
import type { StoredArtifact, WorkflowRun } from './state.ts';
import { fail, paginate, type RestHandler, type RestRequest } from './rest-kit.ts';

/** Newest first, as GitHub lists them. */
function newestFirst<T extends { id: number; createdAt: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

function runMatches(run: WorkflowRun, query: Record<string, string>): boolean {
  const { branch, event, status, head_sha: headSha, actor } = query;
  return (
    (branch === undefined || run.headBranch === branch) &&
    (event === undefined || run.event === event) &&
    // `status` takes a status or a conclusion: ?status=success means completed successfully.
    (status === undefined || run.status === status || run.conclusion === status) &&
    (headSha === undefined || run.headSha === headSha) &&
    (actor === undefined || actor === 'contributor')
  );
}

function listArtifacts(req: RestRequest, ctx: PayloadContext, subset: StoredArtifact[]) {
  const name = req.query['name'];
  const all = newestFirst(subset.filter((a) => name === undefined || a.name === name));
  const { page, headers } = paginate(all, req, ctx.apiUrl);
  return { status: 200, body: { total_count: all.length, artifacts: page.map((a) => artifact(ctx, a)) }, headers };
}

export const actionsHandlers: Record<string, RestHandler> = {
  'GET /repos/{owner}/{repo}/actions/runs': (req, ctx) => {
    const all = newestFirst(ctx.state.workflowRuns.filter((run) => runMatches(run, req.query)));
    const exclude = req.query['exclude_pull_requests'] === 'true';
    const { page, headers } = paginate(all, req, ctx.apiUrl);
    return { status: 200, body: { total_count: all.length, workflow_runs: page.map((r) => workflowRun(ctx, r, exclude)) }, headers };
  },

  'GET /repos/{owner}/{repo}/actions/runs/{run_id}': (req, ctx) => {
    const run = ctx.state.workflowRuns.find((r) => r.id === Number(req.params['run_id']));
    return run ? { status: 200, body: workflowRun(ctx, run, req.query['exclude_pull_requests'] === 'true') } : fail(404);
  },

  'GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts': (req, ctx) =>
    listArtifacts(req, ctx, ctx.state.artifacts.filter((a) => a.runId === Number(req.params['run_id']))),

  'GET /repos/{owner}/{repo}/actions/artifacts': (req, ctx) => listArtifacts(req, ctx, ctx.state.artifacts),

  'GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}': (req, ctx) => {
    const found = ctx.state.artifacts.find((a) => a.id === Number(req.params['artifact_id']));
    return found ? { status: 200, body: artifact(ctx, found) } : fail(404);
  },

  // The archive itself lives in blob storage: the API only redirects there, like GitHub.
  'GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}': (req, ctx) => {
    const found = ctx.state.artifacts.find((a) => a.id === Number(req.params['artifact_id']));
    if (!found || req.params['archive_format'] !== 'zip') return fail(404);
    if (found.expired) return fail(410, 'Artifact has expired');
    return { status: 302, headers: { location: ctx.blobUrl(found.id) } };
  },
};
