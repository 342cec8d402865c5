/** Payloads for comments, pull requests, labels, issue events and comparisons, built from state to the spec's schemas. */
import { exampleOf } from './schema-example.ts';
import type { Json } from './spec.ts';
import type { Comment, IssueEvent, PullRequest } from './state.ts';
import { nodeId, relink, repoApi, repoHtml, repositoryFields, user, userId, type PayloadContext } from './payload-common.ts';

/** An `issue-comment`. */
export function issueComment(ctx: PayloadContext, c: Comment): Json {
  const api = repoApi(ctx);
  return {
    id: c.id,
    node_id: nodeId('IC', c.id),
    url: `${api}/issues/comments/${c.id}`,
    html_url: `${repoHtml(ctx)}/${ctx.state.pulls.has(c.issueNumber) ? 'pull' : 'issues'}/${c.issueNumber}#issuecomment-${c.id}`,
    body: c.body,
    user: user(ctx, c.login, c.type),
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    issue_url: `${api}/issues/${c.issueNumber}`,
    author_association: c.type === 'Bot' ? 'NONE' : 'CONTRIBUTOR',
    performed_via_github_app: null,
    reactions: {
      ...exampleOf('reaction-rollup'),
      url: `${api}/issues/comments/${c.id}/reactions`,
      total_count: 0,
      '+1': 0,
      '-1': 0,
      laugh: 0,
      confused: 0,
      heart: 0,
      hooray: 0,
      eyes: 0,
      rocket: 0,
    },
  };
}

const LABEL_COLOR = 'ededed';

/** A `label` of the repository; its id follows from the name, so it is the same in every payload. */
export function label(ctx: PayloadContext, name: string): Json {
  const id = userId(`label:${name}`);
  return {
    ...exampleOf('label'),
    id,
    node_id: nodeId('LA', id),
    url: `${repoApi(ctx)}/labels/${encodeURIComponent(name)}`,
    name,
    description: null,
    color: LABEL_COLOR,
    default: false,
  };
}

/** A `labeled-issue-event` / `unlabeled-issue-event` (the two share one shape). */
export function issueEvent(ctx: PayloadContext, e: IssueEvent): Json {
  return {
    id: e.id,
    node_id: nodeId(e.event === 'labeled' ? 'LE' : 'UNLE', e.id),
    url: `${repoApi(ctx)}/issues/events/${e.id}`,
    actor: user(ctx, e.actor, e.actor.endsWith('[bot]') ? 'Bot' : 'User'),
    event: e.event,
    commit_id: null,
    commit_url: null,
    created_at: e.createdAt,
    performed_via_github_app: null,
    label: { name: e.label, color: LABEL_COLOR },
  };
}

