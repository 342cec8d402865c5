/** REST handlers for comments, pull requests (their labels and events), the repository, the token's user and comparisons. */
import { issueComment, issueEvent, comparison, label, pullRequest } from './payload-issues.ts';
import { repositoryFields, type PayloadContext } from './payload-common.ts';
import { timestamp, type Comment, type PullRequest } from './state.ts';
import { fail, paginate, validationFailed, type RestHandler, type RestReply } from './rest-kit.ts';

/** GitHub's limit on issue comment bodies, counted in characters. */
export const MAX_COMMENT_LENGTH = 65536;

function findComment(ctx: PayloadContext, id: number): Comment | undefined {
  for (const list of ctx.state.comments.values()) {
    const found = list.find((c) => c.id === id);
    if (found) return found;
  }
  return undefined;
}

function tooLong(body: string): RestReply | undefined {
  return body.length > MAX_COMMENT_LENGTH && [...body].length > MAX_COMMENT_LENGTH
    ? validationFailed('IssueComment', 'body', `body is too long (maximum is ${MAX_COMMENT_LENGTH} characters)`)
    : undefined;
}

function bodyOf(raw: unknown): string {
  return typeof raw === 'object' && raw !== null && 'body' in raw && typeof raw.body === 'string' ? raw.body : '';
}

/** A commit on the default branch by full sha, unique prefix (7+), or the branch name; `owner:` prefixes allowed. */
function resolveCommit(ctx: PayloadContext, ref: string): string | undefined {
  const bare = ref.replace(/^[^:]+:/, '');
  if (bare === ctx.state.defaultBranch) return ctx.state.mainCommits.at(-1);
  if (!/^[0-9a-f]{7,40}$/.test(bare)) return undefined;
  const found = ctx.state.mainCommits.filter((sha) => sha.startsWith(bare));
  return found.length === 1 ? found[0] : undefined;
}

export const issueHandlers: Record<string, RestHandler> = {
  'GET /repos/{owner}/{repo}/issues/{issue_number}/comments': (req, ctx) => {
    const since = req.query['since'];
    const all = (ctx.state.comments.get(Number(req.params['issue_number'])) ?? []).filter(
      (c) => since === undefined || c.updatedAt >= since.replace(/\.\d+Z$/, 'Z'),
    );
    const { page, headers } = paginate(all, req, ctx.apiUrl);
    return { status: 200, body: page.map((c) => issueComment(ctx, c)), headers };
  },

  'POST /repos/{owner}/{repo}/issues/{issue_number}/comments': (req, ctx) => {
    const body = bodyOf(req.body);
    const rejected = tooLong(body);
    if (rejected) return rejected;
    // The token's identity is the Actions bot: comments it creates are the bot's.
    const comment = ctx.state.addComment(Number(req.params['issue_number']), body, ctx.state.botLogin, 'Bot');
    const payload = issueComment(ctx, comment);
    return { status: 201, body: payload, headers: { location: String(payload['url']) } };
  },

  'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}': (req, ctx) => {
    const comment = findComment(ctx, Number(req.params['comment_id']));
    if (!comment) return fail(404);
    const body = bodyOf(req.body);
    const rejected = tooLong(body);
    if (rejected) return rejected;
    comment.body = body;
    comment.updatedAt = timestamp();
    return { status: 200, body: issueComment(ctx, comment) };
  },

  'DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}': (req, ctx) => {
    const id = Number(req.params['comment_id']);
    for (const [issue, list] of ctx.state.comments) {
      const index = list.findIndex((c) => c.id === id);
      if (index < 0) continue;
      list.splice(index, 1);
      ctx.state.comments.set(issue, list);
      return { status: 204 };
    }
    return fail(404);
  },

  // Issues are only modelled as pull requests: labels and events of anything else are a 404.
  'GET /repos/{owner}/{repo}/issues/{issue_number}/labels': (req, ctx) => {
    const pull = ctx.state.pulls.get(Number(req.params['issue_number']));
    if (!pull) return fail(404);
    const { page, headers } = paginate(pull.labels, req, ctx.apiUrl);
    return { status: 200, body: page.map((name) => label(ctx, name)), headers };
  },

  'GET /repos/{owner}/{repo}/issues/{issue_number}/events': (req, ctx) => {
    const number = Number(req.params['issue_number']);
    if (!ctx.state.pulls.has(number)) return fail(404);
    // Oldest first, as GitHub lists them, whatever order a test logged them in.
    const all = [...(ctx.state.issueEvents.get(number) ?? [])].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
    const { page, headers } = paginate(all, req, ctx.apiUrl);
    return { status: 200, body: page.map((e) => issueEvent(ctx, e)), headers };
  },

  // state (open, closed, all; default open), head (`owner:branch`), base (branch name), as GitHub filters them.
  'GET /repos/{owner}/{repo}/pulls': (req, ctx) => {
    const state = req.query['state'] ?? 'open';
    const head = req.query['head'];
    const base = req.query['base'];
    const all = [...ctx.state.pulls.values()]
      .filter((p) => state === 'all' || p.state === state)
      .filter((p) => head === undefined || `${p.headRepo.split('/')[0]}:${p.headRef}` === head)
      .filter((p) => base === undefined || p.baseRef === base)
      .sort((a, b) => b.number - a.number);
    const { page, headers } = paginate(all, req, ctx.apiUrl);
    // A `pull-request-simple` list: its labels' descriptions are strings, where a full pull request's may be null.
    const simple = (p: PullRequest) => {
      const full = pullRequest(ctx, p);
      return { ...full, labels: (full['labels'] as Record<string, unknown>[]).map((l) => ({ ...l, description: '' })) };
    };
    return { status: 200, body: page.map(simple), headers };
  },

  'GET /repos/{owner}/{repo}/pulls/{pull_number}': (req, ctx) => {
    const pull = ctx.state.pulls.get(Number(req.params['pull_number']));
    return pull ? { status: 200, body: pullRequest(ctx, pull) } : fail(404);
  },

  'GET /repos/{owner}/{repo}': (_req, ctx) => ({ status: 200, body: repositoryFields(ctx, 'full-repository') }),

  // What a GITHUB_TOKEN (an installation token) gets: it is not a user.
  'GET /user': () => fail(403, 'Resource not accessible by integration'),

  'GET /repos/{owner}/{repo}/compare/{basehead}': (req, ctx) => {
    const basehead = req.params['basehead'] ?? '';
    const [base, head, ...rest] = basehead.split('...');
    if (base === undefined || head === undefined || rest.length > 0) return fail(404);
    const baseSha = resolveCommit(ctx, base);
    const headSha = resolveCommit(ctx, head);
    if (!baseSha || !headSha) return fail(404);
    return { status: 200, body: comparison(ctx, baseSha, headSha, basehead) };
  },
};
