/**
 * The stored main-branch baseline becomes a real verdict: with a history of earlier runs
 * of the same dataset on this machine (--history, as the Action keeps it; here six runs
 * around a real one, with a fixed spread, so the machine's load cannot move it), a server made
 * 10× slower fails a `search.p50 > +20%` gate (exit 3); without the history the same row is
 * only indicative and the gate is listed as not judged. Real runs of the reference server.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { quote } from 'shell-quote';
import { HISTORY_TIMING_IDS, historyEntry } from '../src/report/history-entry.ts';
import { serializeHistory } from '../src/publish/history/jsonl.ts';
import type { Report } from '../src/model/report.ts';
import { ROOT, runCli } from './support/cli.ts';

const DIST = path.join(ROOT, 'examples/reference-server/dist');

describe('history-calibrated verdicts', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-history-'));
  const index = path.join(dir, 'index.json');
  const build = quote([process.execPath, path.join(DIST, 'build.js'), '--docs', path.join(ROOT, 'datasets/reference/corpus'), '--out', index]);
  const serve = quote([process.execPath, path.join(DIST, 'server.js'), '--index', index]);
  const run = (name: string, ...more: string[]) =>
    runCli(['run', '--cases', path.join(ROOT, 'datasets/reference/cases.yaml'), '--category', 'lexical', '--warmup', '2', '--repetitions', '3', '--server-command', serve,
      '--out', path.join(dir, `${name}.json`), '--markdown', path.join(dir, `${name}.md`), ...more]);
  const read = (name: string) => JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8')) as Report;

  it('a 10× slowdown trips a relative search.p50 gate against the history, and is only a hint without it', async () => {
    const first = await runCli(['run', '--cases', path.join(ROOT, 'datasets/reference/cases.yaml'), '--category', 'lexical', '--build-command', build, '--server-command', serve, '--no-baseline', '--repetitions', '1', '--out', path.join(dir, 'built.json'), '--markdown', path.join(dir, 'built.md')]);
    assert.equal(first.code, 0, first.stderr);
    const main = await run('main', '--no-baseline');
    assert.equal(main.code, 0, main.stderr);
    // Six main-branch runs around this real one, with a fixed run-to-run spread: a history of runs
    // made while other tests load the machine can spread by 50% and more (the reach line says so),
    // and this test is about reading and applying a history, not about this machine's noise.
    const real = historyEntry(read('main'));
    const factors = [1, 1.03, 0.98, 1.02, 0.99, 1.01];
    const mains = factors.map((f, i) => ({
      ...real,
      date: `2026-01-0${i + 1}T00:00:00Z`,
      metrics: Object.fromEntries(Object.entries(real.metrics).map(([id, v]) => [id, typeof v === 'number' && (HISTORY_TIMING_IDS as readonly string[]).includes(id) ? v * f : v])),
    }));
    writeFileSync(path.join(dir, 'history.jsonl'), serializeHistory(mains));
    const p50 = read('main').summary.metrics['search.p50']!;
    // 10× the real run's median: far beyond this history's reach (about ±10%), whatever the load.
    const slow = ['--server-env', `REFERENCE_SERVER_DELAY_MS=${(9 * p50).toFixed(3)}`, '--baseline', path.join(dir, 'main.json'), '--fail-on', 'search.p50 > +20%'];

    const judged = await run('slow', ...slow, '--history', path.join(dir, 'history.jsonl'));
    assert.equal(judged.code, 3, `${judged.stderr}\n${judged.stdout.split('\n').filter((l) => /Search p50|What this history/.test(l)).join('\n')}`);
    assert.match(judged.stderr, /fail-on: Search p50 \(search\.p50\) changed by \+\d/);
    assert.match(judged.stdout, /judged against the main-branch history: 6 runs of this dataset on this machine/);
    const row = judged.stdout.split('\n').find((l) => l.startsWith('| Search p50'))!;
    assert.match(row, /❌ worse +\|/);
    assert.doesNotMatch(row, /indicative/);
    // What the history can detect, from its own spread: the sd of ln of the factors is 0.018619 (by hand, scipy),
    // t(0.995, 5) = 4.0321: noise within −7.8% to +8.4%, caught 19 times in 20 from −10.8% or +12.1%.
    assert.match(judged.stdout, /\*\*What this history can detect\*\*, from the spread of its own runs: .*Search p50 \(spread 1\.9%: noise within −7\.8% to \+8\.4%; caught 19 times in 20 from −10\.8% or \+12\.1%\)/);
    assert.match(readFileSync(path.join(dir, 'slow.md'), 'utf8'), /What this history can detect/);

    const hint = await run('hint', ...slow);
    assert.equal(hint.code, 0, hint.stderr);
    assert.match(hint.stderr, /fail-on gate 'search\.p50 > \+20%' on search\.p50 not judged: indicative only/);

    const few = await run('few', ...slow, '--history-min-runs', '10', '--history', path.join(dir, 'history.jsonl'));
    assert.equal(few.code, 0, few.stderr);
    assert.match(few.stdout, /holds 6 run\\?\(s\\?\) of this dataset on this machine: 4 more main-branch run\\?\(s\\?\)/);
  });
});
