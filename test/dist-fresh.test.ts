/**
 * dist/ is committed (the Action and `npx` run it as is), so it must be exactly what
 * `npm run build` makes from the sources: rebuild into a temp root and compare bytes.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { BUNDLES, buildAll } from '../scripts/build.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('committed bundles', () => {
  it('are what npm run build makes from the current sources', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'dme-dist-'));
    await buildAll(tmp);
    for (const bundle of BUNDLES) {
      const fresh = readFileSync(path.join(tmp, bundle.out));
      const committed = readFileSync(path.join(ROOT, bundle.out));
      assert.ok(fresh.equals(committed), `${bundle.out} is stale: run \`npm run build\` and commit the result`);
    }
  });
});
