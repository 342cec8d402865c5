import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareReports } from '../../compare/compare-reports.ts';
import type { AgentStep } from '../../model/task.ts';
import { docsRun, taskCase, taskReport, withoutRun } from '../../../test/support/task-reports.ts';
import { renderComment } from '../comment/render-comment.ts';
import type { CommentContext } from '../comment/types.ts';
import { renderReport } from './render-report.ts';
import { renderTasks } from './render-tasks.ts';

const hostileStep: AgentStep = {
  turn: 1,
  text: 'Looking it up @maintainer <img src=x>',
  toolCalls: [{ id: 'c1', tool: 'search_docs', source: 'docs', args: { query: 'idempotency' }, ok: true, ms: 3.2, result: '{"hits": [] } ![x](http://evil) #123', chars: 40 }],
  finishReason: 'tool_calls',
  usage: { promptTokens: 10, completionTokens: 2, cachedTokens: 0 },
  ms: 5,
  cached: false,
};

function report() {
  const failing = docsRun(0, false, {
    stop: 'turns',
    stopDetail: 'the agent still called tools after 2 turns (maxTurns)',
    assertions: [{ type: 'file_contains', label: 'answer.txt', soft: false, passed: false, message: '"answer.txt" does not exist' }],
    trajectory: { system: 's', prompt: 'Find the header.', steps: [hostileStep] },
  });
  const r = taskReport([
    taskCase('passes', [docsRun(0, true), withoutRun(0, false)], 'lookup'),
    taskCase('fails', [failing, withoutRun(0, false)], 'code'),
  ]);
  r.tasks = { agent: { provider: 'openai', model: 'gpt-test' }, withoutDocs: true, repetitions: 1, tasks: 2, tools: { search_docs: 2 } };
  return r;
}

describe('task rendering', () => {
  it('shows the agent, both arms, the uplift with its test, tools, categories and the failed trajectory', () => {
    const r = report();
    r.tasks = { ...r.tasks!, uplift: { value: 0.5, tasks: 2, p: 1, pairs: 2, wins: 1, losses: 0, outcomes: { gained: 1, lost: 0, both_pass: 0, both_fail: 1, tied: 0 } } };
    const md = renderTasks(r)!;
    assert.match(md, /Agent: openai `gpt-test` · 2 task\(s\) × 1 run\(s\), with and without docs/);
    assert.match(md, /\| Pass rate +\| +0\.500 \| +0\.000 \|/);
    assert.match(md, /\*\*Uplift\*\* \+0\.500 .* exact sign test over 2 \(task, run\) pair\(s\): 1 passed with docs only, 0 without docs only, p = 1\.000 · tasks gained 1, lost 0, both pass 0, both fail 1/);
    assert.match(md, /<summary><code>fails<\/code>: not finished \(turns\) \(with docs, run 1\) · 2 turn\(s\) · 1 docs call\(s\)<\/summary>/);
    assert.match(md, /- ❌ `file_contains`: "answer\.txt" does not exist/);
    // The summary line is HTML: a task's name there is entity-escaped, not markdown-escaped.
    r.cases[1]!.name = 'Fails <b>often</b>';
    assert.match(renderTasks(r)!, /<summary><code>fails<\/code> Fails &lt;b&gt;often&lt;\/b&gt;: not finished/);
    // Model and server text is inert: no mention, no HTML, no image, no issue link.
    assert.doesNotMatch(md, /@maintainer|<img|!\[x\]\(|#123/);
    assert.match(renderReport(r), /- `fails`: not finished \(turns\) \(run 1\): "answer\.txt" does not exist/);
  });

  it('says when the tasks were skipped, and the comment carries that note without failing anything', () => {
    const r = taskReport([]);
    r.tasks = { agent: { provider: 'openai', model: '' }, withoutDocs: false, repetitions: 0, tasks: 2, tools: {}, skipped: { reason: 'the environment variable DOCS_MCP_EVAL_AGENT_API_KEY (the agent\'s apiKeyEnv) is not set: no key for the agent', cases: ['a', 'b'] } };
    assert.match(renderTasks(r)!, /> Agent tasks skipped \(2\): the environment variable DOCS\\_MCP\\_EVAL\\_AGENT\\_API\\_KEY .* not set: no key for the agent\. The rest of the run is not affected\./);
    const ctx: CommentContext = { key: 'default', baseline: { source: 'none', note: 'no baseline' } };
    assert.match(renderComment({ report: r, comparison: null }, ctx), /Agent tasks skipped \(2\)/);
  });

  it('puts flipped tasks in the comment, collapsed, and shortens them to a count to fit', () => {
    const before = taskReport([taskCase('fails', [docsRun(0, true)]), taskCase('passes', [docsRun(0, true)])]);
    const after = report();
    const comparison = compareReports(before, after);
    const ctx = { key: 'default', baseline: { source: 'artifact', note: 'main' } } as unknown as CommentContext;
    const comment = renderComment({ report: after, comparison }, ctx);
    assert.match(comment, /<summary><code>fails<\/code>: regressed: not finished \(turns\)/);
    assert.match(comment, /\| Task pass rate \(↑ better\) +\| +1\.000 \| +0\.500 \|/);
    const short = renderComment({ report: after, comparison }, ctx, comment.length - 200);
    assert.match(short, /Task trajectories: 1 \(left out to fit; see the full report\)\.|Agent: openai/);
  });
});
