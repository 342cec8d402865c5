/** The library entry (`import … from 'docs-mcp-eval'`) as a consumer gets it: the built dist/index.js. */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('library entry (dist/index.js)', () => {
  it('exposes the pipeline and its pure parts', async () => {
    const lib = (await import(pathToFileURL(path.join(ROOT, 'dist/index.js')).href)) as Record<string, unknown>;
    for (const name of ['evaluate', 'resolveConfig', 'loadSuite', 'compareReports', 'renderEvaluation', 'runRules', 'runEvaluation', 'ndcgAt']) {
      assert.equal(typeof lib[name], 'function', name);
    }
    const loadSuite = lib['loadSuite'] as (file: string) => Promise<{ cases: unknown[] }>;
    const suite = await loadSuite(path.join(ROOT, 'datasets/reference/cases.yaml'));
    assert.ok(suite.cases.length >= 40);
  });
});
