/**
 * Same-job A/B as a user runs it from the CLI: a git repository whose working tree
 * changed the docs corpus, `--compare-ref HEAD` checks the committed base out into a
 * worktree, runs the setup command there, builds and serves both, alternates blocks of
 * cases, and compares the two. Real git, real servers, real processes.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Report } from '../src/model/report.ts';
import { abRepository, BUILD, START, worktreeCount } from './support/ab-repo.ts';
import { ROOT, runCli } from './support/cli.ts';
import { pidsWithEnv } from './support/proc-scan.ts';

/** `run` in the A/B repository, built and served on both arms, against its committed HEAD; reports into `out`. */
function abRun(repo: string, out: string, ...more: string[]) {
  return runCli([
    'run', '--cwd', repo, '--cases', path.join(ROOT, 'datasets/reference/cases.yaml'),
    '--build-command', BUILD, '--server-command', START, '--compare-ref', 'HEAD',
    '--out', path.join(out, 'r.json'), '--markdown', path.join(out, 'r.md'),
    ...more,
  ]);
}

describe('same-job A/B (--compare-ref)', () => {
  it('benchmarks base and head in one run and compares them, leaving no worktree and no process behind', async () => {
    const { repo, sha } = abRepository('delete-retries-guide');
    const out = mkdtempSync(path.join(os.tmpdir(), 'dme-ab-out-'));
    const marker = `DME_MARK=${randomUUID()}`;
    const r = await abRun(repo, out,
      '--server-env', marker,
      '--setup-command', 'test -f corpus/sdks/typescript/retries.md && touch setup-ran',
      '--repetitions', '2', '--max-repetitions', '2', '--warmup', '2', '--block-size', '7', '--seed', '99',
    );
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /setup in the base checkout/);
    // The label is escaped for markdown: HEAD \(abc1234\).
    // The sha in the heading carries a zero-width space (GitHub would autolink it): compare without it.
    assert.match(r.stdout.replaceAll('\u200b', ''), new RegExp(`Same-job comparison against HEAD \\\\?\\(${sha.slice(0, 7)}\\\\?\\)`));
    assert.match(r.stdout, /Case regressions/);
    assert.match(r.stdout, /retries-config-typescript/);

    const head = JSON.parse(readFileSync(path.join(out, 'r.json'), 'utf8')) as Report;
    const base = JSON.parse(readFileSync(path.join(out, 'r.base.json'), 'utf8')) as Report;
    assert.equal(head.sameJob?.role, 'head');
    assert.equal(base.sameJob?.role, 'base');
    assert.equal(base.sameJob?.id, head.sameJob?.id);
    assert.equal(base.sameJob?.baseSha, sha);
    assert.equal(head.settings.seed, 99);
    assert.equal(head.settings.blockSize, 7);
    // On Linux with taskset, both servers share one CPU (--server-cpus auto), and the reports say which.
    if (process.platform === 'linux' && /both servers pinned to CPU (\d+)/.test(r.stderr)) {
      const cpu = /both servers pinned to CPU (\d+)/.exec(r.stderr)![1];
      assert.equal(head.settings.serverCpus, cpu);
      assert.equal(base.settings.serverCpus, cpu);
    } else assert.match(r.stderr, /servers not pinned: /);
    assert.ok(base.build && head.build, 'both builds are timed');
    assert.ok((base.memory?.samples.length ?? 0) > 0 && (head.memory?.samples.length ?? 0) > 0, 'both RSS traces are kept');
    assert.ok(head.cases.every((c) => c.latency.search.length >= 2 || c.kind === 'answer'), 'every latency sample is kept (one per round, each repetition)');

    assert.equal(worktreeCount(repo), 1);
    assert.deepEqual(pidsWithEnv(marker), []);
  });

  it('repeats the retrieval cases past --repetitions until the median-latency CI is narrow enough, up to --max-repetitions', async () => {
    const { repo } = abRepository('delete-retries-guide');
    const out = mkdtempSync(path.join(os.tmpdir(), 'dme-ab-out-'));
    const r = await abRun(repo, out,
      '--repetitions', '2', '--max-repetitions', '4', '--warmup', '2', '--seed', '7',
      // An unreachable precision target (CI half-width ≤ 0.04%): the run must go to the cap.
      '--min-effect', 'search.p50=0.1%',
    );
    assert.equal(r.code, 0, r.stderr);
    // The widest row relative to its target leads (fetch.p50 keeps the default 5%, so its target is ±2.0%).
    assert.match(r.stderr, /(search|fetch)\.p50 CI ±[\d.]+% after 2 repetitions, target ±[\d.]+%: repeating the retrieval cases, up to 4/);
    assert.match(r.stderr, /4 repetitions: the cap; widest (search|fetch)\.p50/);
    for (const file of ['r.json', 'r.base.json']) {
      const report = JSON.parse(readFileSync(path.join(out, file), 'utf8')) as Report;
      assert.equal(report.settings.repetitions, 4);
      const sampling = report.settings.sampling;
      assert.ok(sampling, 'the report says how the repetitions were decided');
      assert.equal(sampling.minRepetitions, 2);
      assert.equal(sampling.maxRepetitions, 4);
      assert.equal(sampling.settled, false);
      const search = sampling.rows.find((row) => row.id === 'search.p50');
      assert.ok(search && search.target < 0.001 && search.halfWidth > search.target, 'search.p50 is judged against its own minimum effect');
      // Every search round of every repetition is a sample: 4 per single-round case.
      const single = report.cases.filter((c) => c.kind === 'retrieval' && c.rounds.length === 1 && c.status === 'ok');
      assert.ok(single.length > 40);
      for (const c of single) assert.equal(c.latency.search.length, 4, c.id);
    }
  });

  it('stops with the setup command’s output when it fails in the base checkout', async () => {
    const { repo } = abRepository('delete-retries-guide');
    const out = mkdtempSync(path.join(os.tmpdir(), 'dme-ab-out-'));
    const r = await runCli([
      'run', '--cwd', repo, '--cases', path.join(ROOT, 'datasets/reference/cases.yaml'),
      '--server-command', START,
      '--compare-ref', 'HEAD', '--setup-command', 'echo "npm ERR! missing lockfile" >&2; exit 3',
      '--out', path.join(out, 'r.json'), '--markdown', path.join(out, 'r.md'),
    ]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /setup command in the base checkout failed \(exit 3\)/);
    assert.match(r.stderr, /npm ERR! missing lockfile/);
    assert.equal(worktreeCount(repo), 1);
  });

  it('keeps a Node binary from the repository\'s node_modules (a `node` devDependency) when the base checkout has none', async () => {
    const { repo } = abRepository('delete-retries-guide');
    // As npm scripts run with the `node` devDependency: the commands name <repo>/node_modules/node/bin/node, which git does not track.
    mkdirSync(path.join(repo, 'node_modules/node/bin'), { recursive: true });
    symlinkSync(process.execPath, path.join(repo, 'node_modules/node/bin/node'));
    writeFileSync(path.join(repo, '.gitignore'), 'node_modules/\n');
    const node = path.join(repo, 'node_modules/node/bin/node');
    const out = mkdtempSync(path.join(os.tmpdir(), 'dme-ab-out-'));
    const r = await runCli([
      'run', '--cwd', repo, '--cases', path.join(ROOT, 'datasets/reference/cases.yaml'), '--category', 'lexical',
      '--build-command', `${node} server/build.js --docs corpus --out .index.json`,
      '--server-command', `${node} server/server.js --index .index.json`,
      '--compare-ref', 'HEAD', '--max-repetitions', '1', '--repetitions', '1', '--warmup', '0',
      '--out', path.join(out, 'r.json'), '--markdown', path.join(out, 'r.md'),
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, new RegExp(`base: ${node.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} server/build\\.js`), 'the base build runs the repository\'s Node');
    assert.equal(worktreeCount(repo), 1);
  });

  it('names a ref that is not in the repository', async () => {
    const { repo } = abRepository('delete-retries-guide');
    const r = await runCli([
      'run', '--cwd', repo, '--cases', path.join(ROOT, 'datasets/reference/cases.yaml'),
      '--server-command', 'node server/server.js', '--compare-ref', 'no-such-branch', '--no-baseline',
    ]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /compare-ref: no-such-branch is not a commit/);
  });
});
