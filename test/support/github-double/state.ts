/**
 * The double's world: one repository with a linear default branch, comments, pull requests
 * (with their labels and label events), workflow runs and artifacts. Plain data that tests seed and inspect directly; the HTTP
 * layer renders it into GitHub-shaped payloads on each request, so edits show up at once.
 */
import { createHash } from 'node:crypto';
import { writeZip } from './zip.ts';

export interface Comment {
  id: number;
  issueNumber: number;
  body: string;
  login: string;
  type: 'Bot' | 'User';
  createdAt: string;
  updatedAt: string;
}

export interface PullRequest {
  number: number;
  headSha: string;
  headRef: string;
  /** The head branch's repository, `owner/name`: the base repository, or for a fork the contributor's. */
  headRepo: string;
  baseSha: string;
  baseRef: string;
  fork: boolean;
  labels: string[];
  state: 'open' | 'closed';
}

/** The login that owns forks in the double's world (a fork PR's head repository is `fork-contributor/<repo>`). */
export const FORK_OWNER = 'fork-contributor';

/** A `labeled` / `unlabeled` entry of an issue's event log. */
export interface IssueEvent {
  id: number;
  issueNumber: number;
  event: 'labeled' | 'unlabeled';
  label: string;
  /** Login of who added or removed the label; `[bot]` logins are bots. */
  actor: string;
  createdAt: string;
}

export interface WorkflowRun {
  id: number;
  name: string;
  workflowId: number;
  headSha: string;
  headBranch: string | null;
  /** `owner/name` of the repository the head branch lives in (a fork for a fork PR's run); default the base repository. */
  headRepository?: string;
  /** 'push' | 'schedule' | 'pull_request' | 'workflow_run' | 'workflow_dispatch' | … */
  event: string;
  /** 'queued' | 'in_progress' | 'completed' | … */
  status: string;
  /** 'success' | 'failure' | 'cancelled' | 'skipped' | … or null while not completed. */
  conclusion: string | null;
  createdAt: string;
  pullRequests: number[];
  runNumber: number;
  runAttempt: number;
  /** Workflow file, e.g. '.github/workflows/ci.yml'. */
  path: string;
}

export interface StoredArtifact {
  id: number;
  name: string;
  runId: number;
  files: Record<string, Buffer>;
  createdAt: string;
  expired: boolean;
  /** GitHub's expires_at; default: createdAt plus the repository's retentionDays (one day, once expired). */
  expiresAt?: string;
  /** The archive served for downloads; built from `files` when absent. */
  zip?: Buffer;
}

export interface DoubleState {
  owner: string;
  repo: string;
  defaultBranch: string;
  botLogin: string;
  /** Linear history of the default branch, oldest first (40-hex shas). */
  mainCommits: string[];
  addCommit(): string;
  /** Issue/PR comments by issue number, oldest first. */
  comments: Map<number, Comment[]>;
  addComment(issueNumber: number, body: string, login?: string, type?: 'Bot' | 'User'): Comment;
  pulls: Map<number, PullRequest>;
  /** Adds (or replaces) a pull request; head defaults to a fresh branch commit off main. */
  addPull(pull: Partial<PullRequest> & { number: number }): PullRequest;
  /** Issue event logs by issue number, oldest first (tests may also push events directly). */
  issueEvents: Map<number, IssueEvent[]>;
  /**
   * `actor` labels pull request `number` (created if absent) at `at` (default now): the
   * label is put on the pull request (once) and a `labeled` event is logged.
   */
  labelPull(number: number, label: string, actor: string, at?: string | Date): IssueEvent;
  /** `actor` removes the label: it leaves the pull request and an `unlabeled` event is logged. */
  unlabelPull(number: number, label: string, actor: string, at?: string | Date): IssueEvent;
  workflowRuns: WorkflowRun[];
  addRun(run: Partial<WorkflowRun> & { headSha: string; event: string }): WorkflowRun;
  artifacts: StoredArtifact[];
  addArtifact(runId: number, name: string, files: Record<string, string | Buffer>): StoredArtifact;
  /** Artifacts uploaded through the runtime API (twirp), files unzipped. Also listed in `artifacts`. */
  uploaded: StoredArtifact[];
  /** The workflow run the code under test is "running in": runtime uploads belong to it. */
  currentRunId: number;
  /** Days an artifact is kept (the repository's setting, 90 unless changed; 1 to 400). */
  retentionDays: number;
  /**
   * The repository's git side: a bare repository on disk, served over smart HTTP at
   * `<serverUrl>/<owner>/<repo>.git` and read by the Git data and Contents routes.
   */
  git: { dir: string };
  /** What each token may do over git: `write` pushes, `read` only fetches; others are refused. */
  gitTokens: Map<string, 'read' | 'write'>;
  /** Next id for comments, runs and artifacts (one sequence, so ids never collide across kinds). */
  nextId(): number;
}

