/**
 * What the Action needs to know about the event that started it, read from the
 * runner's environment contract (GITHUB_EVENT_NAME, GITHUB_EVENT_PATH payload,
 * GITHUB_REPOSITORY, GITHUB_SHA, GITHUB_RUN_ID, GITHUB_SERVER_URL). Pure over its inputs.
 */

export interface EventInfo {
  name: string;
  owner: string;
  repo: string;
  sha: string;
  ref: string;
  runId: number;
  /** GITHUB_RUN_ATTEMPT: 2 and up on a re-run. */
  runAttempt: number;
  runUrl: string;
  /** GITHUB_SERVER_URL, e.g. https://github.com. */
  serverUrl: string;
  defaultBranch: string;
  /** Set on pull_request events. */
  pr?: { number: number; baseSha: string; headSha: string; fork: boolean; labels: string[] };
  /**
   * Set on workflow_run events (comment mode): the triggering run, and where its commit came
   * from (head branch, and the head repository's `owner/name`: a fork's for a fork PR).
   */
  workflowRun?: { id: number; headSha: string; headBranch: string; headRepository: string; event: string; conclusion: string | null };
  /**
   * A push to the default branch, a scheduled run, or a manual (workflow_dispatch) run on the
   * default branch: the runs that execute only the default branch's own code, and so the
   * only ones that store baselines and history.
   */
  isMainline: boolean;
  /** For push: the commit before the push (a baseline candidate for the summary). */
  before?: string;
}

type Payload = Record<string, unknown>;

function record(value: unknown): Payload {
  return typeof value === 'object' && value !== null ? (value as Payload) : {};
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function readEvent(env: NodeJS.ProcessEnv, payload: Payload): EventInfo {
  const [owner = '', repo = ''] = (env['GITHUB_REPOSITORY'] ?? '').split('/');
  const name = env['GITHUB_EVENT_NAME'] ?? '';
  const runId = Number(env['GITHUB_RUN_ID'] ?? 0);
  const server = (env['GITHUB_SERVER_URL'] ?? 'https://github.com').replace(/\/+$/, '');
  const attempt = Number(env['GITHUB_RUN_ATTEMPT'] ?? 1);
  const repository = record(payload['repository']);
  const defaultBranch = str(repository['default_branch']) ?? 'main';
  const ref = env['GITHUB_REF'] ?? '';
  const info: EventInfo = {
    name,
    owner,
    repo,
    sha: env['GITHUB_SHA'] ?? '',
    ref,
    runId,
    runAttempt: Number.isInteger(attempt) && attempt > 0 ? attempt : 1,
    runUrl: `${server}/${owner}/${repo}/actions/runs/${runId}`,
    serverUrl: server,
    defaultBranch,
    isMainline: name === 'schedule' || ((name === 'push' || name === 'workflow_dispatch') && ref === `refs/heads/${defaultBranch}`),
  };
  if (name === 'pull_request' || name === 'pull_request_target') {
    const pr = record(payload['pull_request']);
    const head = record(pr['head']);
    const base = record(pr['base']);
    const headRepo = str(record(head['repo'])['full_name']);
    const labels = Array.isArray(pr['labels']) ? pr['labels'].map((l) => str(record(l)['name']) ?? '').filter(Boolean) : [];
    info.pr = {
      number: Number(pr['number'] ?? payload['number'] ?? 0),
      baseSha: str(base['sha']) ?? '',
      headSha: str(head['sha']) ?? info.sha,
      fork: headRepo !== undefined && headRepo !== `${owner}/${repo}`,
      labels,
    };
  }
  if (name === 'workflow_run') {
    const run = record(payload['workflow_run']);
    info.workflowRun = {
      id: Number(run['id'] ?? 0),
      headSha: str(run['head_sha']) ?? '',
      headBranch: str(run['head_branch']) ?? '',
      headRepository: str(record(run['head_repository'])['full_name']) ?? '',
      event: str(run['event']) ?? '',
      conclusion: str(run['conclusion']) ?? null,
    };
  }
  const before = str(payload['before']);
  if (name === 'push' && before && !/^0+$/.test(before)) info.before = before;
  return info;
}
