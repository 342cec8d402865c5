/**
 * Everything from a dataset or a server (case ids and names, categories, dataset name,
 * error messages) and from a baseline file a PR may supply, rendered into the comment:
 * none of it may break a table, open HTML or a comment, link, embed, or ping anyone.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { report, type CaseSpec } from '../../../test/support/reports.ts';
import { compareReports } from '../../compare/compare-reports.ts';
import { commentMarker } from './marker.ts';
import { renderComment } from './render-comment.ts';

const HOSTILE = [
  '</details><img src=x onerror=alert(1)>',
  '| broken | row |',
  '@org/team and @octocat',
  '[click](javascript:alert(1))',
  '![pixel](https://evil.example/p.png)',
  'tick ` tock ``` fence',
  '<!-- swallow the rest',
  'see https://evil.example or www.evil.example',
  '&lt;script&gt; $\\huge{BIG}$',
  'back\\slash\\',
  `${'A'.repeat(10_000)}`,
  'fixes #123 and owner/repo#5, GH-12, see deadbeef1 or 0123456789abcdef0123456789abcdef01234567',
  'esc \u001b[31mred\u001b[0m \u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007 and \u202eRLO\u202c',
];

const rel = (id: string) => ({ id, grade: 1 });

function hostileEvaluation() {
  const spec = (h: string, i: number, ranked: string[]): CaseSpec => ({ id: `${h}#${i}`, name: h, ranked, relevant: [rel('x')], category: h });
  const before = report(HOSTILE.map((h, i) => spec(h, i, ['x'])), { hash: '<img src=x>' });
  const after = report(
    [
      ...HOSTILE.map((h, i) => spec(h, i, i % 2 ? ['x'] : ['y', 'x'])),
      ...HOSTILE.map((h, i): CaseSpec => ({ id: `err ${h} ${i}`, ranked: [], relevant: [rel('x')], category: h, status: 'error', error: { kind: 'call_failed', message: h } })),
    ],
    { environment: { cpuModel: HOSTILE[0]!, runnerImage: HOSTILE[2]! } },
  );
  after.dataset.name = HOSTILE[0]!;
  return { report: after, comparison: compareReports(before, after), stoppedEarly: HOSTILE[3]! };
}

const outputs = (() => {
  const evaluation = hostileEvaluation();
  const ctx = { key: 'a" --> <b>', title: HOSTILE[6]!, baseline: { source: 'none' as const, note: HOSTILE[2]! }, runUrl: 'javascript:alert(1)' };
  return [
    renderComment(evaluation, { ...ctx, baseline: { source: 'artifact', sha: HOSTILE[1]!, date: HOSTILE[0]!, url: 'https://x.example/a)(b' } }),
    renderComment({ ...evaluation, comparison: null, baselineNote: HOSTILE[0]! }, ctx),
  ];
})();

/** The text markdown would interpret: code spans (literal by definition) blanked out. */
function active(body: string): string {
  return body
    .split('\n')
    .map((line) => line.replace(/\\`/g, '').replace(/`[^`]*`/g, '``'))
    .join('\n');
}

/** Unescaped pipes, i.e. cell borders, in one table row. */
function cells(line: string): number {
  return (line.replace(/\\\\/g, '').match(/(?<!\\)\|/g) ?? []).length;
}

describe('comment safety', () => {
  for (const [n, raw] of outputs.entries()) {
    const body = active(raw);
    describe(n === 0 ? 'with a comparison' : 'without a comparison', () => {
      it('holds no HTML but its own details blocks and marker', () => {
        const tags = body.match(/<\/?[a-z!][^>]*>?/gi) ?? [];
        const ours = new Set(['<details>', '</details>', '<summary>', '</summary>']);
        const foreign = tags.filter((t) => !ours.has(t) && !t.startsWith('<!-- docs-mcp-eval:sticky'));
        assert.deepEqual(foreign, []);
        assert.equal(body.split('<details>').length, body.split('</details>').length);
        assert.equal(body.indexOf('<!--'), 0);
        assert.equal(body.lastIndexOf('<!--'), 0);
        assert.equal(raw.split('\n')[0], commentMarker('a" --> <b>'));
      });

      it('holds no links, images, mentions, autolinks or math but its own', () => {
        assert.deepEqual(body.match(/\]\((?!https:\/\/x\.example\/a%29%28b\))[^)]*\)?/g) ?? [], [], 'a link that is not ours');
        assert.equal(body.includes('!['), false);
        assert.equal(/@(org|octocat)/.test(body), false);
        assert.equal(/https?:\/\/evil|www\.evil/i.test(body), false);
        assert.equal(body.includes('$'), false);
        assert.equal(body.includes('x.example/a)(b'), false);
      });

      it('links no issue, pull request or commit, its own rank notation included', () => {
        assert.deepEqual(body.match(/(?:^|[\s(|])#\d+/gm) ?? [], [], 'an issue/PR reference');
        assert.deepEqual(body.match(/[\w.-]+\/[\w.-]+#\d/g) ?? [], [], 'a cross-repository reference');
        assert.deepEqual(body.match(/\bGH-\d/gi) ?? [], [], 'a GH- reference');
        assert.deepEqual(body.match(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/gi) ?? [], [], 'a commit sha outside a code span');
      });

      it('holds no escape sequences or bidi controls', () => {
        // eslint-disable-next-line no-control-regex -- what must not be there
        assert.equal(/[\u001b\u009b\u202a-\u202e\u2066-\u2069]/.test(raw), false);
      });

      it('keeps every table row to its header width', () => {
        const lines = body.split('\n');
        let width = -1;
        for (const line of lines) {
          if (!line.startsWith('|')) {
            width = -1;
            continue;
          }
          if (width === -1) width = cells(line);
          assert.equal(cells(line), width, line.slice(0, 200));
        }
      });

      it('closes every code span on its line and cuts 10 kB names', () => {
        for (const line of raw.split('\n')) {
          const ticks = (line.replace(/\\`/g, '').match(/`/g) ?? []).length;
          assert.equal(ticks % 2, 0, line.slice(0, 200));
        }
        assert.equal(raw.includes('A'.repeat(200)), false);
      });
    });
  }
});
