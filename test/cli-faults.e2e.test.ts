/**
 * The built CLI (dist/cli.js) as a user runs it, on bad input: exit codes, messages
 * that point at the problem, and no process left behind after Ctrl-C.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { startCli, runCli } from './support/cli.ts';
import { faultyCommand } from './support/faulty.ts';
import { pidsWithEnv, waitForPidsWithEnv } from './support/proc-scan.ts';

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const out = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-cli-'));
  return ['--out', path.join(dir, 'r.json'), '--markdown', path.join(dir, 'r.md'), '--no-baseline'];
};

describe('CLI on bad input', () => {
  it('exits 2 on an invalid dataset, naming file, line and field for every problem, before any server starts', async () => {
    const marker = `DME_MARK=${randomUUID()}`;
    const r = await runCli(['run', '--cases', path.join(FIXTURES, 'broken-cases.yaml'), '--server-command', faultyCommand(), '--server-env', marker, ...out()]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /broken-cases\.yaml:8:\d+ .*unknown field "expectd"/);
    assert.match(r.stderr, /broken-cases\.yaml:9:\d+ .*duplicate case id "ok-case"/);
    assert.match(r.stderr, /broken-cases\.yaml:11:\d+ cases\[2\]\.relevant/);
    assert.doesNotMatch(r.stderr, /server:/, 'no server was started');
  });

  it('exits 2 on unknown flags', async () => {
    const r = await runCli(['run', '--no-such-flag']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /no-such-flag/);
  });

  it('exits 1 when the build fails, showing its stderr tail', async () => {
    const r = await runCli([
      'run', '--cases', path.join(FIXTURES, 'faulty-cases.yaml'), '--server-command', faultyCommand(),
      '--build-command', 'echo compiling >&2 && echo "error: index broken" >&2 && exit 4', ...out(),
    ]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /build command failed \(exit 4\)/);
    assert.match(r.stderr, /error: index broken/);
  });

  it('exits 1 when cases errored, and still writes the report', async () => {
    const r = await runCli(['run', '--cases', path.join(FIXTURES, 'faulty-cases.yaml'), '--server-command', faultyCommand('--mode', 'garbage'), ...out()]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /3 errored/);
    assert.match(r.stdout, /unparsable/);
  });

  it('on Ctrl-C ends the server and its children and exits 130', async () => {
    const marker = `DME_MARK=${randomUUID()}`;
    const { child, done } = startCli([
      'run', '--cases', path.join(FIXTURES, 'faulty-cases.yaml'), '--warmup', '0',
      '--server-command', faultyCommand('--mode', 'slow,spawn-hog,ignore-sigterm', '--delay', '5000', '--hog-mb', '20'),
      '--server-env', marker, ...out(),
    ]);
    // Wait until the server and its hog child are up.
    assert.ok((await waitForPidsWithEnv(marker, 2)) >= 2, 'server tree started');
    child.kill('SIGINT');
    const r = await done;
    assert.equal(r.code, 130, r.stderr);
    assert.deepEqual(pidsWithEnv(marker), []);
  });

  it('on Ctrl-C during the build ends the whole build process group and exits 130', async () => {
    const [key, value] = [`DME_MARK_${randomUUID().replace(/-/g, '')}`, '1'];
    const marker = `${key}=${value}`;
    const { child, done } = startCli(
      ['run', '--cases', path.join(FIXTURES, 'faulty-cases.yaml'), '--server-command', faultyCommand(), '--build-command', 'sleep 30 & sleep 31; wait', ...out()],
      { env: { [key]: value } },
    );
    // The CLI itself plus the shell and both sleeps.
    assert.ok((await waitForPidsWithEnv(marker, 4)) >= 4, 'build started');
    child.kill('SIGINT');
    const r = await done;
    assert.equal(r.code, 130, r.stderr);
    assert.deepEqual(pidsWithEnv(marker), []);
  });
});
