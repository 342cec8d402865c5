import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { retarget } from './base-checkout.ts';

describe('retarget', () => {
  it('moves paths inside the repository, in cwd values and command lines, to the worktree', () => {
    assert.equal(retarget('/repo', '/repo', '/tmp/base'), '/tmp/base');
    assert.equal(retarget('/repo/docs', '/repo', '/tmp/base'), '/tmp/base/docs');
    assert.equal(retarget("node '/repo/dist/server.js' --index /repo/.idx.json", '/repo', '/tmp/base'), "node '/tmp/base/dist/server.js' --index /tmp/base/.idx.json");
  });

  it('moves an installed dependency (node_modules) only when the worktree has it', () => {
    const command = "'/repo/node_modules/node/bin/node' /repo/dist/server.js";
    assert.equal(retarget(command, '/repo', '/tmp/base', () => false), "'/repo/node_modules/node/bin/node' /tmp/base/dist/server.js");
    assert.equal(retarget(command, '/repo', '/tmp/base', (f) => f === '/tmp/base/node_modules/node/bin/node'), "'/tmp/base/node_modules/node/bin/node' /tmp/base/dist/server.js");
    assert.equal(retarget('/repo/packages/a/node_modules/.bin/serve', '/repo', '/tmp/base', () => false), '/repo/packages/a/node_modules/.bin/serve');
  });

  it('leaves paths outside it alone, including siblings that share the prefix', () => {
    assert.equal(retarget('node /usr/lib/server.js', '/repo', '/tmp/base'), 'node /usr/lib/server.js');
    assert.equal(retarget('/repo-other/x', '/repo', '/tmp/base'), '/repo-other/x');
    assert.equal(retarget('npm run serve', '/repo', '/tmp/base'), 'npm run serve');
  });
});
