/** The event as the runner describes it: which runs are mainline (the only ones that store baselines and history). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readEvent } from './event.ts';

const env = (name: string, ref: string, extra: Record<string, string> = {}) => ({ GITHUB_EVENT_NAME: name, GITHUB_REF: ref, GITHUB_REPOSITORY: 'acme/docs', GITHUB_RUN_ID: '42', ...extra });
const payload = { repository: { default_branch: 'trunk' } };

describe('readEvent', () => {
  it('push and workflow_dispatch on the default branch, and schedule, are mainline; anything else is not', () => {
    assert.equal(readEvent(env('push', 'refs/heads/trunk'), payload).isMainline, true);
    assert.equal(readEvent(env('workflow_dispatch', 'refs/heads/trunk'), payload).isMainline, true);
    assert.equal(readEvent(env('schedule', 'refs/heads/trunk'), payload).isMainline, true);
    assert.equal(readEvent(env('workflow_dispatch', 'refs/heads/feature'), payload).isMainline, false);
    assert.equal(readEvent(env('push', 'refs/heads/main'), payload).isMainline, false);
    assert.equal(readEvent(env('pull_request', 'refs/pull/3/merge'), { ...payload, pull_request: { number: 3, head: { repo: { full_name: 'fork/docs' } } } }).isMainline, false);
  });

  it('reads the attempt and the server URL (without a trailing slash)', () => {
    const event = readEvent(env('push', 'refs/heads/trunk', { GITHUB_RUN_ATTEMPT: '3', GITHUB_SERVER_URL: 'https://ghe.example/' }), payload);
    assert.equal(event.runAttempt, 3);
    assert.equal(event.serverUrl, 'https://ghe.example');
    assert.equal(event.runUrl, 'https://ghe.example/acme/docs/actions/runs/42');
    assert.equal(readEvent(env('push', 'refs/heads/trunk', { GITHUB_RUN_ATTEMPT: 'x' }), payload).runAttempt, 1);
  });
});
