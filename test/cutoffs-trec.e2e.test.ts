/**
 * Several cutoffs in one run, MAP and R-precision, and TREC parity, through the built CLI
 * against the reference server: grade-0 judgments and a query with no relevant document
 * survive the export (so trec_eval -c on our own files averages the same queries we do),
 * and reading the exported qrels back gives every metric exactly again.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { quote } from 'shell-quote';
import type { Report } from '../src/model/report.ts';
import { parseQrels, parseRun } from '../src/report/trec/parse.ts';
import { ROOT, runCli } from './support/cli.ts';

const DIST = path.join(ROOT, 'examples/reference-server/dist');
const IDEM = 'guides/idempotency.md#idempotency';

const CASES = `name: cutoffs and trec parity
cases:
  - id: graded-with-zero
    query: idempotency key header
    relevant:
      - { id: "${IDEM}/how-idempotency-keys-work", grade: 3 }
      - { id: "${IDEM}/generating-keys", grade: 2 }
      - { id: "guides/retries.md#retries/retrying-safely-with-idempotency", grade: 0 }
  - id: nothing-relevant
    query: idempotency key header
    relevant:
      - { id: "${IDEM}/how-idempotency-keys-work", grade: 0 }
  - id: one-relevant
    query: NimbusClient initialization with API key
    filters: { language: typescript }
    expected: "sdks/typescript/client.md#typescript-sdk-client/initialization"
`;

describe('several cutoffs and TREC parity', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-cutoffs-'));
  const cases = path.join(dir, 'cases.yaml');
  writeFileSync(cases, CASES);
  const index = path.join(dir, 'index.json');
  const common = [
    '--cases', cases, '--no-baseline', '--warmup', '0', '--repetitions', '1', '--k', '5,1,3',
    '--build-command', quote([process.execPath, path.join(DIST, 'build.js'), '--docs', path.join(ROOT, 'datasets/reference/corpus'), '--out', index]),
    '--server-command', quote([process.execPath, path.join(DIST, 'server.js'), '--index', index]),
  ];

  it('computes every @k metric at each cutoff, MAP@k and R-precision, and keeps grade-0 and no-relevant queries in the qrels', async () => {
    const r = await runCli(['run', ...common, '--out', path.join(dir, 'r.json'), '--markdown', path.join(dir, 'r.md'), '--trec-out', path.join(dir, 'trec')]);
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8')) as Report;
    assert.deepEqual(report.settings.cutoffs, [1, 3, 5]);
    assert.equal(report.settings.k, 5, 'the largest is the primary cutoff');
    for (const k of [1, 3, 5]) for (const m of ['mrr', 'ndcg', 'map', 'recall', 'precision', 'hit']) assert.equal(typeof report.summary.metrics[`${m}@${k}`], 'number', `${m}@${k}`);
    assert.equal(typeof report.summary.metrics['rprec'], 'number');
    const none = report.cases.find((c) => c.id === 'nothing-relevant')!;
    assert.deepEqual([none.metrics?.reciprocalRank, none.metrics?.rPrecision, none.metrics?.at?.['1']?.averagePrecision], [0, 0, 0], 'a query with no relevant document scores 0 and is averaged in (trec_eval -c)');
    // MAP@1 is the mean of AP@1 over the three cases, by hand from each case's ranking.
    const ap1 = report.cases.map((c) => {
      const rel = c.relevant.filter((j) => j.grade > 0);
      return rel.length > 0 && rel.some((j) => j.id === c.rankedIds[0]) ? 1 / rel.length : 0;
    });
    assert.ok(Math.abs((report.summary.metrics['map@1'] ?? -1) - ap1.reduce((a, b) => a + b, 0) / 3) < 1e-12);
    const md = readFileSync(path.join(dir, 'r.md'), 'utf8');
    assert.match(md, /k=1,3,5/);
    assert.match(md, /\| MRR@1 +\|/);
    assert.match(md, /\| MAP@5 +\|/);
    assert.match(md, /\| R-precision +\|/);
    assert.match(md, /\| Category +\| Cases \| MRR@5 \| NDCG@5 \| Recall@5 \| +P@5 \|/, 'the per-category table has P@k');
    assert.match(md, /`nothing-relevant`: no document is judged relevant/);

    const qrels = readFileSync(path.join(dir, 'trec/qrels.txt'), 'utf8');
    assert.match(qrels, /^graded-with-zero 0 guides\/retries\.md#retries\/retrying-safely-with-idempotency 0$/m);
    assert.match(qrels, /^nothing-relevant 0 \S+ 0$/m);

    // MRR@k is trec_eval's recip_rank with -M k (the first k docs of each query): run.txt holds
    // every id a case was given (limit × maxRounds), and recip_rank itself is not cut at k.
    const judged = parseQrels(qrels, 'qrels.txt');
    const ranked = parseRun(readFileSync(path.join(dir, 'trec/run.txt'), 'utf8'), 'run.txt');
    assert.ok([...ranked.values()].some((ids) => ids.length > 5), 'the run file is longer than k: -M k matters');
    const recipRank = (maxDocs: number) => {
      const per = [...judged].map(([qid, js]) => {
        const rank = (ranked.get(qid) ?? []).slice(0, maxDocs).findIndex((id) => js.some((j) => j.id === id && j.grade >= 1));
        return rank < 0 ? 0 : 1 / (rank + 1);
      });
      return per.reduce((a, b) => a + b, 0) / per.length;
    };
    for (const k of [1, 3, 5]) assert.ok(Math.abs(recipRank(k) - (report.summary.metrics[`mrr@${k}`] ?? -1)) < 1e-12, `mrr@${k} = trec_eval -M ${k} -m recip_rank`);

    const again = await runCli(['run', ...common, '--qrels', path.join(dir, 'trec/qrels.txt'), '--out', path.join(dir, 'again.json'), '--markdown', path.join(dir, 'again.md')]);
    assert.equal(again.code, 0, again.stderr);
    const reread = JSON.parse(readFileSync(path.join(dir, 'again.json'), 'utf8')) as Report;
    const quality = (rep: Report) => Object.fromEntries(Object.entries(rep.summary.metrics).filter(([id]) => /@|rprec/.test(id)));
    assert.deepEqual(quality(reread), quality(report), 'every metric read back from our own qrels is the same');
  });
});