/** A `pull-request`: the spec's example re-pointed, with head/base/labels from state. */
export function pullRequest(ctx: PayloadContext, p: PullRequest): Json {
  const api = repoApi(ctx);
  const html = repoHtml(ctx);
  const author = p.fork ? 'fork-contributor' : 'contributor';
  const [headOwner = ctx.state.owner, headName = ctx.state.repo] = p.headRepo.split('/');
  const id = 800_000_000 + p.number;
  const base = relink(exampleOf('pull-request'), ctx);
  const branch = (owner: string, ref: string, sha: string, repo: Json): Json => ({
    label: `${owner}:${ref}`,
    ref,
    sha,
    repo,
    user: owner === ctx.state.owner ? user(ctx, owner, 'Organization') : user(ctx, owner, 'User'),
  });
  return {
    ...base,
    id,
    node_id: nodeId('PR', id),
    number: p.number,
    url: `${api}/pulls/${p.number}`,
    html_url: `${html}/pull/${p.number}`,
    diff_url: `${html}/pull/${p.number}.diff`,
    patch_url: `${html}/pull/${p.number}.patch`,
    issue_url: `${api}/issues/${p.number}`,
    commits_url: `${api}/pulls/${p.number}/commits`,
    review_comments_url: `${api}/pulls/${p.number}/comments`,
    review_comment_url: `${api}/pulls/comments{/number}`,
    comments_url: `${api}/issues/${p.number}/comments`,
    statuses_url: `${api}/statuses/${p.headSha}`,
    state: p.state,
    locked: false,
    title: `Pull request #${p.number}`,
    body: null,
    user: user(ctx, author, 'User'),
    labels: p.labels.map((name) => label(ctx, name)),
    head: branch(headOwner, p.headRef, p.headSha, repositoryFields(ctx, 'repository', headOwner, headName)),
    base: branch(ctx.state.owner, p.baseRef, p.baseSha, repositoryFields(ctx, 'repository')),
    _links: {
      self: { href: `${api}/pulls/${p.number}` },
      html: { href: `${html}/pull/${p.number}` },
      issue: { href: `${api}/issues/${p.number}` },
      comments: { href: `${api}/issues/${p.number}/comments` },
      review_comments: { href: `${api}/pulls/${p.number}/comments` },
      review_comment: { href: `${api}/pulls/comments{/number}` },
      commits: { href: `${api}/pulls/${p.number}/commits` },
      statuses: { href: `${api}/statuses/${p.headSha}` },
    },
    author_association: p.fork ? 'FIRST_TIME_CONTRIBUTOR' : 'MEMBER',
    draft: false,
    merged: false,
    mergeable: true,
    mergeable_state: 'clean',
    merged_by: null,
    merge_commit_sha: null,
  };
}

/** A `commit` on the default branch; its parent is the previous commit in `mainCommits`. */
export function commit(ctx: PayloadContext, sha: string): Json {
  const api = repoApi(ctx);
  const html = repoHtml(ctx);
  const index = ctx.state.mainCommits.indexOf(sha);
  const parent = index > 0 ? ctx.state.mainCommits[index - 1] : undefined;
  const example = relink(exampleOf('commit'), ctx);
  const inner = example['commit'] as Json;
  return {
    ...example,
    url: `${api}/commits/${sha}`,
    sha,
    node_id: nodeId('C', index + 1),
    html_url: `${html}/commit/${sha}`,
    comments_url: `${api}/commits/${sha}/comments`,
    commit: {
      ...inner,
      url: `${api}/git/commits/${sha}`,
      message: `Commit ${index + 1} on ${ctx.state.defaultBranch}`,
      tree: { sha: sha.split('').reverse().join(''), url: `${api}/git/trees/${sha.split('').reverse().join('')}` },
      comment_count: 0,
    },
    parents: parent ? [{ sha: parent, url: `${api}/commits/${parent}`, html_url: `${html}/commit/${parent}` }] : [],
  };
}

/** A `commit-comparison` between two commits of the (linear) default branch. */
export function comparison(ctx: PayloadContext, baseSha: string, headSha: string, basehead: string): Json {
  const commits = ctx.state.mainCommits;
  const from = commits.indexOf(baseSha);
  const to = commits.indexOf(headSha);
  const ahead = Math.max(0, to - from);
  const behind = Math.max(0, from - to);
  const status = ahead > 0 ? 'ahead' : behind > 0 ? 'behind' : 'identical';
  const mergeBase = commits[Math.min(from, to)] ?? baseSha;
  const html = repoHtml(ctx);
  return {
    url: `${repoApi(ctx)}/compare/${basehead}`,
    html_url: `${html}/compare/${basehead}`,
    permalink_url: `${html}/compare/${ctx.state.owner}:${baseSha}...${ctx.state.owner}:${headSha}`,
    diff_url: `${html}/compare/${basehead}.diff`,
    patch_url: `${html}/compare/${basehead}.patch`,
    base_commit: commit(ctx, baseSha),
    merge_base_commit: commit(ctx, mergeBase),
    status,
    ahead_by: ahead,
    behind_by: behind,
    total_commits: ahead,
    commits: commits.slice(from + 1, to + 1).map((sha) => commit(ctx, sha)),
    files: [],
  };
}
