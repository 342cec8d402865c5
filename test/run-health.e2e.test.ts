/**
 * The fault matrix of run health, with real processes: each way a run can look healthy
 * while it is broken ends loud, named and counted (exit code, one line saying what to
 * check, the report's health block), and the harness names failures it causes itself.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { quote } from 'shell-quote';
import type { Report } from '../src/model/report.ts';
import { ROOT, runCli } from './support/cli.ts';

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const HEALTH_SERVER = path.join(FIXTURES, 'health-server.mjs');
const server = (mode: string) => quote([process.execPath, HEALTH_SERVER, '--mode', mode]);

function outputs(): { args: string[]; json: string; md: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-health-'));
  const json = path.join(dir, 'r.json');
  const md = path.join(dir, 'r.md');
  return { args: ['--out', json, '--markdown', md, '--no-baseline', '--warmup', '0', '--repetitions', '1'], json, md };
}

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Report;

describe('run health, end to end', () => {
  it('an index built from the wrong directory (every search empty) fails with what to check', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-empty-'));
    const emptyDocs = path.join(dir, 'docs');
    mkdirSync(emptyDocs);
    const index = path.join(dir, 'index.json');
    const o = outputs();
    const r = await runCli([
      'run', '--cases', 'datasets/reference/cases.yaml', '--category', 'lexical',
      '--build-command', quote([process.execPath, path.join(ROOT, 'examples/reference-server/dist/build.js'), '--docs', emptyDocs, '--out', index]),
      '--server-command', quote([process.execPath, path.join(ROOT, 'examples/reference-server/dist/server.js'), '--index', index]),
      ...o.args,
    ]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /every search came back empty \(\d+ of \d+ retrieval cases\): check the server's working directory \(server\.cwd\)/);
    const report = read(o.json);
    assert.equal(report.health?.status, 'fail');
    assert.equal(report.health?.retrieval.empty.length, report.health?.retrieval.ran);
    const md = readFileSync(o.md, 'utf8');
    assert.match(md, /> ❌ \*\*Run health: failed\*\*: every search came back empty/);
    assert.match(md.split('\n').slice(0, 5).join('\n'), /Run health/, 'health is at the top of the markdown');
    assert.match(md, /no id in the server's replies \(an empty page\)/);
  });

  it('an error answered as plain JSON text is an error reply, not a miss', async () => {
    const o = outputs();
    const r = await runCli(['run', '--cases', path.join(FIXTURES, 'health-cases.yaml'), '--server-command', server('error-text'), ...o.args]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /4 of 4 cases errored or did not run \(4 error replies\).*the server answered with an error/);
    const report = read(o.json);
    assert.deepEqual(report.health?.errors.error_reply, ['first', 'second', 'deep', 'small-pages']);
    assert.match(report.cases[0]?.error?.message ?? '', /search_docs answered with an error: "index not found: \.\/index\.json"/);
    assert.equal(report.summary.errors, 4);
  });

  it('--max-errors lets a known share of errors pass, still counted and shown', async () => {
    const o = outputs();
    const r = await runCli(['run', '--cases', path.join(FIXTURES, 'health-cases.yaml'), '--server-command', server('error-text'), '--max-errors', '100%', ...o.args]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(readFileSync(o.md, 'utf8'), /> ⚠️ \*\*Run health\*\*: 4 of 4 cases errored/);
  });

  it('pages past the first relevant doc until k ids, and warns when limit × maxRounds cut the ranking short', async () => {
    const o = outputs();
    const r = await runCli(['run', '--cases', path.join(FIXTURES, 'health-cases.yaml'), '--server-command', server('paged'), ...o.args]);
    assert.equal(r.code, 0, r.stderr);
    const report = read(o.json);
    const small = report.cases.find((c) => c.id === 'small-pages')!;
    // Found on the first page of 2, paged once more (maxRounds 2): 4 ids, short of k = 5.
    assert.equal(small.foundInRound, 1);
    assert.deepEqual(small.rankedIds, ['d0.md', 'd1.md', 'd2.md', 'd3.md']);
    assert.deepEqual(small.shortRanking, { ids: 4, k: 5, limit: 2, maxRounds: 2 });
    assert.deepEqual(report.health?.shortRankings, ['small-pages']);
    assert.equal(report.cases.find((c) => c.id === 'first')?.rankedIds.length, 5);
    assert.match(readFileSync(o.md, 'utf8'), /⚠️ \*\*Run health\*\*: 1 case\\\(s\\\) ranked fewer than k=5 ids/);
  });

  it('one query that never answers is a timeout on its case only; the server is not declared hung', async () => {
    for (const seed of ['1', '2', '3']) {
      const o = outputs();
      const r = await runCli([
        'run', '--cases', path.join(FIXTURES, 'health-slow-cases.yaml'), '--server-command', server('slow-query'),
        ...o.args, '--repetitions', '3', '--timeout', '300', '--seed', seed, '--max-errors', '1',
      ]);
      assert.equal(r.code, 0, `seed ${seed}: ${r.stderr}`);
      const report = read(o.json);
      assert.deepEqual(report.health?.errors, { timeout: ['slow'] }, `seed ${seed}`);
      assert.equal(report.summary.notRun, 0, `seed ${seed}`);
      assert.doesNotMatch(r.stdout, /stopped answering/);
      // The health line quotes the section to read as plain quotes, never as HTML entities.
      assert.match(r.stdout, /> ⚠️ \*\*Run health\*\*: 1 of \d+ cases errored .*: see "Misses and errors"/, `seed ${seed}`);
    }
  });

  it('a server whose pages repeat ids: counted per case and in health, each id ranked once', async () => {
    const o = outputs();
    const r = await runCli(['run', '--cases', path.join(FIXTURES, 'health-cases.yaml'), '--server-command', server('repeat-page'), ...o.args]);
    assert.equal(r.code, 0, r.stderr);
    const report = read(o.json);
    const byId = Object.fromEntries(report.cases.map((c) => [c.id, c]));
    // 'first' pages twice for 5 ids ([d0, d0, d1, d2, d3] twice): 10 ids, 4 distinct. 'small-pages' ([d0, d0] twice): 4 ids, 1 distinct.
    assert.deepEqual([byId['first']?.duplicateIds, byId['first']?.rankedIds], [6, ['d0.md', 'd1.md', 'd2.md', 'd3.md']]);
    assert.deepEqual([byId['small-pages']?.duplicateIds, byId['small-pages']?.rankedIds], [3, ['d0.md']]);
    assert.equal(report.health?.duplicateIds?.['first'], 6);
    assert.equal(byId['first']?.metrics?.reciprocalRank, 1, 'the repeats cost the relevant id nothing');
    assert.match(r.stderr, /docs-mcp-eval: warning: \d case\(s\) got the same id more than once in their results/);
    assert.match(readFileSync(o.md, 'utf8'), /· \d with repeated ids/);
  });

  it('an initialize that times out is named as such, not as the exit the harness caused', async () => {
    const r = await runCli(['run', '--cases', path.join(FIXTURES, 'health-cases.yaml'), '--server-command', server('no-init'), '--init-timeout', '500', ...outputs().args]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /the server did not start: it did not answer the MCP initialize request within 500 ms/);
    assert.doesNotMatch(r.stderr, /exited with code 0/);
  });

  it('the initialize has its own limit: --timeout bounds tool calls only, --init-timeout the start', async () => {
    // The server answers initialize after 2.5 s: past --timeout (1 s), within the default --init-timeout (30 s).
    const o = outputs();
    const slow = await runCli(['run', '--cases', path.join(FIXTURES, 'health-cases.yaml'), '--server-command', server('slow-init'), '--timeout', '1000', ...o.args]);
    assert.equal(slow.code, 0, slow.stderr);
    assert.equal(read(o.json).summary.errors, 0);
    const short = await runCli(['run', '--cases', path.join(FIXTURES, 'health-cases.yaml'), '--server-command', server('slow-init'), '--init-timeout', '300', ...outputs().args]);
    assert.equal(short.code, 1);
    assert.match(short.stderr, /it did not answer the MCP initialize request within 300 ms \(a server that loads its index before answering needs a longer --init-timeout/);
  });

  it('a score off its criterion\'s scale is an evaluator failure: the run fails unless evaluator errors are allowed', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-off-scale-'));
    // A custom evaluator answering 7 on a likert5 criterion (1..5), as a judge going off its scale would.
    writeFileSync(path.join(dir, 'seven.mjs'), "export default (config, criteria) => ({ type: 'seven', async evaluate() { return criteria.map((c) => ({ criterionName: c.name, evaluatorType: 'seven', score: 7 })); } });\n");
    writeFileSync(
      path.join(dir, 'cases.yaml'),
      ['name: off scale', 'criteria:', '  - { name: helpfulness, description: Answers, scale: likert5 }', 'evaluators:', '  - { type: custom, module: ./seven.mjs, criteria: [helpfulness] }', 'cases:',
        '  - { id: one, kind: answer, tool: get_doc, input: { chunk_id: d1.md }, expect: { rules: [{ type: min_length, chars: 3 }] } }', ''].join('\n'),
    );
    const o = outputs();
    const r = await runCli(['run', '--cases', path.join(dir, 'cases.yaml'), '--server-command', server('paged'), ...o.args]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /seven failed on 1 of 1 answer cases \(score 7 is not on the likert5 scale\); those cases are not judged: check the criterion's scale/);
    const report = read(o.json);
    assert.deepEqual([report.health?.status, report.summary.metrics['evaluator.errors'], report.cases[0]?.answer?.score], ['fail', 1, null]);
    assert.match(readFileSync(o.md, 'utf8'), /> ❌ \*\*Run health: failed\*\*: seven failed on 1 of 1 answer cases/);
    const allowed = await runCli(['run', '--cases', path.join(dir, 'cases.yaml'), '--server-command', server('paged'), '--allow-evaluator-errors', ...outputs().args]);
    assert.equal(allowed.code, 0, allowed.stderr);
  });

  it('a reply lost behind a log line on stdout is named on its case', async () => {
    const o = outputs();
    const r = await runCli(['run', '--cases', path.join(FIXTURES, 'health-cases.yaml'), '--server-command', server('glued-stdout'), '--timeout', '500', ...o.args]);
    assert.equal(r.code, 1);
    const report = read(o.json);
    assert.match(report.cases[0]?.error?.message ?? '', /no answer within 500 ms; meanwhile the server wrote 1 line\(s\) to stdout that are not JSON-RPC .*log to stderr/);
  });

  it('a reply over the SDK’s stdio buffer is named as the client closing the connection, not as a server exit', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-huge-'));
    const cases = path.join(dir, 'cases.yaml');
    await import('node:fs/promises').then((fs) =>
      fs.writeFile(cases, 'name: huge\ncases:\n  - { id: ok, query: first doc, expected: d0.md }\n  - { id: huge, query: a huge answer, expected: d0.md }\n'),
    );
    const o = outputs();
    const r = await runCli(['run', '--cases', cases, '--server-command', server('huge'), ...o.args, '--seed', '1']);
    assert.equal(r.code, 1);
    const report = read(o.json);
    const huge = report.cases.find((c) => c.id === 'huge')!;
    assert.equal(huge.error?.kind, 'client_closed');
    assert.match(huge.error?.message ?? '', /a reply was larger than the SDK's stdio buffer \(ReadBuffer exceeded maximum size/);
    assert.doesNotMatch(r.stdout, /exited with code 0/);
  });
});
