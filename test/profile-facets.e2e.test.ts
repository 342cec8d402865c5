/**
 * Facet rules judged through an id source (the built-in `speakeasy` profile reads ids with
 * `$.hits[*].chunk_id`): the hits' metadata comes along with their ids, so a suite with
 * forbidden facets and no id globs is judged from the server's own labels; an id source
 * that yields bare ids leaves those cases not judged, and the report says why. The server
 * is the fixture in its `labelled` mode: a.md#x is labelled python, b.md#y go.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Report } from '../src/model/report.ts';
import { runCli } from './support/cli.ts';
import { faultyCommand } from './support/faulty.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-facets-'));
const suite = path.join(dir, 'cases.yaml');
writeFileSync(suite, [
  'name: facets',
  'cases:',
  '  - { id: no-python, query: go client, expected: b.md#y, forbidden: { language: [python] } }',
  '  - { id: no-typescript, query: go retries, expected: b.md#y, forbidden: { language: [typescript] } }',
  '',
].join('\n'));

async function run(name: string, extra: string[]): Promise<{ report: Report; markdown: string }> {
  const out = path.join(dir, `${name}.json`);
  const md = path.join(dir, `${name}.md`);
  const r = await runCli(['run', '--cases', suite, '--server-command', faultyCommand('--mode', 'labelled'), '--no-baseline', '--repetitions', '1', '--warmup', '0', ...extra, '--out', out, '--markdown', md]);
  assert.equal(r.code, 0, r.stderr);
  return { report: JSON.parse(readFileSync(out, 'utf8')) as Report, markdown: readFileSync(md, 'utf8') };
}

describe('facet rules through an id source', () => {
  it("the speakeasy profile keeps the hits' metadata, so facet rules are judged from it", async () => {
    const { report, markdown } = await run('speakeasy', ['--profile', 'speakeasy']);
    const clean = Object.fromEntries(report.cases.map((c) => [c.id, c.metrics?.facetClean]));
    assert.deepEqual(clean, { 'no-python': false, 'no-typescript': true });
    assert.equal(report.summary.metrics['facet.precision'], 0.5);
    assert.deepEqual(report.cases.find((c) => c.id === 'no-python')?.forbiddenHits, ['a.md#x']);
    assert.doesNotMatch(markdown, /Facet precision: \d+ of/);
  });

  it('bare ids leave facet rules not judged, and the report says why', async () => {
    const config = path.join(dir, 'regex.yml');
    writeFileSync(config, 'search:\n  ids: { from: regex, pattern: \'"chunk_id":\\s*"(?P<id>[^"]+)"\' }\n');
    const { report, markdown } = await run('regex', ['--config', config]);
    assert.equal(report.summary.metrics['facet.precision'], null);
    assert.match(report.cases[0]!.facetUnjudged ?? '', /a\.md#x carries no metadata\.language .*no id globs for language=python/);
    // The markdown escapes what GitHub would read as markup (`#x` as a reference, parentheses after a link).
    assert.match(markdown, /Facet precision: 2 of 2 case\(s\) with a facet rule not judged \(e\.g\. `no-python`: a\.md\\#x carries no metadata\.language/);
  });
});
