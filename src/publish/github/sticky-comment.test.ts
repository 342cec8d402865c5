import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { startGitHubDouble, type GitHubDouble } from '../../../test/support/github-double/index.ts';
import { createOctokit, RateLimitError, type Octokit } from './octokit.ts';
import { CommentPermissionError, findStickyComments, upsertStickyComment, type StickyOptions } from './sticky-comment.ts';

const MARKER = '<!-- docs-mcp-eval:default -->';
const ISSUE = 7;
const CREATE = 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments';

describe('a GitHub App installation token', () => {
  it('finds its own comment again: two runs, one comment, authored by the app\'s bot', async () => {
    const double = await startGitHubDouble({ botLogin: 'docs-eval-app[bot]' });
    try {
      double.state.addPull({ number: ISSUE });
      const target = { owner: double.state.owner, repo: double.state.repo, issueNumber: ISSUE, marker: MARKER };
      for (const run of [1, 2]) {
        // A fresh client per run, as each Action run makes its own.
        const octokit = createOctokit('ghs_installation', { baseUrl: double.apiUrl, throttle: false });
        await upsertStickyComment(octokit, { ...target, body: `${MARKER}\nrun ${run}` });
      }
      const all = double.state.comments.get(ISSUE) ?? [];
      assert.deepEqual(all.map((c) => [c.login, c.body]), [['docs-eval-app[bot]', `${MARKER}\nrun 2`]]);
      assert.deepEqual(double.violations, []);
    } finally {
      await double.close();
    }
  });
});

