/**
 * Artifacts stored by trusted runs: successful workflow runs on the default branch
 * triggered by `push`, `schedule` or `workflow_dispatch` (which only someone with write
 * access can start, here on the default branch's own code). Pull request runs execute
 * the PR's code, so anything they upload could be forged; the event filter is what keeps
 * them out, and it is applied twice (the `event` query parameter, then again on each run).
 */
import type { Octokit } from './octokit.ts';

/** Events whose runs execute only the default branch's own code. */
export const TRUSTED_EVENTS = ['push', 'schedule', 'workflow_dispatch'] as const;
export const DEFAULT_MAX_RUNS = 100;
/** Artifact listing depth (100 a page): same-name artifacts beyond 1,000 are too old to matter. */
const MAX_ARTIFACT_PAGES = 10;

export interface MainBranchQuery {
  owner: string;
  repo: string;
  defaultBranch: string;
  artifactName: string;
  /** Only this workflow's runs (id or file name, e.g. `eval.yml`). */
  workflowId?: number | string;
  /** How many of the newest trusted runs to consider. */
  maxRuns?: number;
  /** listTrustedRuns' answer, when the caller has it already (one listing serves several names). */
  runs?: readonly TrustedRun[];
}

export interface TrustedRun {
  id: number;
  htmlUrl: string;
  headSha: string;
  createdAt: string;
  event: string;
}

export interface TrustedArtifact {
  run: TrustedRun;
  artifactId: number;
  artifactName: string;
  sizeInBytes: number;
  /** `sha256:…` of the archive when GitHub recorded one. */
  digest: string | null;
  /** Gone: listed by GitHub, no longer downloadable. */
  expired: boolean;
  /** When GitHub deletes (or deleted) it, ISO 8601. */
  expiresAt: string | null;
}

type RunPayload = Awaited<ReturnType<Octokit['rest']['actions']['listWorkflowRunsForRepo']>>['data']['workflow_runs'][number];

function newestFirst(a: { createdAt: string; id: number }, b: { createdAt: string; id: number }): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
}

function isTrusted(run: RunPayload, defaultBranch: string): boolean {
  return (
    (TRUSTED_EVENTS as readonly string[]).includes(run.event) &&
    run.head_branch === defaultBranch &&
    run.status === 'completed' &&
    run.conclusion === 'success'
  );
}

async function runsFor(octokit: Octokit, query: MainBranchQuery, event: string, limit: number): Promise<RunPayload[]> {
  // `event`, `branch` and `status` are query parameters: GitHub filters, we re-check below.
  const params = { owner: query.owner, repo: query.repo, branch: query.defaultBranch, event, status: 'success' as const, per_page: 100, exclude_pull_requests: true };
  const pages =
    query.workflowId === undefined
      ? octokit.paginate.iterator(octokit.rest.actions.listWorkflowRunsForRepo, params)
      : octokit.paginate.iterator(octokit.rest.actions.listWorkflowRuns, { ...params, workflow_id: query.workflowId });
  const runs: RunPayload[] = [];
  for await (const page of pages) {
    runs.push(...page.data);
    if (runs.length >= limit) break;
  }
  return runs;
}

/** The newest successful push/schedule/workflow_dispatch runs on the default branch, newest first. */
export async function listTrustedRuns(octokit: Octokit, query: MainBranchQuery): Promise<TrustedRun[]> {
  const limit = query.maxRuns ?? DEFAULT_MAX_RUNS;
  const runs: TrustedRun[] = [];
  for (const event of TRUSTED_EVENTS) {
    for (const run of await runsFor(octokit, query, event, limit)) {
      if (!isTrusted(run, query.defaultBranch)) continue;
      runs.push({ id: run.id, htmlUrl: run.html_url, headSha: run.head_sha, createdAt: run.created_at, event: run.event });
    }
  }
  return runs.sort(newestFirst).slice(0, limit);
}

/**
 * Artifacts named exactly `artifactName` that trusted runs uploaded, newest run first,
 * expired ones included and marked (what retention notices are made of; downloads skip
 * them). One name-filtered listing for the repository, joined with the run list, so
 * runs of other workflows cost nothing.
 */
export async function listTrustedArtifacts(octokit: Octokit, query: MainBranchQuery): Promise<TrustedArtifact[]> {
  const runs = query.runs ?? (await listTrustedRuns(octokit, query));
  if (runs.length === 0) return [];
  const byId = new Map(runs.map((run) => [run.id, run]));
  const found: TrustedArtifact[] = [];
  let pages = 0;
  const listing = octokit.paginate.iterator(octokit.rest.actions.listArtifactsForRepo, {
    owner: query.owner,
    repo: query.repo,
    name: query.artifactName,
    per_page: 100,
  });
  for await (const page of listing) {
    for (const artifact of page.data) {
      const run = artifact.workflow_run?.id === undefined ? undefined : byId.get(artifact.workflow_run.id);
      if (!run || artifact.name !== query.artifactName) continue;
      found.push({
        run,
        artifactId: artifact.id,
        artifactName: artifact.name,
        sizeInBytes: artifact.size_in_bytes,
        digest: artifact.digest ?? null,
        expired: artifact.expired,
        expiresAt: artifact.expires_at ?? null,
      });
    }
    if (++pages >= MAX_ARTIFACT_PAGES) break;
  }
  return found.sort((a, b) => newestFirst(a.run, b.run) || b.artifactId - a.artifactId);
}
