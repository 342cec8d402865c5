/** datasets/crypto-docs: seed 000's datasets, transcribed; they must load as they are. */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { AnswerCase, Case } from '../model/case.ts';
import { loadSuite } from './load-suite.ts';
import { prepareConfig } from '../config/prepare-config.ts';

const ROOT = path.resolve(import.meta.dirname, '../../datasets/crypto-docs');

const answers = (cases: readonly Case[]): AnswerCase[] => cases.map((c) => {
  assert.ok(c.kind === 'answer', `${c.id} is an answer case`);
  return c;
});

describe('crypto-docs datasets (seed 000)', () => {
  for (const [project, files, count] of [
    ['mina', ['advanced.yaml', 'basic.yaml'], 11],
    ['solana', ['basic.yaml'], 4],
    ['cosmos', ['basic.yaml'], 4],
  ] as const) {
    it(`${project}/ loads and validates as one seed-000 suite`, async () => {
      const suite = await loadSuite(path.join(ROOT, project));
      assert.equal(suite.name, project);
      assert.equal(suite.format, 'seed-000');
      assert.deepEqual(suite.files.map((f) => path.basename(f)), files);
      const cases = answers(suite.cases);
      assert.equal(cases.length, count);
      for (const c of cases) {
        assert.equal(c.project, project);
        assert.equal(c.category, c.tool);
        assert.ok(['ask_docs', 'get_working_example', 'explain_error', 'search_docs'].includes(c.tool), c.tool);
        assert.ok(c.expect.rules.length > 0, `${c.id} has validations`);
      }
    });
  }

  it('keeps a case exactly as the seed writes it', async () => {
    const suite = await loadSuite(path.join(ROOT, 'mina', 'basic.yaml'));
    assert.equal(suite.name, 'Mina Protocol - Basic Questions');
    const search = answers(suite.cases).find((c) => c.id === 'mina-basic-008');
    assert.deepEqual(search?.input, { query: 'Merkle tree implementation', limit: 5 });
    assert.deepEqual(search?.expect, {
      rules: [
        { type: 'sources_count', min: 2 },
        { type: 'contains_any', values: ['merkle', 'tree', 'MerkleTree'] },
      ],
    });
    assert.equal(search?.difficulty, 'basic');
    assert.deepEqual(search?.tags, ['search', 'data-structures']);
  });

  it('the whole folder loads as one suite, its profile.yaml read as the profile, not as a dataset', async () => {
    const suite = await loadSuite(ROOT);
    assert.equal(suite.name, 'crypto-docs');
    assert.equal(suite.cases.length, 19);
    assert.ok(suite.files.every((f) => path.basename(f) !== 'profile.yaml'), suite.files.join(', '));
    const config = await prepareConfig({ cases: ROOT, serverCommand: 'node server.js' }, process.cwd());
    assert.equal(config.profile, path.join(ROOT, 'profile.yaml'));
    const named = await prepareConfig({ cases: ROOT, serverCommand: 'node server.js', profile: path.join(ROOT, 'mina', 'basic.yaml') }, process.cwd()).catch((e: unknown) => e);
    assert.ok(named instanceof Error, 'a named profile wins over the folder\'s (here an invalid one, so it is rejected)');
  });

  it('all three projects load together with unique ids', async () => {
    const suite = await loadSuite(['mina', 'solana', 'cosmos'].map((p) => path.join(ROOT, p)));
    assert.equal(suite.cases.length, 19);
    assert.equal(suite.name, 'mina');
  });
});
