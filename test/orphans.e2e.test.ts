/**
 * Nothing survives a run: a server that double-forks, one that starts a background
 * process mid-run which escapes its tree and process group, and a build that leaves a
 * background process. Checked from outside through /proc: every process started for the
 * run carries a test marker in its environment, and none may be left after it.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { quote } from 'shell-quote';
import { ROOT, runCli } from './support/cli.ts';
import { freePort } from './support/free-port.ts';
import { pidsWithEnv } from './support/proc-scan.ts';

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const HEALTH = quote([process.execPath, path.join(FIXTURES, 'health-server.mjs'), '--mode', 'paged']);
const CASES = path.join(FIXTURES, 'health-cases.yaml');

function run(marker: string, ...args: string[]) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-orphans-'));
  return runCli(['run', '--cases', CASES, '--warmup', '0', '--repetitions', '1', '--no-baseline', '--out', path.join(dir, 'r.json'), '--markdown', path.join(dir, 'r.md'), ...args], {
    env: { [marker.split('=')[0]!]: marker.split('=')[1]! },
  });
}

describe('no orphans', { skip: process.platform !== 'linux' && 'checks /proc' }, () => {
  it('a server that double-forks (sh -c "(sleep 999 &); exec node …") leaves nothing', async () => {
    const marker = `DME_ORPHAN_${randomUUID().replace(/-/g, '')}=1`;
    const r = await run(marker, '--server-command', `sh -c ${quote([`(sleep 999 &); exec ${HEALTH}`])}`);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(pidsWithEnv(marker), []);
  });

  it('a background process a server starts mid-run, outside its tree and process group, is ended too', async () => {
    const marker = `DME_ORPHAN_${randomUUID().replace(/-/g, '')}=1`;
    const r = await run(marker, '--server-command', quote([process.execPath, path.join(FIXTURES, 'orphan-maker.mjs')]));
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(pidsWithEnv(marker), []);
  });

  it('what a build command leaves in the background is ended when the run ends', async () => {
    const marker = `DME_ORPHAN_${randomUUID().replace(/-/g, '')}=1`;
    const r = await run(marker, '--build-command', 'sleep 999 & (setsid sleep 998 &); echo built', '--server-command', HEALTH);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(pidsWithEnv(marker), []);
  });

  it('an HTTP server we start that double-forks leaves nothing', async () => {
    const marker = `DME_ORPHAN_${randomUUID().replace(/-/g, '')}=1`;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-orphans-http-'));
    const index = path.join(dir, 'index.json');
    const dist = path.join(ROOT, 'examples/reference-server/dist');
    const port = String(await freePort());
    const serve = quote([process.execPath, path.join(dist, 'server.js'), '--index', index, '--http', port]);
    const r = await runCli(
      [
        'run', '--cases', path.join(ROOT, 'datasets/reference/cases.yaml'), '--category', 'lexical', '--warmup', '0', '--repetitions', '1', '--no-baseline',
        '--out', path.join(dir, 'r.json'), '--markdown', path.join(dir, 'r.md'),
        '--build-command', quote([process.execPath, path.join(dist, 'build.js'), '--docs', path.join(ROOT, 'datasets/reference/corpus'), '--out', index]),
        '--server-command', `sh -c ${quote([`(sleep 999 &); exec ${serve}`])}`, '--server-url', `http://127.0.0.1:${port}/mcp`,
      ],
      { env: { [marker.split('=')[0]!]: '1' } },
    );
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(pidsWithEnv(marker), []);
  });
});
