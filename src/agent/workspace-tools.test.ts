import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pidsWithArgument } from '../../test/support/proc-scan.ts';
import { workspaceTools, type WorkspaceTool } from './workspace-tools.ts';
import { createWorkspace, type Workspace } from './workspace.ts';

describe('workspace tools', () => {
  let ws: Workspace;
  let tools: Map<string, WorkspaceTool>;
  before(async () => {
    ws = await createWorkspace();
    process.env['DME_TEST_HIDDEN_KEY'] = 'sk-hidden-value';
    tools = new Map(workspaceTools(ws, { timeoutMs: 2_000, hide: ['DME_TEST_HIDDEN_KEY'] }).map((t) => [t.spec.name, t]));
  });
  after(async () => {
    delete process.env['DME_TEST_HIDDEN_KEY'];
    await ws.remove();
  });
  const call = (name: string, args: Record<string, unknown>) => tools.get(name)!.run(args);

  it('offers write_file, read_file and list_files always, run_command only when allowed', () => {
    assert.deepEqual([...tools.keys()], ['write_file', 'read_file', 'list_files', 'run_command']);
    assert.deepEqual(workspaceTools(ws, null).map((t) => t.spec.name), ['write_file', 'read_file', 'list_files']);
  });

  it('writes, reads and lists; a refused path comes back to the agent as an error, not a crash', async () => {
    assert.deepEqual(await call('write_file', { path: 'a/b.txt', content: 'hello' }), { text: 'wrote 5 bytes to a/b.txt', isError: false });
    assert.deepEqual(await call('read_file', { path: 'a/b.txt' }), { text: 'hello', isError: false });
    assert.deepEqual(await call('list_files', {}), { text: 'a/b.txt (5 bytes)', isError: false });
    assert.deepEqual(await call('write_file', { path: '../x', content: '' }), { text: '"../x" leads out of the workspace', isError: true });
    assert.deepEqual(await call('read_file', { path: 3 }), { text: 'argument "path" must be a string', isError: true });
  });

  it('runs commands in the workspace, without the agent key, under the timeout, leaving nothing running', async () => {
    const ran = await call('run_command', { command: 'cat a/b.txt; echo "[$DME_TEST_HIDDEN_KEY]"' });
    assert.deepEqual(ran, { text: 'exit code 0\nhello[]', isError: false });
    const failed = await call('run_command', { command: 'echo oops >&2; exit 4' });
    assert.equal(failed.text, 'exit code 4\noops');
    const slow = await call('run_command', { command: 'sleep 30' });
    assert.match(slow.text, /^timed out after 2000 ms/);
    await call('run_command', { command: `${JSON.stringify(process.execPath)} -e "setTimeout(() => {}, 60000)" dme-left-behind-marker & echo started` });
    assert.deepEqual(pidsWithArgument('dme-left-behind-marker'), [], 'a background process the command started is ended with it');
  });
});
