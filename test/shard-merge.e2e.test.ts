/**
 * A suite spread over a matrix of jobs, as a user runs it: three `--shard i/3` runs of the
 * embedded default, then `merge`: one report with every case once and the same quality
 * metrics as one run over all the cases.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Report } from '../src/model/report.ts';
import { ROOT, runCli } from './support/cli.ts';
import { readPage } from './support/page-fixtures.ts';

const read = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as Report;

describe('--shard and merge', () => {
  it('merges three shards into the report one run gives', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-shard-'));
    const common = ['--no-baseline', '--repetitions', '1', '--warmup', '0'];
    const shards = await Promise.all(
      [1, 2, 3].map((i) => runCli(['run', ...common, '--shard', `${i}/3`, '--out', path.join(dir, `s${i}.json`), '--markdown', path.join(dir, `s${i}.md`)])),
    );
    for (const s of shards) assert.equal(s.code, 0, s.stderr);
    const parts = [1, 2, 3].map((i) => read(path.join(dir, `s${i}.json`)));
    assert.deepEqual(parts.map((p) => p.shard), [1, 2, 3].map((index) => ({ index, count: 3 })));
    assert.ok(parts.every((p) => p.cases.length > 0 && p.cases.length < 65));

    const merged = await runCli(['merge', ...[1, 2, 3].map((i) => path.join(dir, `s${i}.json`)), '--out', path.join(dir, 'm.json'), '--markdown', path.join(dir, 'm.md'), '--baseline', path.join(ROOT, 'baselines/reference.json')]);
    assert.equal(merged.code, 0, merged.stderr);
    const report = read(path.join(dir, 'm.json'));
    assert.equal(report.cases.length, 65);
    assert.equal(report.shard, undefined);
    const baseline = read(path.join(ROOT, 'baselines/reference.json'));
    for (const id of ['mrr@5', 'ndcg@5', 'recall@5', 'hit@5', 'answer.pass_rate']) {
      // Same cases, summed in another order: equal up to rounding.
      assert.ok(Math.abs((report.summary.metrics[id] ?? Number.NaN) - (baseline.summary.metrics[id] ?? Number.NaN)) < 1e-12, id);
    }
    assert.match(merged.stdout, /\| MRR@5 \(↑ better\) .*= same/);
    // The merged page, beside the markdown: the 65 cases and the baseline's.
    const page = readPage(path.join(dir, 'm.html'));
    assert.equal(page.meta.kind, 'merge');
    assert.equal(page.cases(0).length, 65);
    assert.equal(page.cases(1).length, 65);

    const incomplete = await runCli(['merge', path.join(dir, 's1.json'), path.join(dir, 's2.json'), '--out', path.join(dir, 'x.json')]);
    assert.equal(incomplete.code, 2);
    assert.match(incomplete.stderr, /shard 3\/3 is missing/);
  });
});