/** GitHub timestamps have whole seconds. */
export function timestamp(date = new Date()): string {
  return date.toISOString().replace(/\.\d+Z$/, 'Z');
}

export function fakeSha(seed: string): string {
  return createHash('sha1').update(seed).digest('hex');
}

export interface StateOptions {
  owner: string;
  repo: string;
  defaultBranch: string;
  botLogin: string;
  /** The bare repository (see DoubleState.git). */
  gitDir: string;
}

export function createState(options: StateOptions): DoubleState {
  let id = 1_000_000;
  let commitSeq = 0;
  const { gitDir, ...identity } = options;
  const state: DoubleState = {
    ...identity,
    git: { dir: gitDir },
    gitTokens: new Map([['ghs_test_token', 'write']]),
    retentionDays: 90,
    mainCommits: [],
    comments: new Map(),
    pulls: new Map(),
    issueEvents: new Map(),
    workflowRuns: [],
    artifacts: [],
    uploaded: [],
    currentRunId: 9_000_000_001,
    nextId: () => ++id,
    addCommit() {
      const sha = fakeSha(`${options.owner}/${options.repo}@${options.defaultBranch}#${++commitSeq}`);
      state.mainCommits.push(sha);
      return sha;
    },
    addComment(issueNumber, body, login = options.botLogin, type) {
      const now = timestamp();
      const comment: Comment = {
        id: state.nextId(),
        issueNumber,
        body,
        login,
        type: type ?? (login === options.botLogin || login.endsWith('[bot]') ? 'Bot' : 'User'),
        createdAt: now,
        updatedAt: now,
      };
      const list = state.comments.get(issueNumber) ?? [];
      list.push(comment);
      state.comments.set(issueNumber, list);
      return comment;
    },
    addPull(pull) {
      const base = state.mainCommits.at(-1) ?? state.addCommit();
      const full: PullRequest = {
        headSha: fakeSha(`pull-${pull.number}-head`),
        headRef: `feature-${pull.number}`,
        baseSha: base,
        baseRef: options.defaultBranch,
        fork: false,
        labels: [],
        state: 'open',
        ...pull,
        headRepo: pull.headRepo ?? `${pull.fork ? FORK_OWNER : options.owner}/${options.repo}`,
      };
      state.pulls.set(full.number, full);
      return full;
    },
    labelPull(number, label, actor, at) {
      const pull = state.pulls.get(number) ?? state.addPull({ number });
      if (!pull.labels.includes(label)) pull.labels.push(label);
      return logEvent(number, 'labeled', label, actor, at);
    },
    unlabelPull(number, label, actor, at) {
      const pull = state.pulls.get(number);
      if (pull) pull.labels = pull.labels.filter((l) => l !== label);
      return logEvent(number, 'unlabeled', label, actor, at);
    },
    addRun(run) {
      const runId = state.nextId();
      const full: WorkflowRun = {
        id: runId,
        name: 'CI',
        workflowId: 161335,
        headBranch: run.event === 'pull_request' ? null : options.defaultBranch,
        status: 'completed',
        conclusion: run.status && run.status !== 'completed' ? null : 'success',
        createdAt: timestamp(),
        pullRequests: [],
        runNumber: state.workflowRuns.length + 1,
        runAttempt: 1,
        path: '.github/workflows/ci.yml',
        ...run,
      };
      if (full.headBranch === null && full.pullRequests.length > 0) {
        full.headBranch = state.pulls.get(full.pullRequests[0] ?? -1)?.headRef ?? null;
      }
      state.workflowRuns.push(full);
      return full;
    },
    addArtifact(runId, name, files) {
      const buffers = Object.fromEntries(
        Object.entries(files).map(([file, content]) => [file, Buffer.isBuffer(content) ? content : Buffer.from(content)]),
      );
      const artifact: StoredArtifact = {
        id: state.nextId(),
        name,
        runId,
        files: buffers,
        createdAt: timestamp(),
        expired: false,
        zip: writeZip(buffers),
      };
      state.artifacts.push(artifact);
      return artifact;
    },
  };
  function logEvent(issueNumber: number, event: IssueEvent['event'], label: string, actor: string, at: string | Date | undefined): IssueEvent {
    const entry: IssueEvent = { id: state.nextId(), issueNumber, event, label, actor, createdAt: timestamp(at === undefined ? undefined : new Date(at)) };
    state.issueEvents.set(issueNumber, [...(state.issueEvents.get(issueNumber) ?? []), entry]);
    return entry;
  }
  for (let i = 0; i < 5; i++) state.addCommit();
  return state;
}
