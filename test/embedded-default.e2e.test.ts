/**
 * `npm run eval` as a new user runs it: no arguments, the built CLI, the reference
 * server built from the fixture corpus, the committed baseline. Retrieval is
 * deterministic, so every quality row must equal the baseline's: a change to the
 * server, corpus or cases must come with a regenerated baseline (`npm run baseline`).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Report } from '../src/model/report.ts';
import { runCli } from './support/cli.ts';

describe('the embedded default', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-default-'));
  const json = path.join(dir, 'report.json');
  const run = runCli(['run', '--out', json, '--markdown', path.join(dir, 'report.md')]);

  it('builds, spawns, runs every case and exits 0', async () => {
    const r = await run;
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /build: .*build\.js/);
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    assert.equal(report.schemaVersion, 1);
    assert.ok(report.cases.length >= 40, `${report.cases.length} cases`);
    assert.equal(report.summary.errors, 0);
    assert.ok((report.build?.ms ?? 0) > 0, 'build timed');
    assert.ok((report.memory?.peakBytes ?? 0) > 10 * 1024 * 1024, 'RSS measured');
    assert.ok(new Set(report.cases.map((c) => c.category)).size >= 6, 'categories');
    assert.ok(report.cases.some((c) => (c.foundInRound ?? 0) >= 2), 'a case needed a second page');
    const answers = report.cases.filter((c) => c.kind === 'answer');
    assert.ok(answers.length >= 5, 'answer cases ran');
    assert.ok(answers.some((c) => c.answer?.validations.some((v) => v.rule === 'code_parses' && v.passed)), 'code_parses ran a real parser');
  });

  it('matches the committed baseline on every deterministic row', async () => {
    const r = await run;
    assert.match(r.stdout, /Compared with baseline reference\.json/);
    assert.doesNotMatch(r.stdout, /Different dataset/);
    for (const label of ['MRR@5', 'NDCG@5', 'MAP@5', 'R-precision', 'Recall@5', 'Precision@5', 'Hit@5', 'Facet precision', 'Avg rounds to right doc', 'Answer pass rate', 'Answer score', 'Errored cases']) {
      const row = r.stdout.split('\n').find((line) => line.startsWith(`| ${label} (`));
      assert.ok(row, `row ${label}`);
      assert.match(row, /= same/, `${label} changed against baselines/reference.json; if intended, run npm run baseline`);
    }
  });
});
