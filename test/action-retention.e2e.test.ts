/**
 * Artifact retention made visible (history-store: artifact, the default): dist/action.js
 * against the GitHub double, whose artifacts carry GitHub's expires_at. A pull request
 * whose baseline expired is told the day; one whose baseline expires within 14 days is
 * warned in the comment and the job summary, with the fix; and a mainline run in a
 * repository that keeps artifacts 7 days says so after uploading them.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ROOT, runAction } from './support/action-runner.ts';
import { pullRequestPayload, pushPayload } from './support/event-payloads.ts';
import type { GitHubDouble } from './support/github-double/index.ts';
import { useGitHubDouble } from './support/use-github-double.ts';

const DAY = 24 * 60 * 60 * 1000;
const day = (date: Date) => date.toISOString().slice(0, 10);
const REPORT = readFileSync(path.join(ROOT, 'baselines/reference.json'));

describe('artifact retention in the comment and the job summary', () => {
  let d: GitHubDouble;
  useGitHubDouble((double) => (d = double));

  /** A successful main-branch push at a new commit that stored a baseline and a history, expiring at `expiresAt`. */
  function storedRun(expiresAt: Date, expired: boolean) {
    const sha = d.state.addCommit();
    const run = d.state.addRun({ headSha: sha, event: 'push' });
    for (const [name, file] of [['docs-mcp-eval-report-default', 'report.json'], ['docs-mcp-eval-history-default', 'history.jsonl']] as const) {
      const artifact = d.state.addArtifact(run.id, name, { [file]: file === 'report.json' ? REPORT : '' });
      artifact.expired = expired;
      artifact.expiresAt = expiresAt.toISOString().replace(/\.\d+Z$/, 'Z');
    }
    return sha;
  }

  async function pullRequest(number: number, baseSha: string) {
    const pr = d.state.addPull({ number, baseSha });
    const run = d.state.addRun({ headSha: pr.headSha, event: 'pull_request', pullRequests: [number] });
    const r = await runAction({ double: d, event: 'pull_request', payload: pullRequestPayload(d, { number, headSha: pr.headSha, baseSha }), sha: pr.headSha, ref: `refs/pull/${number}/merge`, runId: run.id });
    const comment = d.state.comments.get(number)?.find((c) => c.body.includes('docs-mcp-eval:sticky'))?.body ?? '';
    return { r, comment };
  }

  it('a pull request whose baseline expired says "baseline expired on <date>", not a silent "no baseline"', async () => {
    const expiredAt = new Date(Date.now() - 20 * DAY);
    const base = storedRun(expiredAt, true);
    const { r, comment } = await pullRequest(41, base);
    assert.equal(r.code, 0, r.log);
    assert.equal(r.outputs['baseline'], 'none');
    assert.match(comment, new RegExp(`\\*\\*No comparison\\*\\*: baseline expired on ${day(expiredAt)}: the main-branch report artifact is gone`));
    assert.match(comment, new RegExp(`the baseline artifact \`docs-mcp-eval-report-default\` expired on ${day(expiredAt)}`));
    assert.match(comment, /`history-store: branch`/);
    assert.match(r.summary, /baseline expired on/);
  });

  it('a baseline that expires within 14 days is compared with, and the comment and summary warn and name the fix', async () => {
    const soon = new Date(Date.now() + 5 * DAY + 3_600_000);
    const base = storedRun(soon, false);
    const { r, comment } = await pullRequest(42, base);
    assert.equal(r.code, 0, r.log);
    assert.equal(r.outputs['baseline'], `artifact:${base}`);
    const warning = new RegExp(`> ⚠️ \\*\\*Artifact retention\\*\\*: the baseline artifact \`docs-mcp-eval-report-default\` expires on ${day(soon)} \\(in 5 days\\); the history artifact \`docs-mcp-eval-history-default\` expires on ${day(soon)} \\(in 5 days\\)\\..*\`history-store: branch\`.*nightly \`schedule\` run`);
    assert.match(comment, warning);
    assert.match(r.summary, warning);
  });

  it('a mainline run in a repository that keeps artifacts 7 days says so in its summary', async () => {
    d.state.retentionDays = 7;
    const before = d.state.mainCommits.at(-1)!;
    const sha = d.state.addCommit();
    const run = d.state.addRun({ headSha: sha, event: 'push', status: 'in_progress', conclusion: null });
    const r = await runAction({ double: d, event: 'push', payload: pushPayload(d, { before, after: sha }), sha, ref: `refs/heads/${d.state.defaultBranch}`, runId: run.id });
    assert.equal(r.code, 0, r.log);
    assert.match(r.summary, /the baseline artifact `docs-mcp-eval-report-default` expires on \d{4}-\d{2}-\d{2} \(in 6 days\); the history artifact `docs-mcp-eval-history-default` expires on/);
    assert.ok(d.requests.some((q) => q.route === 'GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}'), 'the expiry is read back from the API');
  });
});
