/**
 * Bad paths and hostile YAML are found before any build or server starts: exit 2, the
 * flag and the path named, no stack trace, no build run, no process left.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { runCli } from './support/cli.ts';
import { faultyCommand } from './support/faulty.ts';
import { pidsWithEnv } from './support/proc-scan.ts';

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');

/** A billion laughs: nine levels of ten aliases each. */
const LAUGHS = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]', ...'bcdefghi'.split('').map((l, i) => {
  const prev = 'abcdefghi'[i]!;
  return `${l}: &${l} [*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev}]`;
})].join('\n');

describe('checked before anything starts', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-preflight-'));
  const notADir = path.join(dir, 'a-file');
  writeFileSync(notADir, 'x');
  const built = path.join(dir, 'built');
  const run = (...more: string[]) => {
    const marker = `DME_MARK=${randomUUID()}`;
    return {
      marker,
      result: runCli([
        'run', '--cases', path.join(FIXTURES, 'faulty-cases.yaml'), '--server-command', faultyCommand(), '--server-env', marker,
        '--build-command', `touch ${built}`, '--out', path.join(dir, 'r.json'), '--markdown', path.join(dir, 'r.md'), ...more,
      ]),
    };
  };

  const cases: [string, string[], RegExp][] = [
    ['a missing baseline', ['--baseline', path.join(dir, 'nope.json')], /--baseline: no report at .*nope\.json\. Make one by running the same command on the baseline's code .* with --no-baseline --out .*nope\.json, or run without a comparison: --no-baseline/],
    ['a baseline that is not a report', ['--baseline', path.join(FIXTURES, 'faulty-cases.yaml')], /cannot read the baseline: .*faulty-cases\.yaml: not JSON/],
    ['an --out under a file', ['--out', path.join(notADir, 'r.json'), '--no-baseline'], /--out: cannot write into .*a-file \((ENOTDIR|EEXIST)\)/],
    ['a --markdown that is a directory', ['--markdown', dir, '--no-baseline'], /--markdown: .* is a directory, not a file/],
    ['a --trec-out under a file', ['--trec-out', path.join(notADir, 'trec'), '--no-baseline'], /--trec-out: cannot write into/],
    ['a --store under a file', ['--store', path.join(notADir, 'e.jsonl'), '--no-baseline'], /--store: cannot write into/],
  ];
  for (const [what, args, message] of cases) {
    it(`${what}: exit 2, named, before the build`, async () => {
      const { marker, result } = run(...args);
      const r = await result;
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, message);
      assert.doesNotMatch(r.stderr, /unexpected error|at .*\.js:\d+/, 'no stack trace');
      assert.doesNotMatch(r.stderr, /build:/, 'the build did not run');
      assert.deepEqual(pidsWithEnv(marker), []);
    });
  }

  it('a billion-laughs dataset or config file is refused with a message, not a stack trace or a hang', async () => {
    const cases = path.join(dir, 'laughs.yaml');
    writeFileSync(cases, `${LAUGHS}\nname: laughs\ncases: *i\n`);
    const r = await runCli(['run', '--cases', cases, '--server-command', faultyCommand(), '--no-baseline', '--out', path.join(dir, 'l.json')]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /laughs\.yaml:1:1 YAML aliases expand this document to more than \d+ nodes/);
    const config = path.join(dir, 'laughs-config.yml');
    writeFileSync(config, `${LAUGHS.replace(/^/gm, '# ')}\ncases: cases.yaml\nserver: { command: node s.js, env: { X: "1" } }\ninputDefaults: { junk: *i }\n`.replace(/^# /gm, ''));
    const c = await runCli(['run', '--config', config]);
    assert.equal(c.code, 2, c.stderr);
    assert.match(c.stderr, /laughs-config\.yml:1:1 YAML aliases expand this document/);
  });
});
