/** `run --no-cache` and `--cache-dir` as a user types them, over a docs-mcp-eval.yml in the working directory. */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parseRunArgs } from './args.ts';

async function judgingOf(argv: string[], fileText?: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-cache-flags-'));
  if (fileText !== undefined) writeFileSync(path.join(dir, 'docs-mcp-eval.yml'), fileText);
  const flags = await parseRunArgs(['--cases', 'c.yaml', '--server-command', 'node s.js', ...argv], dir);
  assert.equal(flags.help, false);
  return { dir, judging: flags.help ? undefined : flags.config.judging };
}

describe('--no-cache / --cache-dir', () => {
  it('the cache is on by default, in .docs-mcp-eval/cache of the working directory', async () => {
    const { dir, judging } = await judgingOf([]);
    assert.equal(judging?.cacheDir, path.join(dir, '.docs-mcp-eval/cache'));
  });

  it('--no-cache turns it off, also over a file that names a directory', async () => {
    const { judging } = await judgingOf(['--no-cache'], 'judging:\n  cacheDir: from-file\n  concurrency: 3\n');
    assert.equal(judging?.cacheDir, null);
    assert.equal(judging?.concurrency, 3);
  });

  it('--cache-dir moves it (relative to the working directory), over the file\'s cacheDir', async () => {
    const { dir, judging } = await judgingOf(['--cache-dir', 'ci/judge-cache'], 'judging:\n  cacheDir: from-file\n');
    assert.equal(judging?.cacheDir, path.join(dir, 'ci/judge-cache'));
  });

  it('--answer-repetitions must be a whole number of at least 1', async () => {
    await assert.rejects(judgingOf(['--answer-repetitions', '0']), /--answer-repetitions/);
  });
});
