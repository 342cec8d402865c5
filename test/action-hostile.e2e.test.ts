/**
 * A suite with 3,000 cases whose names and ids try to break the comment (HTML, table
 * pipes, mentions, links, 200-character names), run by dist/action.js against the
 * faulty fixture server: the posted comment stays under GitHub's limit, keeps its
 * marker and verdict, and carries none of the injected markup.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { stringify } from 'yaml';
import { runAction } from './support/action-runner.ts';
import { pullRequestPayload } from './support/event-payloads.ts';
import { faultyCommand } from './support/faulty.ts';
import type { GitHubDouble } from './support/github-double/index.ts';
import { useGitHubDouble } from './support/use-github-double.ts';

const HOSTILE = ['</details><img src=x onerror=alert(1)>', '| broken | table |', '@acme/maintainers', '[click](javascript:alert(1))', '<!-- swallow'];

function hostileSuite(n: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-hostile-'));
  const file = path.join(dir, 'cases.yaml');
  const cases = Array.from({ length: n }, (_, i) => ({
    id: `case-${i}`,
    name: `${HOSTILE[i % HOSTILE.length]} ${'x'.repeat(150)} ${i}`,
    query: `query ${i}`,
    category: HOSTILE[i % HOSTILE.length],
    // The faulty server always answers a.md#x: every case misses, so every case is listed.
    expected: `b.md#y-${i}`,
  }));
  writeFileSync(file, stringify({ name: '<b>hostile</b> @everyone', cases }));
  return file;
}

describe('the Action with hostile, oversized suites', () => {
  let d: GitHubDouble;
  useGitHubDouble((double) => (d = double));

  it('posts a comment under 65,536 characters with nothing injected', async () => {
    const base = d.state.mainCommits.at(-1)!;
    const pr = d.state.addPull({ number: 31, baseSha: base });
    const run = d.state.addRun({ headSha: pr.headSha, event: 'pull_request', pullRequests: [31] });
    const r = await runAction({
      double: d,
      event: 'pull_request',
      payload: pullRequestPayload(d, { number: 31, headSha: pr.headSha, baseSha: base }),
      inputs: { cases: hostileSuite(3000), 'server-command': faultyCommand(), warmup: '0' },
      sha: pr.headSha,
      ref: 'refs/pull/31/merge',
      runId: run.id,
    });
    assert.equal(r.code, 0, r.log.slice(-2000));
    const body = d.state.comments.get(31)?.[0]?.body ?? '';
    assert.ok(body.length > 0 && Buffer.byteLength(body) <= 65_536, `comment is ${Buffer.byteLength(body)} bytes`);
    assert.ok(body.startsWith('<!-- docs-mcp-eval:sticky'));
    assert.equal(body.match(/<!--/g)?.length, 1, 'no second HTML comment');
    assert.doesNotMatch(body, /<img|<b>|\]\(javascript:|@acme\/maintainers|@everyone/);
    assert.doesNotMatch(body, /<\/details><img/);
  });
});
