/**
 * One comment per pull request (per marker), edited in place on every run instead of a
 * new comment per push. It is found by the hidden marker its body starts with AND by its
 * author: a comment that merely quotes the marker (a reviewer's, or another workflow's
 * under the same bot account echoing a PR title) is never overwritten or deleted.
 * Two runs racing can both create one; whoever sees two afterwards keeps the oldest
 * and deletes the rest, so the PR settles on one comment.
 */
import type { Octokit } from './octokit.ts';
import { whoAmI, type TokenIdentity } from './token-identity.ts';

export type Comment = Awaited<ReturnType<Octokit['rest']['issues']['listComments']>>['data'][number];

export interface StickyOptions {
  owner: string;
  repo: string;
  issueNumber: number;
  /** Hidden HTML comment the body starts with, e.g. `<!-- docs-mcp-eval:default -->`. */
  marker: string;
  body: string;
  /** Who the token posts as when `GET /user` cannot say (GITHUB_TOKEN); default `github-actions[bot]`. */
  botLogin?: string;
}

export interface StickyResult {
  action: 'created' | 'updated' | 'unchanged';
  id: number;
  url: string;
  deletedDuplicates: number[];
}

/** The token may not write comments here: a fork PR's read-only GITHUB_TOKEN, or missing `pull-requests: write`. */
export class CommentPermissionError extends Error {
  readonly status: number;

  constructor(status: number, cause: unknown) {
    super(
      `cannot write the pull request comment (HTTP ${status}): the token is read-only here, as on pull requests from forks, ` +
        "or lacks `pull-requests: write`. For fork PRs, post the comment from a separate workflow triggered by `workflow_run` " +
        'with `mode: comment` (see the README).',
      { cause },
    );
    this.name = 'CommentPermissionError';
    this.status = status;
  }
}

function statusOf(err: unknown): number | undefined {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * Writes refused for lack of rights become CommentPermissionError; everything else passes
 * through. A spent rate limit is a 403 too, but reaches here as RateLimitError (no status).
 */
async function guardWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const status = statusOf(err);
    if (status === 403 || status === 401) throw new CommentPermissionError(status, err);
    throw err;
  }
}

function isOurs(comment: Comment, marker: string, me: TokenIdentity): boolean {
  const user = comment.user;
  if (!user || !comment.body?.startsWith(marker)) return false;
  if (user.login.toLowerCase() !== me.login.toLowerCase()) return false;
  // A login we were only told (not one GitHub confirmed) must at least belong to a bot account.
  return me.confirmed || user.type === 'Bot';
}

function oldestFirst(comments: Comment[]): Comment[] {
  return [...comments].sort((a, b) => a.id - b.id);
}

async function listOurs(octokit: Octokit, options: StickyOptions, me: TokenIdentity): Promise<Comment[]> {
  const all = await octokit.paginate(octokit.rest.issues.listComments, {
    owner: options.owner,
    repo: options.repo,
    issue_number: options.issueNumber,
    per_page: 100,
  });
  return oldestFirst(all.filter((c) => isOurs(c, options.marker, me)));
}

/** Every comment on the issue that starts with the marker and was written by this token's account, oldest first. */
export async function findStickyComments(octokit: Octokit, options: StickyOptions): Promise<Comment[]> {
  return listOurs(octokit, options, await whoAmI(octokit, options.botLogin));
}

async function deleteAll(octokit: Octokit, options: StickyOptions, comments: Comment[]): Promise<number[]> {
  const deleted: number[] = [];
  for (const comment of comments) {
    try {
      await guardWrite(() => octokit.rest.issues.deleteComment({ owner: options.owner, repo: options.repo, comment_id: comment.id }));
      deleted.push(comment.id);
    } catch (err) {
      // The racing run deleted it first: the outcome we wanted.
      if (statusOf(err) !== 404) throw err;
    }
  }
  return deleted;
}

/** Writes `body` into `keep` unless it is there already; null when `keep` vanished meanwhile. */
async function writeInto(octokit: Octokit, options: StickyOptions, keep: Comment): Promise<{ changed: boolean; url: string } | null> {
  if (keep.body === options.body) return { changed: false, url: keep.html_url };
  try {
    const { data } = await guardWrite(() =>
      octokit.rest.issues.updateComment({ owner: options.owner, repo: options.repo, comment_id: keep.id, body: options.body }),
    );
    return { changed: true, url: data.html_url };
  } catch (err) {
    if (statusOf(err) === 404) return null;
    throw err;
  }
}

/** Keeps the oldest of `ours`, writes the body there, deletes the others. */
async function settle(octokit: Octokit, options: StickyOptions, ours: Comment[]): Promise<Omit<StickyResult, 'action'> & { changed: boolean } | null> {
  const [keep, ...duplicates] = ours;
  if (!keep) return null;
  const written = await writeInto(octokit, options, keep);
  if (!written) return null;
  const deletedDuplicates = await deleteAll(octokit, options, duplicates);
  return { id: keep.id, url: written.url, deletedDuplicates, changed: written.changed };
}

export async function upsertStickyComment(octokit: Octokit, options: StickyOptions): Promise<StickyResult> {
  const me = await whoAmI(octokit, options.botLogin);
  // Twice at most: the second pass covers our comment being deleted between list and edit.
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await settle(octokit, options, await listOurs(octokit, options, me));
    if (existing) {
      const { changed, ...rest } = existing;
      return { action: changed ? 'updated' : 'unchanged', ...rest };
    }
    if (attempt === 1) break;
    const { data: created } = await guardWrite(() =>
      octokit.rest.issues.createComment({ owner: options.owner, repo: options.repo, issue_number: options.issueNumber, body: options.body }),
    );
    const ours = await listOurs(octokit, options, me);
    // Usually just ours; a racing run's comment (or ours, not listed yet) needs no settling.
    if (ours.length <= 1) return { action: 'created', id: created.id, url: created.html_url, deletedDuplicates: [] };
    const settled = await settle(octokit, options, ours);
    if (settled) {
      const { changed, ...rest } = settled;
      const keptOurs = settled.id === created.id;
      return { action: keptOurs ? 'created' : changed ? 'updated' : 'unchanged', ...rest };
    }
  }
  throw new Error(`the sticky comment on #${options.issueNumber} kept disappearing while being written; giving up`);
}
