/** `run` flags as a user types them. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRunArgs } from './args.ts';

describe('parseRunArgs', () => {
  it('--server-env keeps the commas of a value, one pair per flag', async () => {
    const flags = await parseRunArgs(['--cases', 'c.yaml', '--server-command', 'node s.js', '--server-env', 'HOSTS=a,b', '--server-env', 'MODE=x']);
    assert.equal(flags.help, false);
    if (!flags.help) assert.deepEqual(flags.config.server.env, { HOSTS: 'a,b', MODE: 'x' });
  });
});