describe('upsertStickyComment', () => {
  let double: GitHubDouble;
  let octokit: Octokit;
  let target: Omit<StickyOptions, 'body'>;

  beforeEach(async () => {
    double = await startGitHubDouble();
    octokit = createOctokit('ghs_test', { baseUrl: double.apiUrl, throttle: false });
    target = { owner: double.state.owner, repo: double.state.repo, issueNumber: ISSUE, marker: MARKER };
    double.state.addPull({ number: ISSUE });
  });
  afterEach(async () => {
    assert.deepEqual(double.violations, []);
    await double.close();
  });

  const comments = () => double.state.comments.get(ISSUE) ?? [];
  const routeCount = (route: string) => double.requests.filter((r) => r.route === route).length;

  it('creates the comment on the first run', async () => {
    const result = await upsertStickyComment(octokit, { ...target, body: `${MARKER}\nfirst` });
    assert.equal(result.action, 'created');
    assert.deepEqual(result.deletedDuplicates, []);
    assert.equal(comments().length, 1);
    assert.equal(comments()[0]?.id, result.id);
    assert.equal(comments()[0]?.login, 'github-actions[bot]');
    assert.match(result.url, new RegExp(`/pull/${ISSUE}#issuecomment-${result.id}$`));
  });

  it('edits the same comment on the next run', async () => {
    const first = await upsertStickyComment(octokit, { ...target, body: `${MARKER}\nfirst` });
    const second = await upsertStickyComment(octokit, { ...target, body: `${MARKER}\nsecond` });
    assert.equal(second.action, 'updated');
    assert.equal(second.id, first.id);
    assert.deepEqual(comments().map((c) => c.body), [`${MARKER}\nsecond`]);
  });

  it('does not write an identical body again', async () => {
    await upsertStickyComment(octokit, { ...target, body: `${MARKER}\nsame` });
    const again = await upsertStickyComment(octokit, { ...target, body: `${MARKER}\nsame` });
    assert.equal(again.action, 'unchanged');
    assert.equal(routeCount('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}'), 0);
  });

  it('finds its comment on page 2 of 120 and edits it without duplicating', async () => {
    for (let i = 0; i < 110; i++) double.state.addComment(ISSUE, `review note ${i}`, `reviewer${i % 3}`);
    const ours = double.state.addComment(ISSUE, `${MARKER}\nold`);
    for (let i = 0; i < 9; i++) double.state.addComment(ISSUE, `later note ${i}`, 'reviewer0');
    const result = await upsertStickyComment(octokit, { ...target, body: `${MARKER}\nnew` });
    assert.equal(result.action, 'updated');
    assert.equal(result.id, ours.id);
    assert.equal(comments().length, 120);
    assert.equal(comments().filter((c) => c.body.includes(MARKER)).length, 1);
    const pages = double.requests.filter((r) => r.route === 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments').map((r) => r.query['page'] ?? '1');
    assert.ok(pages.includes('2'), `listed pages: ${pages.join(',')}`);
    assert.ok(double.requests.filter((r) => r.route.endsWith('/comments')).every((r) => r.method !== 'GET' || r.query['per_page'] === '100'));
  });

  it("never touches another user's comment, even one carrying the marker", async () => {
    const quoted = double.state.addComment(ISSUE, `> ${MARKER}\n> the bot said this`, 'octocat');
    const lookalike = double.state.addComment(ISSUE, `${MARKER}\nfake`, 'github-actions', 'User');
    const result = await upsertStickyComment(octokit, { ...target, body: `${MARKER}\nreal` });
    assert.equal(result.action, 'created');
    assert.equal(quoted.body, `> ${MARKER}\n> the bot said this`);
    assert.equal(lookalike.body, `${MARKER}\nfake`);
    assert.equal(comments().length, 3);
    const found = await findStickyComments(octokit, { ...target, body: '' });
    assert.deepEqual(found.map((c) => c.id), [result.id]);
  });

  it('two concurrent runs end with exactly one comment', async () => {
    const [a, b] = await Promise.all([
      upsertStickyComment(octokit, { ...target, body: `${MARKER}\nrun A` }),
      upsertStickyComment(createOctokit('ghs_other', { baseUrl: double.apiUrl, throttle: false }), { ...target, body: `${MARKER}\nrun B` }),
    ]);
    const left = comments().filter((c) => c.body.includes(MARKER));
    assert.equal(left.length, 1, `left: ${JSON.stringify(left.map((c) => c.body))}`);
    assert.equal(routeCount(CREATE), 2, 'both runs created one (the race this settles)');
    assert.ok([a.id, b.id].includes(left[0]?.id ?? -1));
    assert.ok([`${MARKER}\nrun A`, `${MARKER}\nrun B`].includes(left[0]?.body ?? ''));
  });

  it('settles duplicates left by an earlier race: keeps the oldest', async () => {
    const oldest = double.state.addComment(ISSUE, `${MARKER}\nx`);
    const dup = double.state.addComment(ISSUE, `${MARKER}\ny`);
    const result = await upsertStickyComment(octokit, { ...target, body: `${MARKER}\nz` });
    assert.equal(result.id, oldest.id);
    assert.deepEqual(result.deletedDuplicates, [dup.id]);
    assert.deepEqual(comments().map((c) => [c.id, c.body]), [[oldest.id, `${MARKER}\nz`]]);
  });

  it('honours a bot login the user names (input bot-login)', async () => {
    const app = double.state.addComment(ISSUE, `${MARKER}\nby app`, 'my-app[bot]', 'Bot');
    const found = await findStickyComments(octokit, { ...target, body: '', botLogin: 'my-app[bot]' });
    assert.deepEqual(found.map((c) => c.id), [app.id]);
    assert.deepEqual(await findStickyComments(octokit, { ...target, body: '' }), []);
  });

  it('asks GraphQL viewer once per client, not GET /user (which refuses installation tokens)', async () => {
    await upsertStickyComment(octokit, { ...target, body: `${MARKER}\n1` });
    await upsertStickyComment(octokit, { ...target, body: `${MARKER}\n2` });
    assert.equal(routeCount('POST /graphql'), 1);
    assert.equal(routeCount('GET /user'), 0);
    assert.equal(comments().length, 1);
  });

  it('falls back to GET /user, then to github-actions[bot], when GraphQL fails', async () => {
    double.failNext('POST /graphql', 502, 3);
    await upsertStickyComment(octokit, { ...target, body: `${MARKER}\n1` });
    assert.equal(routeCount('GET /user'), 1);
    assert.equal(comments()[0]?.login, 'github-actions[bot]');
  });

  it('a read-only token (fork PR) is a CommentPermissionError, not a crash', async () => {
    double.failNext(CREATE, 403);
    const err = await upsertStickyComment(octokit, { ...target, body: `${MARKER}\nx` }).catch((e: unknown) => e);
    assert.ok(err instanceof CommentPermissionError, String(err));
    assert.equal(err.status, 403);
    assert.match(err.message, /workflow_run/);
    assert.equal(comments().length, 0);
  });

  it('a refused edit is a CommentPermissionError too', async () => {
    double.state.addComment(ISSUE, `${MARKER}\nold`);
    double.failNext('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', 403);
    await assert.rejects(upsertStickyComment(octokit, { ...target, body: `${MARKER}\nnew` }), CommentPermissionError);
  });

  it('retries a server error on create and succeeds', async () => {
    double.failNext(CREATE, 502);
    const result = await upsertStickyComment(octokit, { ...target, body: `${MARKER}\nx` });
    assert.equal(result.action, 'created');
    assert.deepEqual(double.requests.filter((r) => r.route === CREATE).map((r) => r.status), [502, 201]);
    assert.equal(comments().length, 1);
  });

  it('a spent rate limit is a RateLimitError, never mistaken for a permission problem', async () => {
    double.rateLimitNext(CREATE, 3600);
    const err = await upsertStickyComment(octokit, { ...target, body: `${MARKER}\nx` }).catch((e: unknown) => e);
    assert.ok(err instanceof RateLimitError, String(err));
    assert.match(err.message, /rate limit.*exhausted until/);
  });
});
