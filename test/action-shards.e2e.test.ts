/**
 * dist/action.js on a matrix: two `shard` jobs upload their reports as artifacts and do
 * not comment; a `mode: merge` job merges the reports (as actions/download-artifact left
 * them) and posts the one comment. GitHub is the loopback double.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { runAction } from './support/action-runner.ts';
import { pullRequestPayload } from './support/event-payloads.ts';
import type { GitHubDouble } from './support/github-double/index.ts';
import { useGitHubDouble } from './support/use-github-double.ts';

describe('the Action on a matrix of shards', () => {
  let d: GitHubDouble;
  useGitHubDouble((double) => (d = double));

  it('shards upload their reports without commenting; the merge job posts one comment', async () => {
    const base = d.state.mainCommits.at(-1)!;
    const pr = d.state.addPull({ number: 7, baseSha: base });
    const run = d.state.addRun({ headSha: pr.headSha, event: 'pull_request', pullRequests: [7], conclusion: null, status: 'in_progress' });
    const job = (inputs: Record<string, string>, env: Record<string, string> = {}) =>
      runAction({ double: d, event: 'pull_request', payload: pullRequestPayload(d, { number: 7, headSha: pr.headSha, baseSha: base }), inputs, sha: pr.headSha, ref: 'refs/pull/7/merge', runId: run.id, env });

    const downloads = mkdtempSync(path.join(os.tmpdir(), 'dme-shards-'));
    for (const i of [1, 2]) {
      const temp = mkdtempSync(path.join(os.tmpdir(), 'dme-shard-job-'));
      const r = await job({ shard: `${i}/2`, repetitions: '1', warmup: '0' }, { RUNNER_TEMP: temp });
      assert.equal(r.code, 0, r.log);
      assert.match(r.summary, new RegExp(`shard ${i}/2`));
      assert.ok(d.state.uploaded.some((a) => a.name === `docs-mcp-eval-shard-${i}-of-2-default`), 'shard report uploaded');
      // What actions/download-artifact leaves: one directory per artifact.
      mkdirSync(path.join(downloads, `shard-${i}`));
      copyFileSync(path.join(temp, 'docs-mcp-eval/default/report.json'), path.join(downloads, `shard-${i}`, 'report.json'));
    }
    assert.equal((d.state.comments.get(7) ?? []).length, 0, 'shards do not comment');

    const merged = await job({ mode: 'merge', reports: downloads });
    assert.equal(merged.code, 0, merged.log);
    assert.match(merged.log, /merged 2 shard report\(s\): 65 cases/);
    const comments = (d.state.comments.get(7) ?? []).filter((c) => c.body?.includes('docs-mcp-eval:sticky'));
    assert.equal(comments.length, 1);
    assert.match(comments[0]?.body ?? '', /65 cases/);
  });
});
