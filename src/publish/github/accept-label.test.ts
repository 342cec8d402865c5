/**
 * findAcceptance against the GitHub double: the acceptance label is read from the API
 * (not the possibly stale event payload), and "who and when" come from the latest
 * `labeled` event for that label, wherever it sits in a long, paginated event log.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { startGitHubDouble, type GitHubDouble } from '../../../test/support/github-double/index.ts';
import { DEFAULT_ACCEPT_LABEL, findAcceptance, type IssueTarget } from './accept-label.ts';
import { createOctokit, type Octokit } from './octokit.ts';

const PR = 17;
const LABEL = DEFAULT_ACCEPT_LABEL;
const EVENTS = 'GET /repos/{owner}/{repo}/issues/{issue_number}/events';

describe('findAcceptance', () => {
  let double: GitHubDouble;
  let octokit: Octokit;
  let target: IssueTarget;

  beforeEach(async () => {
    double = await startGitHubDouble();
    octokit = createOctokit('ghs_test', { baseUrl: double.apiUrl, throttle: false });
    target = { owner: double.state.owner, repo: double.state.repo, number: PR };
    double.state.addPull({ number: PR, labels: ['docs'] });
  });
  afterEach(async () => {
    assert.deepEqual(double.violations, []);
    await double.close();
  });

  it('is null when the label is not on the pull request, without reading the events', async () => {
    double.state.labelPull(PR, 'needs-review', 'alice');
    assert.equal(await findAcceptance(octokit, target, LABEL), null);
    assert.equal(double.requests.filter((r) => r.route === EVENTS).length, 0);
  });

  it('is null once the label was removed again', async () => {
    double.state.labelPull(PR, LABEL, 'alice', '2024-05-01T10:00:00Z');
    double.state.unlabelPull(PR, LABEL, 'bob', '2024-05-01T11:00:00Z');
    assert.equal(await findAcceptance(octokit, target, LABEL), null);
  });

  it('names who added the label and when', async () => {
    double.state.labelPull(PR, LABEL, 'alice', '2024-05-01T10:00:00Z');
    assert.deepEqual(await findAcceptance(octokit, target, LABEL), { label: LABEL, by: 'alice', at: '2024-05-01T10:00:00Z' });
  });

  it('takes the latest labeled event after a remove and re-add', async () => {
    double.state.labelPull(PR, LABEL, 'alice', '2024-05-01T10:00:00Z');
    double.state.unlabelPull(PR, LABEL, 'bob', '2024-05-02T10:00:00Z');
    double.state.labelPull(PR, LABEL, 'carol', '2024-05-03T10:00:00Z');
    double.state.labelPull(PR, 'other', 'dave', '2024-05-04T10:00:00Z');
    assert.deepEqual(await findAcceptance(octokit, target, LABEL), { label: LABEL, by: 'carol', at: '2024-05-03T10:00:00Z' });
  });

  it('finds the latest labeled event across pages of a long event log', async () => {
    const day = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 3_600_000);
    double.state.labelPull(PR, LABEL, 'early-bird', day(0));
    for (let i = 1; i <= 120; i++) double.state.labelPull(PR, `noise-${i}`, `user${i % 4}`, day(i));
    double.state.labelPull(PR, LABEL, 'maintainer', day(150));
    for (let i = 151; i <= 260; i++) double.state.unlabelPull(PR, `noise-${i - 150}`, 'renovate[bot]', day(i));
    const found = await findAcceptance(octokit, target, LABEL);
    assert.deepEqual(found, { label: LABEL, by: 'maintainer', at: day(150).toISOString().replace('.000Z', 'Z') });
    assert.equal(double.requests.filter((r) => r.route === EVENTS).length, 3, '232 events at 100 a page');
  });

  it('finds the label on a later page of the labels, with a configured name in any case', async () => {
    for (let i = 0; i < 120; i++) double.state.labelPull(PR, `area-${i}`, 'triage-bot[bot]', '2024-01-01T00:00:00Z');
    double.state.labelPull(PR, 'Perf: Accepted', 'release-manager', '2024-02-01T00:00:00Z');
    assert.deepEqual(await findAcceptance(octokit, target, 'perf: accepted'), {
      label: 'Perf: Accepted',
      by: 'release-manager',
      at: '2024-02-01T00:00:00Z',
    });
  });

  it('within one second, the later event (higher id) wins', async () => {
    double.state.labelPull(PR, LABEL, 'alice', '2024-05-01T10:00:00Z');
    double.state.unlabelPull(PR, LABEL, 'alice', '2024-05-01T10:00:00Z');
    double.state.labelPull(PR, LABEL, 'bob', '2024-05-01T10:00:00Z');
    assert.equal((await findAcceptance(octokit, target, LABEL))?.by, 'bob');
  });

  it('a label without a labeled event (e.g. set when the PR was opened from a template) has no author', async () => {
    double.state.addPull({ number: PR, labels: [LABEL] });
    assert.deepEqual(await findAcceptance(octokit, target, LABEL), { label: LABEL, by: null, at: null });
  });
});
