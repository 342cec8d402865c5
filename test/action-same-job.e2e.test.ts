/**
 * dist/action.js with compare-ref and fail-on on a pull request: base and head servers of
 * a real git repository benchmarked in the same job, a gate that fails the step on a
 * real ranking regression, and the accept label that lets it pass and names who accepted.
 * GitHub is the loopback double (routes and payloads checked against its OpenAPI description).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import path from 'node:path';
import type { Report } from '../src/model/report.ts';
import { abRepository, BUILD, START, worktreeCount } from './support/ab-repo.ts';
import { runAction, ROOT } from './support/action-runner.ts';
import { pullRequestPayload } from './support/event-payloads.ts';
import type { GitHubDouble } from './support/github-double/index.ts';
import { useGitHubDouble } from './support/use-github-double.ts';

async function sameJobRun(d: GitHubDouble, number: number, repo: string, baseSha: string) {
  // A PR the test already labelled keeps its labels.
  const headSha = (d.state.pulls.get(number) ?? d.state.addPull({ number, baseSha })).headSha;
  const run = d.state.addRun({ headSha, event: 'pull_request', pullRequests: [number], conclusion: null, status: 'in_progress' });
  return runAction({
    double: d,
    event: 'pull_request',
    payload: pullRequestPayload(d, { number, headSha, baseSha }),
    inputs: {
      cases: path.join(ROOT, 'datasets/reference/cases.yaml'),
      'build-command': BUILD,
      'server-command': START,
      'compare-ref': baseSha,
      'setup-command': 'true',
      repetitions: '2',
      // Bounded so the test stays quick; the input reaches the run (checked below in the report).
      'max-repetitions': '3',
      'fail-on': 'mrr@5 < -0.02\nsearch.p95 > +400%',
    },
    sha: headSha,
    ref: `refs/pull/${number}/merge`,
    runId: run.id,
    env: { GITHUB_WORKSPACE: repo },
  });
}

const sticky = (d: GitHubDouble, pr: number) => (d.state.comments.get(pr) ?? []).find((c) => c.body?.includes('docs-mcp-eval:sticky'))?.body ?? '';

describe('the Action with compare-ref and fail-on', () => {
  let d: GitHubDouble;
  useGitHubDouble((double) => (d = double));

  it('fails the step on a real ranking regression, naming the metric and the cases, with a same-job comment', async () => {
    const { repo, sha } = abRepository('ranking-fault');
    const r = await sameJobRun(d, 41, repo, sha);
    assert.equal(r.code, 1, r.log);
    assert.match(r.log, /::error title=docs-mcp-eval gate failed::MRR@5 \(mrr@5\) changed by −0\.\d+ .*failing gate 'mrr@5 < -0\.02'; cases: /);
    assert.match(r.log, /fail-on gate\(s\) failed; the label "docs-mcp-eval:accept"/);
    assert.equal(r.outputs['gate-failures'], '1');
    assert.equal(r.outputs['baseline'], `same-job:${sha}`);
    const body = sticky(d, 41);
    assert.match(body, new RegExp(`same-job comparison against \`${sha.slice(0, 7)}\``));
    assert.match(body, /❌ \*\*1 fail-on gate\(s\) failed\*\*/);
    assert.match(body, /\| MRR@5 \(↑ better\) .*❌ worse/);
    assert.match(body, /Statistics behind the verdicts/);
    assert.equal(worktreeCount(repo), 1, 'the base worktree is removed');
    const report = JSON.parse(r.outputs['report-json'] ?? '{}') as Report;
    assert.equal(report.settings.sampling?.maxRepetitions, 3, 'input max-repetitions reaches the run');
    assert.ok(report.settings.repetitions >= 2 && report.settings.repetitions <= 3);
  });

  it('passes with the accept label, and the comment says who accepted', async () => {
    const { repo, sha } = abRepository('ranking-fault');
    d.state.labelPull(42, 'docs-mcp-eval:accept', 'alice', '2026-11-20T10:00:00Z');
    const r = await sameJobRun(d, 42, repo, sha);
    assert.equal(r.code, 0, r.log);
    assert.match(r.log, /::warning title=docs-mcp-eval gate \(accepted\)::MRR@5/);
    const body = sticky(d, 42);
    assert.match(body, /☑️ \*\*Regression accepted\*\* \(label `docs-mcp-eval:accept` added by @alice on 2026-11-20\)/);
  });
});
