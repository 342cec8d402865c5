/**
 * Every string of a schema-valid report, fuzzed: the committed reference report with each
 * free-text value (ids, names, categories, tags, messages, reasoning, environment, dataset,
 * criterion names in every map) replaced by a hostile string, baseline and current alike
 * (so cases still pair), checked against the report schema, then compared and rendered as
 * the PR comment, the job summary and the markdown report. Rendered by a real GFM parser,
 * none of it shows an element, link, image, mention or reference we did not write, and
 * the verdict line and the delta table stay visible.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { MULTI_LINE } from '../../../scripts/report-schema.ts';
import { gfmView, visible, type GfmView } from '../../../test/support/gfm-view.ts';
import { oneLine } from '../markdown/escape.ts';
import { HOSTILE_STRINGS } from '../../../test/support/hostile-strings.ts';
import { compareReports } from '../../compare/compare-reports.ts';
import type { Report } from '../../model/report.ts';
import { firstSchemaProblem } from '../../report/check-schema.ts';
import reportSchema from '../../report/generated/report.schema.json' with { type: 'json' };
import { renderEvaluation } from '../markdown/render-evaluation.ts';
import { commentMarker, renderComment } from './index.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const RUN_URL = 'https://github.com/acme/docs/actions/runs/1';

/** Property names whose values the schema fixes (enums, consts): those keep their values. */
function fixedNames(): Set<string> {
  const defs = reportSchema.definitions as Record<string, { enum?: unknown }>;
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    if (typeof node !== 'object' || node === null) return;
    for (const [name, value] of Object.entries((node as { properties?: Record<string, Record<string, unknown>> }).properties ?? {})) {
      const ref = typeof value['$ref'] === 'string' ? defs[value['$ref'].split('/').pop()!] : undefined;
      if ('enum' in value || 'const' in value || ref?.enum !== undefined) names.add(name);
    }
    Object.values(node).forEach(walk);
  };
  walk(reportSchema);
  names.delete('name'); // a const only at tool.name, handled by path
  return names;
}

const FIXED = fixedNames();

/** The same hostile string for the same original, so baseline and current still pair by id. */
function hostileFor(original: string, field: string): string {
  let h = 0;
  for (const ch of original) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  const s = `${HOSTILE_STRINGS[h % HOSTILE_STRINGS.length]} ${original.slice(0, 12)}`;
  return MULTI_LINE.has(field) ? s : s.replace(/[\r\n\u2028\u2029]/g, ' ');
}

/** Every free string value, and the keys of the criterion maps, made hostile. */
function fuzz(value: unknown, field = '', at = ''): unknown {
  if (typeof value === 'string') return FIXED.has(field) || at === '/tool/name' || at === '/createdAt' ? value : hostileFor(value, field);
  if (Array.isArray(value)) return value.map((v, i) => fuzz(v, field, `${at}/${i}`));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => {
      // Criterion names are keys too: in summary metrics and counts, breakdowns and each case's criteria.
      const key = k.startsWith('criterion.') ? `criterion.${hostileFor(k.slice(10), 'key')}` : field === 'criteria' ? hostileFor(k, 'key') : k;
      return [key, fuzz(v, k, `${at}/${k}`)];
    }),
  );
}

function reference(): Report {
  return JSON.parse(readFileSync(path.join(ROOT, 'baselines/reference.json'), 'utf8')) as Report;
}

/** The reference with a few cases changed, so the comment has regressions, improvements and reasoning to show. */
function changed(): Report {
  const r = reference();
  const retrieval = r.cases.filter((c) => c.metrics);
  for (const [i, c] of retrieval.slice(0, 6).entries()) {
    c.metrics!.ndcg = i % 2 ? 1 : 0;
    c.rankedIds = i % 2 ? c.rankedIds : ['nothing.md'];
  }
  const answer = r.cases.find((c) => c.answer)!;
  answer.answer!.passed = false;
  answer.answer!.evaluations.push({ criterionName: 'validations', score: 2, reasoning: 'judge text', evaluatorType: 'llm_judge' });
  return r;
}

function assertInert(view: GfmView, label: string): void {
  const foreign = view.elements.filter((e) => !['p', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'details', 'summary', 'code', 'strong', 'em', 'blockquote', 'ul', 'li', 'h2', 'h3', 'h4', 'a', 'br'].includes(e.tag));
  assert.deepEqual(foreign.map((e) => e.tag), [], `${label}: elements we did not write`);
  assert.deepEqual(view.elements.filter((e) => e.tag === 'a' && e.attrs['href'] !== RUN_URL).map((e) => e.attrs['href']), [], `${label}: links we did not write`);
  assert.deepEqual(view.references, [], `${label}: mentions or references we did not write`);
}

describe('a schema-valid report with every string hostile', () => {
  const baseline = fuzz(reference()) as Report;
  const current = fuzz(changed()) as Report;

  it('still passes the report schema (the fuzz stays within the format)', () => {
    assert.equal(firstSchemaProblem('report', baseline), undefined);
    assert.equal(firstSchemaProblem('report', current), undefined);
  });

  it('renders inert in the comment, the job summary and the markdown report, verdict and delta table visible', () => {
    const comparison = compareReports(baseline, current);
    assert.ok(comparison.caseChanges.length > 0, 'cases still pair by id');
    const evaluation = { report: current, comparison };
    const context = { key: 'default', baseline: { source: 'artifact' as const, sha: 'a'.repeat(40), note: HOSTILE_STRINGS[0] }, runUrl: RUN_URL };
    const comment = renderComment(evaluation, context);
    assert.ok(comment.startsWith(commentMarker('default')));
    const name = oneLine(hostileFor(reference().dataset.name, 'name'), 1000);
    assert.ok(visible(gfmView(comment).text).includes(name), `the hostile dataset name shows as written: ${name}`);
    for (const [label, markdown] of [['comment', comment], ['markdown report', renderEvaluation(evaluation)], ['comment without a baseline', renderComment({ report: current, comparison: null }, { ...context, baseline: { source: 'none', note: HOSTILE_STRINGS[1] } })]] as const) {
      const view = gfmView(markdown);
      assertInert(view, label);
      assert.ok(view.comments.length <= 1, `${label}: no HTML comment but the marker`);
      if (label !== 'comment without a baseline') {
        assert.match(view.openText, /\d+ metric\(s\) worse, \d+ better/, `${label}: verdict visible`);
        assert.ok(view.elements.some((e) => e.tag === 'table' && !e.path.includes('details') && /Metric\s*Baseline\s*Current/.test(e.text)), `${label}: delta table visible`);
      }
    }
  });
});
