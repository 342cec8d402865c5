import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { checkWrappedProgram, explainSpawnError, StartFailedError, watchChild, type StartTarget } from './start-failure.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-startfail-'));
const target = (program: string, cwd = dir): StartTarget => ({ what: 'the server', commandLine: `${program} --x`, program, cwd });
const enoent = Object.assign(new Error('spawn x ENOENT'), { code: 'ENOENT' });
const eacces = Object.assign(new Error('spawn x EACCES'), { code: 'EACCES' });

describe('start failures', () => {
  it('tells a command missing from PATH, a missing file, a missing interpreter, a missing working directory', () => {
    assert.match(explainSpawnError(enoent, target('nope-srv')).reason, /"nope-srv" was not found on PATH \(ENOENT\)/);
    assert.match(explainSpawnError(enoent, target('./bin/srv')).reason, /\/bin\/srv does not exist/);
    writeFileSync(path.join(dir, 'script'), '#!/no/such/interpreter\n', { mode: 0o755 });
    assert.match(explainSpawnError(enoent, target('./script')).reason, /interpreter on its #! line \(\/no\/such\/interpreter\) was not found/);
    assert.match(explainSpawnError(enoent, target('node', path.join(dir, 'gone'))).reason, /working directory does not exist/);
  });

  it('tells a file that is not executable from a directory', () => {
    writeFileSync(path.join(dir, 'plain'), 'x');
    chmodSync(path.join(dir, 'plain'), 0o644);
    mkdirSync(path.join(dir, 'folder'));
    assert.match(explainSpawnError(eacces, target('./plain')).reason, /is not executable/);
    assert.match(explainSpawnError(eacces, target('./folder')).reason, /is a directory, not a program/);
  });

  it('settles `exited` and rejects `spawned` with the named error when spawn() fails (Node emits no exit then)', async () => {
    const child = spawn('docs-mcp-eval-no-such-program', [], { cwd: dir, stdio: 'pipe' });
    const watch = watchChild(child, target('docs-mcp-eval-no-such-program'));
    assert.equal(await watch.exited, null);
    await assert.rejects(watch.spawned, (err: unknown) => err instanceof StartFailedError && err.code === 'ENOENT' && /command: docs-mcp-eval-no-such-program --x/.test(err.message) && err.message.includes(`working directory: ${dir}`));
    assert.ok(watch.failure() instanceof StartFailedError);
  });

  it('settles `exited` with the status of a process that started', async () => {
    const child = spawn(process.execPath, ['-e', 'process.exit(3)'], { cwd: dir, stdio: 'ignore' });
    const watch = watchChild(child, target(process.execPath));
    await watch.spawned;
    assert.deepEqual(await watch.exited, { code: 3, signal: null });
    assert.equal(watch.failure(), undefined);
  });

  it('checks a wrapped program (taskset) before the wrapper hides it behind exit 127', () => {
    assert.throws(() => checkWrappedProgram(target('nope-srv'), '/usr/bin:/bin'), /"nope-srv" was not found on PATH/);
    assert.throws(() => checkWrappedProgram(target('./plain')), /is not executable/);
    assert.doesNotThrow(() => checkWrappedProgram(target('sh'), '/usr/bin:/bin'));
    assert.throws(() => checkWrappedProgram(target('sh', path.join(dir, 'gone')), '/usr/bin:/bin'), /working directory does not exist/);
  });
});
