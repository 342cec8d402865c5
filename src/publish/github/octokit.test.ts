import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { startGitHubDouble, type GitHubDouble } from '../../../test/support/github-double/index.ts';
import { createOctokit, RateLimitError, type Octokit } from './octokit.ts';
import { upsertStickyComment } from './sticky-comment.ts';

const REPO = 'GET /repos/{owner}/{repo}';
const LIST = 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments';

describe('createOctokit', () => {
  let double: GitHubDouble;
  let octokit: Octokit;
  let logs: string[];

  beforeEach(async () => {
    double = await startGitHubDouble();
    logs = [];
    // Throttling on, as in the Action.
    octokit = createOctokit('ghs_test', { baseUrl: double.apiUrl, log: (m) => logs.push(m) });
  });
  afterEach(async () => {
    assert.deepEqual(double.violations, []);
    await double.close();
  });

  const statuses = (route: string) => double.requests.filter((r) => r.route === route).map((r) => r.status);
  const getRepo = () => octokit.rest.repos.get({ owner: double.state.owner, repo: double.state.repo });

  it('waits out a short primary rate limit and succeeds', async () => {
    double.rateLimitNext(LIST, 1);
    const started = Date.now();
    const result = await upsertStickyComment(octokit, { owner: double.state.owner, repo: double.state.repo, issueNumber: 3, marker: '<!-- m -->', body: '<!-- m -->\nx' });
    assert.equal(result.action, 'created');
    assert.deepEqual(statuses(LIST).slice(0, 2), [403, 200]);
    assert.ok(Date.now() - started >= 900, 'it waited for the reset');
    assert.ok(logs.some((m) => /rate limit reached .* waiting \d+ s/.test(m)), logs.join('\n'));
  });

  it('fails at once, with a clear message, when the reset is far off', async () => {
    double.rateLimitNext(REPO, 3000);
    const started = Date.now();
    const err = await getRepo().catch((e: unknown) => e);
    assert.ok(err instanceof RateLimitError, String(err));
    assert.match(err.message, /rate limit \(core\) exhausted until .* \(in \d+ s\), longer than the 60 s/);
    assert.ok(err.resetAt && err.resetAt.getTime() > Date.now() + 2_000_000);
    assert.ok(Date.now() - started < 2000);
    assert.deepEqual(statuses(REPO), [403]);
  });

  it('retries after a secondary rate limit', async () => {
    double.rateLimitNext(REPO, 1, 'secondary');
    const { data } = await getRepo();
    assert.equal(data.name, double.state.repo);
    assert.deepEqual(statuses(REPO), [429, 200]);
    assert.ok(logs.some((m) => /secondary rate limit/.test(m)));
  });

  it('gives up on a server error after 3 tries', { timeout: 20_000 }, async () => {
    double.failNext(REPO, 503, 5);
    await assert.rejects(getRepo(), (err: { status?: number }) => err.status === 503);
    assert.deepEqual(statuses(REPO), [503, 503, 503]);
  });

  it("one call's failures do not lengthen the next call's backoff", async () => {
    double.failNext(REPO, 404);
    await getRepo().catch(() => undefined);
    double.failNext(REPO, 502);
    const started = Date.now();
    await getRepo();
    assert.ok(Date.now() - started < 3000, `took ${Date.now() - started} ms: the first retry waits 1 s`);
  });

  it('does not retry a client error', async () => {
    double.failNext(REPO, 404);
    await assert.rejects(getRepo(), (err: { status?: number }) => err.status === 404);
    assert.deepEqual(statuses(REPO), [404]);
  });
});
