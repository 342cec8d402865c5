import assert from 'node:assert/strict';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { DatasetError, formatDatasetIssue } from './dataset-error.ts';
import { folderProfile, loadSuite } from './load-suite.ts';

const seedFile = (project: string, ids: string[]): string =>
  [`name: "${project} file"`, `project: "${project}"`, 'version: "1.0.0"', 'tests:', ...ids.flatMap((id) => [
    `  - id: "${id}"`,
    '    name: "n"',
    '    tool: "ask_docs"',
    '    difficulty: "basic"',
    '    input: { question: "q" }',
    '    expected: { validations: [{ type: has_citation }] }',
  ])].join('\n') + '\n';

async function directory(files: Record<string, string>): Promise<string> {
  const dir = path.join(await mkdtemp(path.join(tmpdir(), 'dme-dir-')), 'mina');
  await mkdir(dir);
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return dir;
}

async function problems(target: string | string[]): Promise<string[]> {
  try {
    await loadSuite(target);
  } catch (error) {
    assert.ok(error instanceof DatasetError, `expected DatasetError, got ${String(error)}`);
    return error.issues.map(formatDatasetIssue);
  }
  assert.fail('expected the dataset to be rejected');
}

describe('loadSuite: a directory or several files', () => {
  it('reads every .yaml / .yml file, sorted, as one suite named by the first project', async () => {
    const dir = await directory({ 'basic.yaml': seedFile('mina', ['b1', 'b2']), 'advanced.yml': seedFile('mina', ['a1']), 'notes.md': '# not a dataset' });
    const suite = await loadSuite(dir);
    assert.equal(suite.name, 'mina');
    assert.equal(suite.format, 'seed-000');
    assert.deepEqual(suite.files, [path.join(dir, 'advanced.yml'), path.join(dir, 'basic.yaml')]);
    assert.deepEqual(suite.cases.map((c) => [c.id, c.source.file === path.join(dir, 'advanced.yml') ? 'advanced' : 'basic', c.source.line]), [
      ['a1', 'advanced', 5],
      ['b1', 'basic', 5],
      ['b2', 'basic', 11],
    ]);
    // The same cases from a list of files are the same suite.
    const listed = await loadSuite([path.join(dir, 'advanced.yml'), path.join(dir, 'basic.yaml')]);
    assert.equal(listed.hash, suite.hash);
  });

  it('names a directory of native files after the directory', async () => {
    const dir = await directory({ 'a.yaml': 'name: A\ncases: [{ id: x, query: q, expected: d }]\n', 'b.yaml': 'name: B\ncases: [{ id: y, query: q, expected: d }]\n' });
    const suite = await loadSuite(dir);
    assert.equal(suite.name, 'mina');
    assert.deepEqual(suite.cases.map((c) => c.id), ['x', 'y']);
  });

  it('reports ids repeated across files, and every file\'s problems at once', async () => {
    const dir = await directory({ 'a.yaml': seedFile('mina', ['x']), 'b.yaml': seedFile('mina', ['y', 'x']), 'c.yaml': 'name: c\nproject: mina\nversion: "1"\ntests: [{ id: z }]\n' });
    const found = await problems(dir);
    assert.equal(found.length, 5);
    assert.match(found[0] ?? '', /c\.yaml:4:9 tests\[0\]: missing required field "difficulty"$/);
    // Merging happens only once every file is valid on its own.
    const valid = await directory({ 'a.yaml': seedFile('mina', ['x']), 'b.yaml': seedFile('mina', ['y', 'x']) });
    assert.deepEqual(await problems(valid), [`${path.join(valid, 'b.yaml')}:11 tests[1].id: duplicate case id "x" (first used at ${path.join(valid, 'a.yaml')}:5)`]);
  });

  it('reads seed-000 and native files side by side as one mixed suite', async () => {
    const mixed = await directory({ 'a.yaml': seedFile('mina', ['x']), 'b.yaml': 'name: B\ncases: [{ id: y, kind: answer, tool: ask_docs, input: {}, expect: { rules: [] } }]\n' });
    const suite = await loadSuite(mixed);
    assert.equal(suite.format, 'mixed');
    assert.deepEqual(suite.cases.map((c) => c.id), ['x', 'y']);
    const clash = await directory({ 'a.yaml': seedFile('mina', ['x']), 'b.yaml': 'name: B\ncases: [{ id: x, query: q, expected: d }]\n' });
    assert.deepEqual(await problems(clash), [`${path.join(clash, 'b.yaml')}:2 cases[0].id: duplicate case id "x" (first used at ${path.join(clash, 'a.yaml')}:5)`]);
  });

  it('rejects conflicting suite settings and an empty directory', async () => {
    const answer = (id: string, toolMap: string): string => `name: n\ntoolMap: ${toolMap}\ncases: [{ id: ${id}, kind: answer, tool: ask_docs, input: {}, expect: { rules: [] } }]\n`;
    const conflicting = await directory({ 'a.yaml': answer('x', '{ ask_docs: a }'), 'b.yaml': answer('y', '{ ask_docs: b }') });
    assert.deepEqual(await problems(conflicting), [`${path.join(conflicting, 'b.yaml')}:1 toolMap.ask_docs is "b" here but "a" in another file`]);
    const empty = await directory({ 'readme.md': 'x' });
    assert.deepEqual(await problems(empty), [`${empty}:1:1 directory has no .yaml or .yml dataset files (nor do its subfolders)`]);
  });

  it('reads a folder\'s profile.yaml as its profile, never as a dataset', async () => {
    const dir = await directory({ 'basic.yaml': seedFile('mina', ['b1']), 'profile.yaml': 'toolMap: { ask_docs: crypto_ask_docs }\n' });
    const suite = await loadSuite(dir);
    assert.deepEqual(suite.files, [path.join(dir, 'basic.yaml')]);
    assert.equal(await folderProfile(dir), path.join(dir, 'profile.yaml'));
    assert.equal(await folderProfile(path.join(dir, 'basic.yaml')), undefined);
  });

  it('reads a folder of project folders (seed 000\'s datasets/<project>/), named after the folder', async () => {
    const root = path.dirname(await directory({ 'basic.yaml': seedFile('mina', ['m1']) }));
    await mkdir(path.join(root, 'solana'));
    await writeFile(path.join(root, 'solana', 'basic.yaml'), seedFile('solana', ['s1']));
    await writeFile(path.join(root, 'profile.yaml'), 'toolMap: { ask_docs: crypto_ask_docs }\n');
    const suite = await loadSuite(root);
    assert.equal(suite.name, path.basename(root));
    assert.deepEqual(suite.cases.map((c) => [c.id, c.kind === 'answer' ? c.project : '']), [['m1', 'mina'], ['s1', 'solana']]);
  });
});
