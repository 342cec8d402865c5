import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { report, type CaseSpec } from '../../../test/support/reports.ts';
import { compareReports } from '../../compare/compare-reports.ts';
import type { Evaluation } from '../../model/comparison.ts';
import { verdictLine } from '../markdown/render-delta.ts';
import { textSize } from './budget.ts';
import { commentMarker } from './marker.ts';
import { renderComment } from './render-comment.ts';
import type { CommentContext } from './types.ts';

const rel = (id: string) => ({ id, grade: 1 });
const ctx: CommentContext = {
  key: 'default',
  baseline: { source: 'artifact', sha: 'abc1234def567', date: '2026-11-20T08:00:00Z', url: 'https://github.com/o/r/actions/runs/1', behindBy: 3 },
  runUrl: 'https://github.com/o/r/actions/runs/2',
  artifactUrl: 'https://github.com/o/r/actions/runs/2/artifacts/9',
};

/** A pair of reports where the odd cases regress and the even ones improve. */
function pair(n: number, id: (i: number) => string, category: (i: number) => string): Evaluation {
  const good = (i: number): CaseSpec => ({ id: id(i), ranked: ['x'], relevant: [rel('x')], category: category(i) });
  const bad = (i: number): CaseSpec => ({ id: id(i), ranked: ['y', 'z', 'x'], relevant: [rel('x')], category: category(i) });
  const indexes = [...Array(n).keys()];
  const before = report(indexes.map((i) => (i % 2 ? good(i) : bad(i))));
  const after = report(indexes.map((i) => (i % 2 ? bad(i) : good(i))));
  return { report: after, comparison: compareReports(before, after) };
}

