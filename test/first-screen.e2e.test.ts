/**
 * The first screen a newcomer sees, without false alarms: piped progress is compact (a
 * line per 10% of the calls, with a legend), a terminal gets the report as plain text
 * (no markdown escapes, with a legend of the marks), and timing rows against a baseline
 * recorded on another machine are "◦ not comparable", never a red ❌.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Report } from '../src/model/report.ts';
import { runCli } from './support/cli.ts';
import { faultyCommand } from './support/faulty.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-first-screen-'));
const suite = path.join(dir, 'cases.yaml');
writeFileSync(suite, `name: First screen (reference)\ncases:\n${Array.from({ length: 40 }, (_, i) => `  - { id: case-${i}, query: "get_doc query ${i}", expected: ${i % 2 === 0 ? 'a.md#x' : 'b.md'} }\n`).join('')}`);
const common = ['--cases', suite, '--server-command', faultyCommand(), '--repetitions', '5', '--warmup', '0'];

describe('the first screen', () => {
  it('compact progress, plain text with a legend, and no red for a baseline from another machine', async () => {
    const baseline = path.join(dir, 'baseline.json');
    const first = await runCli(['run', ...common, '--no-baseline', '--out', baseline, '--markdown', path.join(dir, 'b.md')]);
    assert.equal(first.code, 0, first.stderr);
    // The same run, as recorded on another CPU: its timing rows get no direction.
    const report = JSON.parse(readFileSync(baseline, 'utf8')) as Report;
    report.environment.cpuModel = 'Another CPU(R) 9000';
    writeFileSync(baseline, JSON.stringify(report));

    const r = await runCli(['run', ...common, '--baseline', baseline, '--format', 'text', '--out', path.join(dir, 'r.json'), '--markdown', path.join(dir, 'r.md')]);
    assert.equal(r.code, 0, r.stderr);
    const progress = r.stderr.split('\n').filter((l) => /^\[\d+\/200\]/.test(l));
    assert.ok(progress.length >= 10 && progress.length <= 12, `${progress.length} progress lines for 200 calls:\n${r.stderr}`);
    assert.match(r.stderr, /docs-mcp-eval: marks: ✓ a relevant doc found .* ○ none in the ranking · ∅ no id in the replies/);
    assert.match(r.stderr, /^\[200\/200\] 100% · ✓ 100 {2}○ 100 {2}∅ 0 {2}✗ 0 · /m);

    assert.match(r.stdout, /^docs-mcp-eval: First screen \(reference\)$/m, 'no markdown escapes');
    assert.doesNotMatch(r.stdout, /\\[()_`|]|&quot;|&lt;|<details>|\*\*/);
    assert.match(r.stdout, /^Search p50 \(↓ better\) +[\d.]+ ms +[\d.]+ ms +(?:[▲▼] [+−][\d.]+ ms|0) +(?:[+−][\d.]+|0)% +◦ not comparable: baseline from another machine$/m);
    assert.match(r.stdout, /^Baseline ran in a different environment \(cpuModel Another CPU\(R\) 9000 → /m);
    assert.doesNotMatch(r.stdout.replace(/^Marks: .*$/m, ''), /❌/, 'no red on the first screen (but in the legend)');
    assert.match(r.stdout, /^Marks: ✅ better · ❌ worse · 〰 within noise · = same · ◦ not comparable/m);
    // The markdown report keeps its markdown.
    assert.match(readFileSync(path.join(dir, 'r.md'), 'utf8'), /First screen \\\(reference\\\)/);
  });
});
