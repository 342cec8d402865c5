/**
 * dist/ is committed (the Action and `npx` run it as is), so it must be exactly what
 * `npm run build` makes from the sources: rebuild into a temp root and compare bytes.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { readdirSync } from 'node:fs';
import { BUILD_OUTPUTS, buildAll } from '../scripts/build.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('committed bundles', () => {
  it('are what npm run build makes from the current sources', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'dme-dist-'));
    await buildAll(tmp);
    for (const dir of BUILD_OUTPUTS) {
      if (statSync(path.join(tmp, dir)).isFile()) {
        assert.ok(readFileSync(path.join(tmp, dir)).equals(readFileSync(path.join(ROOT, dir))), `${dir} is stale: run \`npm run build\` and commit the result`);
        continue;
      }
      const files = (base: string) => readdirSync(path.join(base, dir), { recursive: true, encoding: 'utf8' }).sort();
      assert.deepEqual(files(ROOT), files(tmp), `${dir}/ holds other files than the build makes: run \`npm run build\` and commit the result`);
      for (const file of files(tmp)) {
        const fresh = path.join(tmp, dir, file);
        if (!statSync(fresh).isFile()) continue;
        assert.ok(readFileSync(fresh).equals(readFileSync(path.join(ROOT, dir, file))), `${dir}/${file} is stale: run \`npm run build\` and commit the result`);
      }
    }
  });
});