describe('renderComment', () => {
  const small = pair(4, (i) => `case-${i}`, () => 'api');
  const body = renderComment(small, ctx);

  it('starts with the marker, then title, verdict and delta table', () => {
    assert.equal(body.split('\n')[0], commentMarker('default'));
    const order = ['### docs-mcp-eval', verdictLine(small.comparison!), '| Metric', 'By category', 'Case regressions (2)', 'Case improvements (2)', 'Baseline:', 'Environment:'];
    const at = order.map((s) => body.indexOf(s));
    assert.ok(at.every((i) => i >= 0), JSON.stringify(at));
    assert.deepEqual([...at].sort((a, b) => a - b), at);
    assert.equal(body.includes('Truncated'), false);
  });

  it('names the baseline commit, its age and its run', () => {
    assert.match(body, /Baseline: main-branch run @ `abc1234` \(2026-11-20, 3 commits behind the base\) · \[run\]\(https:\/\/github\.com\/o\/r\/actions\/runs\/1\)/);
    assert.match(body, /baseline ran on the same machine/);
    assert.match(body, /\[Workflow run\]\(https:\/\/github\.com\/o\/r\/actions\/runs\/2\)/);
  });

  it('titles a non-default key and keeps its own marker', () => {
    const keyed = renderComment(small, { ...ctx, key: 'docs-v2' });
    assert.ok(keyed.startsWith('<!-- docs-mcp-eval:sticky key="docs-v2" -->\n'));
    assert.match(keyed, /^### docs-mcp-eval · docs-v2$/m);
  });

  it('without a comparison says why and shows the run summary', () => {
    const alone = renderComment(
      { report: small.report, comparison: null, baselineNote: 'no baseline requested' },
      { key: 'default', baseline: { source: 'none', note: 'no main-branch baseline yet: the first push to main will store one' } },
    );
    assert.match(alone, /\*\*No comparison\*\*: no main-branch baseline yet: the first push to main will store one\./);
    assert.match(alone, /\| MRR@5 +\| +0\.\d+ \|/);
    assert.match(alone, /\| search \|/);
    assert.match(alone, /^Baseline: none\.$/m);
  });

  it('flags errored cases and an early stop above the table', () => {
    const failed = report([{ id: 'boom', ranked: [], relevant: [rel('x')], status: 'error', error: { kind: 'timeout', message: 'no answer in 1000 ms' } }]);
    const text = renderComment({ report: failed, comparison: compareReports(failed, failed), stoppedEarly: '3 timeouts in a row' }, ctx);
    // Run health comes before the verdict, and fails the run by default (any errored case).
    assert.match(text, /> ❌ \*\*Run health: failed\*\*: 1 of 1 cases errored or did not run \\\(1 timeout\\\) \\\(allowed: 0, --max-errors\\\)/);
    assert.ok(text.indexOf('Run health') < text.indexOf('metric(s) worse'));
    assert.match(text, /\*\*The run stopped early\*\*: 3 timeouts in a row\./);
    assert.match(text, /Errored and not-run cases \(1\)[\s\S]*`boom`: \*\*error\*\* \(timeout\) no answer in 1000 ms/);
  });
});

describe('renderComment budget', () => {
  const huge = pair(5000, (i) => `case-${i}-${'long name '.repeat(30)}`, (i) => `category ${i} ${'x'.repeat(150)}`);

  it('keeps a 5,000-case comment within 65,536 and keeps the essentials', () => {
    const text = renderComment(huge, ctx);
    assert.ok(textSize(text) <= 65_536, `size ${textSize(text)}`);
    assert.ok(text.length <= 65_536);
    assert.ok(text.startsWith(`${commentMarker('default')}\n`));
    assert.ok(text.includes(verdictLine(huge.comparison!)));
    assert.match(text, /\| Metric +\| Baseline/);
    assert.match(text, /^Baseline: main-branch run/m);
    assert.match(text, /Truncated to fit GitHub's comment limit: full report in \[the artifact\]\(https:\/\/github\.com\/o\/r\/actions\/runs\/2\/artifacts\/9\)/);
    // Every list is shortened and says so; regressions keep the most rows.
    assert.match(text, /By category \(first 20 of 5000\)/);
    assert.match(text, /Case regressions \(2500, first 200 shown\)/);
    // Improvements (good news) come last: the flipped cases named under the delta table took their room here.
    assert.match(text, /Case improvements: 2500 \(list left out to fit\)/);
    assert.match(text, /\*\*Cases that changed\*\* \(status, pass\/fail or first relevant rank in the top k; 2500 worse, 2500 better\):\n(- .*\n){10}- … and 4990 more/);
    assert.equal(count(text, '<details>'), count(text, '</details>'));
  });

  it('fits a small budget with marker, verdict, table and baseline line', () => {
    const text = renderComment(huge, ctx, 6000);
    assert.ok(textSize(text) <= 6000, `size ${textSize(text)}`);
    for (const must of [commentMarker('default'), verdictLine(huge.comparison!), '| Metric', 'Baseline:', 'Truncated']) assert.ok(text.includes(must), must);
  });

  it('drops improvements and categories before regressions, regressions before the essentials', () => {
    const mid = renderComment(huge, ctx, 20_000);
    assert.match(mid, /Case improvements: 2500 \(list left out to fit\)/);
    assert.match(mid, /Case regressions \(2500, first \d+ shown\)/);
    const tight = renderComment(huge, ctx, 3000);
    assert.ok(textSize(tight) <= 3000, `size ${textSize(tight)}`);
    assert.match(tight, /Case regressions: 2500 \(list left out to fit\)/);
    assert.equal(tight.includes('By category'), false);
    for (const must of [commentMarker('default'), verdictLine(huge.comparison!), '| Metric', 'Baseline:', 'Truncated']) assert.ok(tight.includes(must), must);
  });

  it('cuts at a line, keeping marker, verdict and note, when even the essentials are too long', () => {
    const text = renderComment(huge, ctx, 800);
    assert.ok(textSize(text) <= 800, `size ${textSize(text)}`);
    assert.ok(text.startsWith(commentMarker('default')));
    assert.ok(text.includes(verdictLine(huge.comparison!)));
    assert.match(text, /Truncated/);
  });

  it('counts multi-byte characters conservatively', () => {
    const wide = pair(400, (i) => `${'😀'.repeat(70)}-${i}`, (i) => `${'é'.repeat(100)} ${i}`);
    const text = renderComment(wide, ctx, 20_000);
    assert.ok(new TextEncoder().encode(text).length <= 20_000);
  });
});

function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}
