import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createWorkspace, LIMITS, seedWorkspace, WorkspaceError, type Workspace } from './workspace.ts';

describe('workspace', () => {
  let ws: Workspace;
  const outside = mkdtempSync(path.join(os.tmpdir(), 'dme-outside-'));
  writeFileSync(path.join(outside, 'secret.txt'), 'top secret');

  before(async () => {
    ws = await createWorkspace();
  });
  after(() => ws.remove());

  const refused = async (work: Promise<unknown>, pattern: RegExp) => {
    await assert.rejects(work, (error: unknown) => error instanceof WorkspaceError && pattern.test(error.message));
  };

  it('writes, reads and lists files inside, making folders', async () => {
    assert.equal(await ws.write('src/deep/a.ts', 'export const a = 1;\n'), 20);
    assert.equal(await ws.write('./notes.md', '# notes'), 7);
    assert.deepEqual(await ws.read('src/deep/a.ts'), { text: 'export const a = 1;\n', chars: 20, truncated: false });
    assert.equal(await ws.exists('notes.md'), true);
    assert.equal(await ws.exists('missing.md'), false);
    assert.deepEqual((await ws.list()).files, [{ path: 'notes.md', bytes: 7 }, { path: 'src/deep/a.ts', bytes: 20 }]);
    assert.deepEqual((await ws.list('src')).files.map((f) => f.path), ['src/deep/a.ts']);
  });

  it('refuses paths that lead out, on their text', async () => {
    await refused(ws.write('../escape.txt', 'x'), /leads out of the workspace/);
    await refused(ws.write('a/../../escape.txt', 'x'), /leads out/);
    await refused(ws.read(path.join(outside, 'secret.txt')), /is absolute/);
    await refused(ws.read(''), /empty/);
    await refused(ws.write('two\nlines.txt', 'x'), /control character/);
  });

  it('refuses symbolic links that lead out, and never writes through a link', async () => {
    symlinkSync(path.join(outside, 'secret.txt'), path.join(ws.dir, 'link.txt'));
    symlinkSync(outside, path.join(ws.dir, 'out'));
    await refused(ws.read('link.txt'), /symbolic link/);
    await refused(ws.read('out/secret.txt'), /symbolic link/);
    await refused(ws.write('out/new.txt', 'x'), /symbolic link/);
    await refused(ws.write('link.txt', 'overwritten'), /symbolic link/);
    assert.equal(readFileSync(path.join(outside, 'secret.txt'), 'utf8'), 'top secret');
    // A link inside the workspace to a file inside is read like the file; it is still not written through.
    symlinkSync(path.join(ws.dir, 'notes.md'), path.join(ws.dir, 'alias.md'));
    assert.equal((await ws.read('alias.md')).text, '# notes');
    await refused(ws.write('alias.md', 'x'), /is a symbolic link/);
  });

  it('caps sizes: a write, a read', async () => {
    await refused(ws.write('big.bin', 'x'.repeat(LIMITS.writeBytes + 1)), /more than one file may hold/);
    await ws.write('long.txt', 'y'.repeat(LIMITS.readChars + 10));
    const read = await ws.read('long.txt');
    assert.equal(read.text.length, LIMITS.readChars);
    assert.equal(read.truncated, true);
    assert.equal(read.chars, LIMITS.readChars + 10);
  });

  it('is seeded from a folder (relative to the dataset) and inline files', async () => {
    const data = mkdtempSync(path.join(os.tmpdir(), 'dme-data-'));
    mkdirSync(path.join(data, 'fixtures/bug/src'), { recursive: true });
    writeFileSync(path.join(data, 'fixtures/bug/src/main.ts'), 'bug();');
    const seeded = await createWorkspace();
    try {
      await seedWorkspace(seeded, { dir: 'fixtures/bug', inline: { 'README.md': 'fix it' } }, path.join(data, 'cases.yaml'));
      assert.deepEqual((await seeded.list()).files.map((f) => f.path), ['README.md', 'src/main.ts']);
      await refused(seedWorkspace(seeded, { dir: 'nowhere' }, path.join(data, 'cases.yaml')), /is not a folder/);
    } finally {
      await seeded.remove();
    }
  });
});
