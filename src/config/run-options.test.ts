import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCpus, parseFraction, parseMinEffects, resolveConfig } from './run-options.ts';

describe('run options', () => {
  it('reads fractions as percentages or decimals, and per-metric minimum effects', () => {
    assert.equal(parseFraction('5%', '--x'), 0.05);
    assert.equal(parseFraction('0.1', '--x'), 0.1);
    assert.throws(() => parseFraction('120%', '--min-effect'), /--min-effect must be a fraction/);
    assert.deepEqual(parseMinEffects(['3%', 'search.p95=10%'], '--min-effect'), { minEffect: 0.03, minEffectFor: { 'search.p95': 0.1 } });
  });

  it('takes a url as the server, and refuses combinations that cannot work', () => {
    const hosted = resolveConfig({ cases: 'c.yaml', serverUrl: 'https://docs.example.com/mcp', serverHeaders: { A: 'b' } }, '/w');
    assert.equal(hosted.server.url, 'https://docs.example.com/mcp');
    assert.deepEqual(hosted.server.headers, { A: 'b' });
    assert.throws(() => resolveConfig({ cases: 'c.yaml' }, '/w'), /cases and a server/);
    assert.throws(() => resolveConfig({ cases: 'c.yaml', serverUrl: 'http://x/mcp', compareRef: 'main' }, '/w'), /compare-ref .* needs a server command/);
    assert.throws(() => resolveConfig({ setupCommand: 'npm ci' }, '/w'), /setup command .* needs compare-ref/);
    assert.throws(() => resolveConfig({ shard: '4/3' }, '/w'), /shard: /);
    assert.throws(() => resolveConfig({ failOn: ['mrr@5 = 1'] }, '/w'), /fail-on: /);
    assert.throws(() => resolveConfig({ cases: 'c.yaml', serverCommand: 'node s.js', buildOutput: 'index' }, '/w'), /a build output is what the build command writes: give the build command too/);
    const built = resolveConfig({ cases: 'c.yaml', serverCommand: 'node s.js', buildCommand: 'make', buildOutput: 'out/index' }, '/w');
    assert.equal(built.build?.output, '/w/out/index');
  });

  it('reads server CPUs as auto, none or a taskset list, and refuses anything else', () => {
    assert.equal(parseCpus(undefined, '--server-cpus'), undefined);
    for (const v of ['auto', 'none', '3', '2,3', '0-1']) assert.equal(parseCpus(v, '--server-cpus'), v);
    assert.throws(() => parseCpus('last', '--server-cpus'), /--server-cpus must be auto, none or a CPU list/);
    assert.equal(resolveConfig({}, '/w').serverCpus, 'auto');
  });

  it('never caps repetitions below the minimum: a lower max-repetitions means no extra repetitions', () => {
    assert.equal(resolveConfig({}, '/w').maxRepetitions, 20);
    assert.equal(resolveConfig({ repetitions: 8, maxRepetitions: 3 }, '/w').maxRepetitions, 8);
  });

  it('records a seed: the one given, else a random one', () => {
    assert.equal(resolveConfig({ seed: 7 }, '/w').seed, 7);
    assert.ok(Number.isInteger(resolveConfig({}, '/w').seed));
  });
});
