import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { loadCustomEvaluator } from './custom.ts';
import { createRegistry } from './registry.ts';
import { runEvaluation } from './runner.ts';
import type { Evaluator } from '../../model/evaluation.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'evaluators-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a module into the temp folder; returns its file name. */
function module(name: string, source: string): string {
  writeFileSync(path.join(dir, name), source);
  return `./${name}`;
}

const evaluateBody = `evaluate: async (input, criteria) => criteria.map((c) => ({ criterionName: c.name, evaluatorType: 'len', score: input.response.length }))`;

describe('createRegistry', () => {
  it('has the built-ins and custom', () => {
    assert.deepEqual(createRegistry().types(), ['custom', 'keyword_coverage', 'lexical_similarity', 'rule_based', 'sentiment', 'tool_usage', 'toxicity']);
    assert.deepEqual(createRegistry({ builtins: false }).types(), ['custom']);
  });

  it('registers new types, refuses duplicates unless replaced', () => {
    const registry = createRegistry({ builtins: false });
    const evaluator: Evaluator = { type: 'mine', evaluate: () => Promise.resolve([]) };
    registry.register('mine', () => evaluator, { defaultCriterion: { name: 'mine', description: '', scale: 'numeric' } });
    assert.equal(registry.create({ type: 'mine' }), evaluator);
    assert.throws(() => registry.register('mine', () => evaluator), /already registered/);
    assert.doesNotThrow(() => registry.register('mine', () => evaluator, { replace: true }));
    assert.throws(() => registry.register('bad name', () => evaluator), /evaluator type must be a name/);
  });

  it('create() resolves criteria from the config alone and explains what is wrong', () => {
    const registry = createRegistry();
    assert.equal(registry.create({ type: 'keyword_coverage' }).type, 'keyword_coverage');
    assert.throws(() => registry.create({ type: 'nope' }), /unknown evaluator type 'nope'/);
    assert.throws(() => registry.create({ type: 'toxicity', criteria: ['undefined_one'] }), /unknown criterion 'undefined_one'/);
  });
});

describe('custom evaluators', () => {
  const criteria = [{ name: 'length', description: '', scale: 'numeric' }];
  const run = (file: string) => runEvaluation({ response: 'abc', criteria: [] }, { criteria, registry: createRegistry({ baseDir: dir }), evaluators: [{ type: 'custom', module: file, criteria: ['length'] }] });

  it('loads a default-exported Evaluator object', async () => {
    const result = await run(module('object.js', `export default { type: 'len', ${evaluateBody} };`));
    assert.equal(result.results[0]?.score, 3);
    assert.equal(result.results[0]?.evaluatorType, 'len');
  });

  it('loads a factory (sync or async) and passes it the config and criteria', async () => {
    const file = module('factory.js', `export default async (config, criteria) => ({ type: 'f', evaluate: async () => criteria.map((c) => ({ criterionName: c.name, evaluatorType: 'f', score: config.bonus })) });`);
    const result = await runEvaluation({ response: '', criteria: [] }, { criteria, registry: createRegistry({ baseDir: dir }), evaluators: [{ type: 'custom', module: file, criterion: 'length', bonus: 0.5 }] });
    assert.equal(result.normalized.length, 0.5);
  });

  it('loads a class', async () => {
    const source = `export default class Len {
  constructor(config, criteria) { this.type = 'len'; this.criteria = criteria; }
  async evaluate(input) { return this.criteria.map((c) => ({ criterionName: c.name, evaluatorType: this.type, score: input.response.length })); }
}`;
    const result = await run(module('klass.js', source));
    assert.equal(result.results[0]?.score, 3);
  });

  it('loads TypeScript where Node strips types', { skip: !process.features.typescript }, async () => {
    const file = module('typed.ts', `const evaluator: { type: string; evaluate: (i: { response: string }, c: { name: string }[]) => Promise<unknown[]> } = { type: 'ts', evaluate: async (i, c) => c.map((x) => ({ criterionName: x.name, evaluatorType: 'ts', score: 1 })) };\nexport default evaluator;`);
    const result = await run(file);
    assert.equal(result.results[0]?.score, 1);
  });

  it('names the file when the export is wrong, and records it as an error on the case', async () => {
    const file = module('wrong.js', `export default { name: 'no evaluate here' };`);
    await assert.rejects(loadCustomEvaluator(file, dir), /custom evaluator .*wrong\.js: the default export must be an Evaluator .*got an object with keys \[name\]/);
    const result = await run(file);
    assert.match(result.results[0]?.error ?? '', /wrong\.js/);
    assert.equal(result.normalized.length, null);
  });

  it('names the file when a factory returns something else, or the module does not load', async () => {
    const factory = loadCustomEvaluator(module('bad-factory.js', `export default () => 42;`), dir);
    await assert.rejects((await factory)({ type: 'custom' }, []), /bad-factory\.js: the factory returned a number, not an Evaluator/);
    await assert.rejects(loadCustomEvaluator(module('broken.js', `export default {`), dir), /broken\.js failed to load/);
    await assert.rejects(loadCustomEvaluator('./missing.js', dir), /module not found: .*missing\.js/);
  });

  it('preload reports broken modules before the run', async () => {
    const registry = createRegistry({ baseDir: dir });
    const ok = module('ok.js', `export default { type: 'ok', evaluate: async () => [] };`);
    assert.deepEqual(await registry.preload([{ type: 'custom', module: ok }, { type: 'rule_based' }]), []);
    const problems = await registry.preload([{ type: 'custom', module: module('nothing.js', 'export const x = 1;') }]);
    assert.match(problems[0] ?? '', /nothing\.js: the default export must be .*got nothing/);
  });
});

describe('custom evaluator instances', () => {
  it('builds each config once for the whole run, and preload surfaces factory errors', async () => {
    const counter = module('counted.js', `let built = 0;\nexport default (config) => { if (config.fail) throw new Error('bad option'); built++; return { type: 'c', evaluate: async (i, c) => c.map((x) => ({ criterionName: x.name, evaluatorType: 'c', score: built })) }; };`);
    const registry = createRegistry({ baseDir: dir });
    const criteria = [{ name: 'n', description: '', scale: 'numeric' }];
    const config = { type: 'custom', module: counter, criterion: 'n' };
    assert.deepEqual(await registry.preload([config], criteria), []);
    for (let i = 0; i < 3; i++) {
      const result = await runEvaluation({ response: '', criteria: [] }, { criteria, registry, evaluators: [config] });
      assert.equal(result.results[0]?.score, 1);
    }
    const problems = await registry.preload([{ type: 'custom', module: counter, criterion: 'n', fail: true }], criteria);
    assert.match(problems[0] ?? '', /counted\.js: bad option/);
  });
});
