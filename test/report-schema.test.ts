/**
 * The report and PR-meta schemas (src/report/generated/) are what the types generate
 * (scripts/report-schema.ts): a field added to src/model/ without regenerating fails here,
 * before a real report is refused for it. And what the schemas promise: closed objects,
 * bounded strings without line breaks where none belong, bounded arrays and maps.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPORT_SCHEMA_DIR, reportSchema, SCHEMAS, schemaText } from '../scripts/report-schema.ts';
import { firstSchemaProblem } from '../src/report/check-schema.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('the generated report schemas', () => {
  for (const spec of SCHEMAS) {
    it(`${spec.out} is what ${spec.type} (${spec.source}) generates: run \`node scripts/report-schema.ts\` after changing the types`, () => {
      const committed = readFileSync(path.join(ROOT, REPORT_SCHEMA_DIR, spec.out), 'utf8');
      assert.equal(committed, schemaText(reportSchema(ROOT, spec)));
    });
  }

  it('the committed baseline passes', () => {
    assert.equal(firstSchemaProblem('report', JSON.parse(readFileSync(path.join(ROOT, 'baselines/reference.json'), 'utf8'))), undefined);
  });

  it('refuses unknown fields, line breaks in single-line fields, long strings, oversized arrays, and names where', () => {
    const base = JSON.parse(readFileSync(path.join(ROOT, 'baselines/reference.json'), 'utf8')) as Record<string, unknown> & { cases: Record<string, unknown>[]; summary: Record<string, unknown>; settings: Record<string, unknown> };
    const variant = (edit: (r: typeof base) => void) => {
      const r = structuredClone(base);
      edit(r);
      return firstSchemaProblem('report', r);
    };
    assert.match(variant((r) => (r['extra'] = 1)) ?? '', /^\/: unexpected field "extra"/);
    assert.match(variant((r) => (r.cases[0]!['category'] = 'a\nb')) ?? '', /^\/cases\/0\/category: expected one line, found a line break/);
    assert.match(variant((r) => (r.cases[0]!['id'] = 'x'.repeat(5000))) ?? '', /^\/cases\/0\/id: expected at most 4096 characters, found 5000/);
    assert.match(variant((r) => (r.settings['cutoffs'] = Array.from({ length: 100 }, (_, i) => i + 1))) ?? '', /^\/settings\/cutoffs: expected at most 32 items, found 100/);
    assert.match(variant((r) => ((r.summary['metrics'] as Record<string, unknown>)['criterion.a\nb'] = 1)) ?? '', /^\/summary\/metrics: key a string "criterion\.a\\nb": expected one line/);
    assert.match(variant((r) => (r.summary['cases'] = '65')) ?? '', /^\/summary\/cases: expected number, found a string "65"/);
    // Prose keeps its lines: an answer's excerpt, a judge's reasoning.
    assert.equal(variant((r) => ((r.cases.find((c) => c['answer'])!['answer'] as Record<string, unknown>)['excerpt'] = 'line 1\nline 2')), undefined);
  });
});
