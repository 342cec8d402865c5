/**
 * The double's honesty: requests GitHub does not document are violations (and fail
 * visibly), and a payload that does not match the schema is caught before it is sent.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getOctokit } from '@actions/github';
import { startGitHubDouble, type GitHubDouble } from './index.ts';
import { matchRoute } from './routes.ts';
import { checkResponse } from './validate.ts';
import { exampleOf } from './schema-example.ts';

describe('github double: validation', () => {
  let double: GitHubDouble;
  let octokit: ReturnType<typeof getOctokit>;
  before(async () => {
    double = await startGitHubDouble();
    octokit = getOctokit('ghs_test', { baseUrl: double.apiUrl });
  });
  after(() => double.close());

  it('an invented request body field is a violation and a 422', async () => {
    double.violations.length = 0;
    await assert.rejects(
      octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        owner: 'acme',
        repo: 'docs-server',
        issue_number: 1,
        bodyy: 'typo',
      } as never),
      { status: 422 },
    );
    assert.ok(
      double.violations.includes(
        "POST /repos/{owner}/{repo}/issues/{issue_number}/comments: request body: must NOT have additional properties 'bodyy'",
      ),
      double.violations.join('\n'),
    );
    assert.equal(double.state.comments.get(1), undefined, 'nothing was created');
  });

  it('a wrongly typed body field is a violation', async () => {
    double.violations.length = 0;
    await assert.rejects(
      octokit.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', { owner: 'acme', repo: 'docs-server', comment_id: 1, body: 42 } as never),
      { status: 422 },
    );
    assert.deepEqual(double.violations, ['PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}: request body/body: must be string']);
  });

  it('an unknown route is a violation and a 404', async () => {
    double.violations.length = 0;
    await assert.rejects(octokit.request('GET /repos/{owner}/{repo}/sticky-comments', { owner: 'acme', repo: 'docs-server' }), { status: 404 });
    assert.deepEqual(double.violations, ["GET /repos/acme/docs-server/sticky-comments: unknown route (not in GitHub's OpenAPI description)"]);
    assert.equal(double.requests.at(-1)?.route, 'unknown');
  });

  it('an undeclared or ill-typed query parameter is a violation', async () => {
    double.violations.length = 0;
    await assert.rejects(
      octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', { owner: 'acme', repo: 'docs-server', issue_number: 1, sort: 'desc' }),
      { status: 422 },
    );
    await assert.rejects(
      octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', { owner: 'acme', repo: 'docs-server', issue_number: 1, per_page: 'lots' } as never),
      { status: 422 },
    );
    assert.deepEqual(double.violations, [
      "GET /repos/{owner}/{repo}/issues/{issue_number}/comments: query parameter 'sort' is not declared",
      'GET /repos/{owner}/{repo}/issues/{issue_number}/comments: query parameters/per_page: must be integer',
    ]);
  });

  it('a documented route the double does not serve is a violation too', async () => {
    double.violations.length = 0;
    await assert.rejects(octokit.rest.issues.listLabelsForRepo({ owner: 'acme', repo: 'docs-server' }), { status: 404 });
    assert.match(double.violations[0] ?? '', /^GET \/repos\/\{owner\}\/\{repo\}\/labels: documented, but not served/);
  });

  it('response checking catches a payload that breaks the schema', () => {
    const match = matchRoute('POST', '/repos/acme/docs-server/issues/1/comments');
    assert.ok(match);
    const good = exampleOf('issue-comment');
    assert.deepEqual(checkResponse(match, 201, good), []);
    assert.deepEqual(checkResponse(match, 201, { ...good, id: 'IC_1' }), [
      'POST /repos/{owner}/{repo}/issues/{issue_number}/comments: response 201 body/id: must be integer',
    ]);
    assert.deepEqual(checkResponse(match, 201, { ...good, created_at: 'yesterday' }), [
      'POST /repos/{owner}/{repo}/issues/{issue_number}/comments: response 201 body/created_at: must match format "date-time"',
    ]);
  });

  it('nullable fields accept null (OpenAPI 3.0 nullable is understood)', () => {
    const match = matchRoute('GET', '/repos/acme/docs-server/actions/artifacts/1');
    assert.ok(match);
    const artifact = { ...exampleOf('artifact'), digest: null, workflow_run: null, expires_at: null };
    assert.deepEqual(checkResponse(match, 200, artifact), []);
  });

  it('the most literal template wins', () => {
    assert.equal(matchRoute('GET', '/repos/a/b/issues/comments')?.route, 'GET /repos/{owner}/{repo}/issues/comments');
    assert.equal(matchRoute('GET', '/repos/a/b/issues/5')?.route, 'GET /repos/{owner}/{repo}/issues/{issue_number}');
    assert.equal(matchRoute('GET', '/repos/a/b/compare/x...y')?.params['basehead'], 'x...y');
  });
});
