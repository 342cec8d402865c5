/**
 * Tests run on Node 24 (the Action's runtime); the bundles must also run on Node 20,
 * the oldest Node the package supports. This finds a Node 20 on PATH (the machine's
 * own, outside node_modules/.bin) and runs the built CLI end to end with it.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { runCli } from './support/cli.ts';
import { findNode20 } from './support/node20.ts';

const node20 = findNode20();

describe('bundles on Node 20', { skip: node20 ? false : 'no Node 20 on PATH' }, () => {
  it('runs the embedded default end to end with dist/cli.js', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-node20-'));
    const r = await runCli(['run', '--out', path.join(dir, 'r.json'), '--markdown', path.join(dir, 'r.md')], { node: node20! });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /docs-mcp-eval: /);
    assert.match(r.stdout, /Compared with baseline/);
  });
});
