/**
 * dist/action.js on push to the default branch and on schedule: the report becomes the
 * baseline artifact, the history artifact is carried forward and bounded, and the job
 * summary draws the trend. Then a pull request finds that baseline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runAction } from './support/action-runner.ts';
import { pullRequestPayload, pushPayload, schedulePayload } from './support/event-payloads.ts';
import type { GitHubDouble } from './support/github-double/index.ts';
import { useGitHubDouble } from './support/use-github-double.ts';

function historyLines(d: GitHubDouble): string[] {
  const newest = d.state.uploaded.filter((a) => a.name === 'docs-mcp-eval-history-default').at(-1);
  return (newest?.files['history.jsonl']?.toString('utf8') ?? '').trim().split('\n').filter(Boolean);
}

describe('the Action on mainline runs', () => {
  let d: GitHubDouble;
  useGitHubDouble((double) => (d = double));

  async function mainline(event: 'push' | 'schedule') {
    const before = d.state.mainCommits.at(-1)!;
    const sha = event === 'push' ? d.state.addCommit() : before;
    const run = d.state.addRun({ headSha: sha, event, headBranch: d.state.defaultBranch, status: 'in_progress', conclusion: null });
    const payload = event === 'push' ? pushPayload(d, { before, after: sha }) : schedulePayload(d);
    const r = await runAction({ double: d, event, payload, sha, ref: `refs/heads/${d.state.defaultBranch}`, runId: run.id, inputs: { 'history-size': '2' } });
    // The runner marks the run successful once the job ends: later runs may use its artifacts.
    run.status = 'completed';
    run.conclusion = 'success';
    return { r, sha };
  }

  it('push to main: stores the baseline and starts the history, with a trend in the summary', async () => {
    const { r } = await mainline('push');
    assert.equal(r.code, 0, r.log);
    assert.ok(d.state.uploaded.some((a) => a.name === 'docs-mcp-eval-report-default' && a.files['report.json']));
    assert.equal(historyLines(d).length, 1);
    assert.match(r.summary, /```mermaid\nxychart-beta/);
    // The log's case lines: an answer case says whether its answer passed, timed by its answer call.
    assert.match(r.log, /\[\d+\/\d+\] pass answer-ts-client-init \(\d+\.\d ms\)/);
    assert.doesNotMatch(r.log, /\] miss answer-/);
  });

  it('nightly schedule: compares with the previous mainline run and appends to the history', async () => {
    const { r } = await mainline('schedule');
    assert.equal(r.code, 0, r.log);
    assert.match(r.outputs['baseline'] ?? '', /^artifact:/);
    assert.equal(historyLines(d).length, 2);
  });

  it('keeps the history bounded to history-size', async () => {
    const { r } = await mainline('push');
    assert.equal(r.code, 0, r.log);
    assert.equal(historyLines(d).length, 2);
  });

  it('a re-run of a mainline job (attempt 2) succeeds and leaves one artifact of each name: the newest attempt\'s', async () => {
    const sha = d.state.addCommit();
    const run = d.state.addRun({ headSha: sha, event: 'push', headBranch: d.state.defaultBranch, status: 'in_progress', conclusion: null });
    const payload = pushPayload(d, { before: d.state.mainCommits.at(-2)!, after: sha });
    const attempt = (n: number) => runAction({ double: d, event: 'push', payload, sha, ref: `refs/heads/${d.state.defaultBranch}`, runId: run.id, env: { GITHUB_RUN_ATTEMPT: String(n) } });
    const first = await attempt(1);
    assert.equal(first.code, 0, first.log);
    const second = await attempt(2);
    assert.equal(second.code, 0, second.log);
    assert.doesNotMatch(second.log, /::(warning|error)::.*(artifact|upload)/i);
    // Downloads (the baseline, the history) go under RUNNER_TEMP, which the runner empties after the job.
    const folders = [...second.log.matchAll(/Artifact destination folder already exists: (\S+)/g)].map((m) => m[1]!);
    assert.ok(folders.length >= 2, second.log);
    for (const folder of folders) assert.ok(folder.startsWith(second.runnerTemp), `${folder} is not under RUNNER_TEMP`);
    for (const name of ['docs-mcp-eval-report-default', 'docs-mcp-eval-history-default']) {
      const kept = d.state.artifacts.filter((a) => a.runId === run.id && a.name === name);
      assert.equal(kept.length, 1, name);
      assert.equal(kept[0]?.id, d.state.uploaded.filter((a) => a.name === name).at(-1)?.id, `${name}: the newest attempt's`);
    }
    run.status = 'completed';
    run.conclusion = 'success';
  });

  it('a pull request then compares with the main-branch baseline of its base commit', async () => {
    const base = d.state.mainCommits.at(-1)!;
    const pr = d.state.addPull({ number: 11, baseSha: base });
    const run = d.state.addRun({ headSha: pr.headSha, event: 'pull_request', pullRequests: [11] });
    const r = await runAction({ double: d, event: 'pull_request', payload: pullRequestPayload(d, { number: 11, headSha: pr.headSha, baseSha: base }), sha: pr.headSha, ref: 'refs/pull/11/merge', runId: run.id });
    assert.equal(r.code, 0, r.log);
    assert.equal(r.outputs['baseline'], `artifact:${base}`);
  });
});
