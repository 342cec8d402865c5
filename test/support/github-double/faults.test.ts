/** Fault injection: failNext and rateLimitNext, seen through octokit (and its throttling plugin). */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getOctokit } from '@actions/github';
import { throttling } from '@octokit/plugin-throttling';
import { startGitHubDouble, type GitHubDouble } from './index.ts';

const CREATE = 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments';
// Rate-limit tests use a read: the throttling plugin spaces writes that notify by 3 s (shared across instances).
const LIST = 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments';

describe('github double: faults', () => {
  let double: GitHubDouble;
  let octokit: ReturnType<typeof getOctokit>;
  const list = { owner: 'acme', repo: 'docs-server', issue_number: 5 };
  const params = { ...list, body: 'report' };
  before(async () => {
    double = await startGitHubDouble();
    octokit = getOctokit('ghs_test', { baseUrl: double.apiUrl });
  });
  after(() => double.close());

  it('failNext answers the next N matching requests with a GitHub error, then recovers', async () => {
    double.failNext(CREATE, 502, 2);
    for (let i = 0; i < 2; i++) {
      await assert.rejects(octokit.rest.issues.createComment(params), { status: 502, message: /Bad Gateway/ });
    }
    const ok = await octokit.rest.issues.createComment(params);
    assert.equal(ok.status, 201);
    assert.deepEqual(double.requests.filter((r) => r.route === CREATE).map((r) => r.status), [502, 502, 201]);
    assert.equal(double.state.comments.get(5)?.length, 1);
    assert.deepEqual(double.violations, []);
  });

  it('failNext only affects its route', async () => {
    double.failNext('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', 404);
    const created = await octokit.rest.issues.createComment(params);
    await assert.rejects(octokit.rest.issues.updateComment({ owner: 'acme', repo: 'docs-server', comment_id: created.data.id, body: 'v2' }), {
      status: 404,
    });
  });

  it('failNext refuses a route that is not in the OpenAPI description', () => {
    assert.throws(() => double.failNext('POST /repos/{owner}/{repo}/issue/{issue_number}/comments', 500), /not a documented route/);
  });

  it('primary rate limit: 403 with x-ratelimit-remaining 0 and a reset the throttling plugin honours', async () => {
    double.rateLimitNext(LIST, 30);
    const seen: number[] = [];
    const throttled = getOctokit(
      'ghs_test',
      {
        baseUrl: double.apiUrl,
        throttle: {
          onRateLimit: (retryAfter: number) => (seen.push(retryAfter), false),
          onSecondaryRateLimit: () => false,
        },
      },
      throttling,
    );
    const error = await throttled.rest.issues.listComments(list).then(
      () => undefined,
      (e: unknown) => e as { status: number; response: { headers: Record<string, string> } },
    );
    assert.equal(error?.status, 403);
    assert.equal(error.response.headers['x-ratelimit-remaining'], '0');
    assert.ok(seen[0] !== undefined && seen[0] >= 29 && seen[0] <= 32, `retryAfter ${seen[0]}`);
  });

  it('secondary rate limit: 429 with retry-after; a retry then succeeds', async () => {
    double.rateLimitNext(LIST, 1, 'secondary');
    const seen: number[] = [];
    const throttled = getOctokit(
      'ghs_test',
      {
        baseUrl: double.apiUrl,
        throttle: {
          onRateLimit: () => false,
          onSecondaryRateLimit: (retryAfter: number) => (seen.push(retryAfter), true),
        },
      },
      throttling,
    );
    const ok = await throttled.rest.issues.listComments(list);
    assert.equal(ok.status, 200);
    assert.deepEqual(seen, [1]);
    assert.deepEqual(double.requests.filter((r) => r.route === LIST).map((r) => r.status).slice(-2), [429, 200]);
    assert.deepEqual(double.violations, []);
  });
});
