/** The Action's inputs as a workflow writes them: values keep their commas, lists split where documented. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readInputs } from './inputs.ts';

const read = (values: Record<string, string>) => readInputs((name) => values[name] ?? '');

describe('readInputs', () => {
  it('server-env is one KEY=VALUE per line, and a value keeps its commas', () => {
    const inputs = read({ 'server-env': 'ALLOWED_HOSTS=a.example,b.example\nMODE=fast, careful\n' });
    assert.deepEqual(inputs.run.serverEnv, { ALLOWED_HOSTS: 'a.example,b.example', MODE: 'fast, careful' });
  });

  it('server-headers and reports are one per line too; category and tag split on commas as documented', () => {
    const inputs = read({ 'server-headers': 'Accept=text/html,application/json', reports: 'shards/a,b.json\nshards/c.json', category: 'lexical, intent\nfiltered' });
    assert.deepEqual(inputs.run.serverHeaders, { Accept: 'text/html,application/json' });
    assert.deepEqual(inputs.reports, ['shards/a,b.json', 'shards/c.json']);
    assert.deepEqual(inputs.run.filter?.categories, ['lexical', 'intent', 'filtered']);
  });

  it('reads max-errors and allow-evaluator-errors, refusing what is neither', () => {
    assert.deepEqual(read({ 'max-errors': '10%', 'allow-evaluator-errors': 'true' }).run.maxErrors, { share: 0.1 });
    assert.equal(read({ 'allow-evaluator-errors': 'false' }).run.allowEvaluatorErrors, false);
    assert.throws(() => read({ 'allow-evaluator-errors': 'yes please' }), /input allow-evaluator-errors must be true or false/);
    assert.throws(() => read({ 'max-errors': 'many' }), /input max-errors must be a whole number of cases \(3\) or a share \(10%\)/);
  });

  it('reads where the history is kept, refusing a store, branch, path or key that is not one', () => {
    assert.deepEqual(
      (({ historyStore, historyBranch, historyPath }) => ({ historyStore, historyBranch, historyPath }))(read({})),
      { historyStore: 'artifact', historyBranch: 'docs-mcp-eval-data', historyPath: '' },
    );
    const chosen = read({ 'history-store': 'branch', 'history-branch': 'bench/data', 'history-path': './results/' });
    assert.deepEqual([chosen.historyStore, chosen.historyBranch, chosen.historyPath], ['branch', 'bench/data', 'results']);
    assert.throws(() => read({ 'history-store': 'gh-pages' }), /input history-store must be one of artifact, branch, both/);
    assert.throws(() => read({ 'history-branch': '../main' }), /input history-branch must be a plain git branch name/);
    assert.throws(() => read({ 'history-path': '../../etc' }), /input history-path must be a relative folder/);
    assert.throws(() => read({ 'comment-key': '..' }), /input comment-key must be .* \(not dots alone\)/);
  });

  it('history-pages: off unless asked, and only with the data branch to put the pages on', () => {
    assert.equal(read({}).historyPages, false);
    assert.equal(read({ 'history-store': 'both', 'history-pages': 'true' }).historyPages, true);
    assert.throws(() => read({ 'history-pages': 'true' }), /input history-pages puts the pages on the data branch: set history-store to branch or both/);
    assert.throws(() => read({ 'history-store': 'branch', 'history-pages': 'yes' }), /input history-pages must be true or false, got "yes"/);
  });
});

