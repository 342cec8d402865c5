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
import { quote } from 'shell-quote';
import { ROOT, runAction } from './support/action-runner.ts';
import { pullRequestPayload, pushPayload } from './support/event-payloads.ts';
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

describe('the Action log against a hostile server', () => {
  let d: GitHubDouble;
  useGitHubDouble((double) => (d = double));

  it('runs no workflow command and prints no escape sequence that a server sent', async () => {
    const sha = d.state.addCommit();
    const run = d.state.addRun({ headSha: sha, event: 'push', headBranch: d.state.defaultBranch, status: 'in_progress', conclusion: null });
    const r = await runAction({
      double: d,
      event: 'push',
      payload: pushPayload(d, { before: d.state.mainCommits.at(-2) ?? sha, after: sha }),
      sha,
      ref: `refs/heads/${d.state.defaultBranch}`,
      runId: run.id,
      inputs: {
        cases: path.join(ROOT, 'test/fixtures/health-cases.yaml'),
        'server-command': quote([process.execPath, path.join(ROOT, 'test/fixtures/health-server.mjs'), '--mode', 'hostile']),
        'save-baseline': 'never',
      },
    });
    assert.notEqual(r.code, 0, 'the errored cases fail the step');
    const lines = r.log.split('\n');
    assert.deepEqual(lines.filter((l) => /^::(error title=pwned|add-mask::secret)/.test(l)), [], 'a server line became a workflow command');
    assert.ok(lines.some((l) => l.includes('::error title=pwned::injected') && !l.startsWith('::error title=pwned')), 'the text is kept, inert, inside a line of ours');
    // eslint-disable-next-line no-control-regex -- what must not be there
    assert.equal(/[\u001b\u009b\u202e]/.test(r.log), false, 'an escape or bidi control reached the log');
  });
});
