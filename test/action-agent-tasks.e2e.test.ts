/**
 * dist/action.js with the embedded default's task cases (input tag: task), as a runner
 * runs it against the GitHub double: with the agent inputs and the secret (the key masked
 * before anything prints it), the tasks run against the scripted model double and the
 * comment's delta table carries their rows; on a fork's pull request, which gets no
 * secrets, the tasks are skipped with a note in the comment and the run passes.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openAiScriptedAgent } from './support/agent-script.ts';
import type { GitHubDouble } from './support/github-double/index.ts';
import { startOpenAiDouble, type OpenAiDouble } from './support/openai-double/index.ts';
import { prRun } from './support/pull-request-run.ts';
import { useGitHubDouble } from './support/use-github-double.ts';

const ARTIFACT = 'docs-mcp-eval-report-default';

describe('the Action with agent tasks', () => {
  let d: GitHubDouble;
  let model: OpenAiDouble;
  useGitHubDouble((double) => (d = double));
  before(async () => {
    model = await startOpenAiDouble();
    model.setDefault('chat', openAiScriptedAgent());
  });
  after(async () => {
    await model.close();
    assert.deepEqual(model.violations, []);
  });

  const comment = (pr: number) => (d.state.comments.get(pr) ?? []).find((c) => c.body?.includes('docs-mcp-eval:sticky'))?.body ?? '';
  const inputs = (key: string) => ({ tag: 'task', repetitions: '1', 'cache-dir': 'none', 'agent-model': 'scripted', 'agent-base-url': model.baseUrl, 'agent-api-key': key });

  it('with the secret: the tasks run, the key is masked, and a second run compares the task rows', async () => {
    const base = d.state.mainCommits.at(-1)!;
    const first = await prRun(d, { number: 41, baseSha: base }, inputs(model.apiKey));
    assert.equal(first.code, 0, first.log);
    assert.ok(first.log.includes(`::add-mask::${model.apiKey}`), 'the key is masked');
    assert.equal(first.log.split(model.apiKey).length - 1, 1, 'the key appears in the log only in its mask command');
    assert.match(comment(41), /\| Task pass rate +\| +1\.000 \|/);
    assert.match(comment(41), /Agent: openai `scripted` · 3 task\(s\) × 1 run\(s\), with and without docs/);
    // The first run's report, stored as the main branch's baseline: the next run compares its task rows.
    const report = readFileSync(path.join(first.runnerTemp, 'docs-mcp-eval/default/report.json'), 'utf8');
    const main = d.state.addRun({ headSha: base, event: 'push', headBranch: d.state.defaultBranch, conclusion: 'success', status: 'completed' });
    d.state.addArtifact(main.id, ARTIFACT, { 'report.json': report });
    const second = await prRun(d, { number: 42, baseSha: base }, inputs(model.apiKey));
    assert.equal(second.code, 0, second.log);
    assert.match(comment(42), /\| Task pass rate \(↑ better\) +\| +1\.000 \| +1\.000 \|.*= same/);
    assert.match(comment(42), /\| Task uplift \\\(with − without docs\\\) \(↑ better\) +\| +1\.000 \| +1\.000 \|/);
  });

  it('a fork without the secret: the tasks are skipped with a note (the summary, and the comment the comment workflow posts), and the run passes', async () => {
    const base = d.state.mainCommits.at(-1)!;
    const r = await prRun(d, { number: 43, baseSha: base, fork: true }, inputs(''));
    assert.equal(r.code, 0, r.log);
    const note = /Agent tasks skipped \(3\): the environment variable DOCS\\_MCP\\_EVAL\\_AGENT\\_API\\_KEY .*not set: no key for the agent\. The rest of the run is not affected\./;
    assert.match(r.summary, note);
    // A fork's token cannot comment: the comment goes in the PR artifact, for the workflow_run comment mode to post.
    const artifact = d.state.uploaded.filter((a) => a.name === 'docs-mcp-eval-pr-report-default').at(-1);
    assert.ok(artifact, 'the PR artifact is uploaded');
    const files = Object.values(artifact.files).map((b) => b.toString('utf8')).join('\n');
    assert.match(files, /"skipped": \{\s*"reason": "the environment variable DOCS_MCP_EVAL_AGENT_API_KEY/);
  });
});
