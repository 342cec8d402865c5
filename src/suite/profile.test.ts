import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { DatasetError } from './dataset-error.ts';
import { loadProfile, parseProfile } from './profile.ts';
import { rejectionsOf } from '../../test/support/dataset-problems.ts';

const FILE = 'profiles/crypto.yaml';

function problems(text: string): string[] {
  return rejectionsOf(() => parseProfile(text, FILE));
}

describe('profiles', () => {
  it('reads the tool map and input defaults, templates kept', () => {
    const profile = parseProfile('name: crypto-docs\ntoolMap: { ask_docs: crypto_ask_docs }\ninputDefaults: { project: "{project}", limit: 5 }\n', FILE);
    assert.deepEqual(profile, {
      name: 'crypto-docs',
      toolMap: { ask_docs: 'crypto_ask_docs' },
      inputDefaults: { project: '{project}', limit: 5 },
      file: FILE,
    });
  });

  it('defaults everything: an empty file is an empty profile named after the file', () => {
    assert.deepEqual(parseProfile('', FILE), { name: 'crypto', toolMap: {}, inputDefaults: {}, file: FILE });
  });

  it('reports problems with file:line', () => {
    assert.deepEqual(problems('name: p\ntoolMap:\n  ask_docs: 3\n  search: ""\ninputDefault: {}\n'), [
      `${FILE}:3:3 toolMap.ask_docs: must be a string; got number 3 (quote it: "3")`,
      `${FILE}:4:3 toolMap.search: must not be empty`,
      `${FILE}:5:1 unknown field "inputDefault" (did you mean "inputDefaults"?)`,
    ]);
    assert.deepEqual(problems('- a\n'), [`${FILE}:1:1 must be an object (a mapping of fields); got a list`]);
  });

  it('loads the crypto-docs profile', async () => {
    const profile = await loadProfile(path.resolve(import.meta.dirname, '../../datasets/crypto-docs/profile.yaml'));
    assert.equal(profile.toolMap.ask_docs, 'crypto_ask_docs');
    assert.deepEqual(profile.inputDefaults, { project: '{project}' });
    await assert.rejects(loadProfile('nope.yaml'), (error: unknown) => error instanceof DatasetError && /cannot read profile: file not found/.test(error.message));
  });
});
