/** The toolbox's names: the server's tools as listed, mapped only where the model API refuses the name, and a workspace tool that a server tool shadows renamed. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { CallOutcome, ToolCaller } from '../server/tool-caller.ts';
import { createToolbox } from './toolbox.ts';
import { workspaceTools } from './workspace-tools.ts';
import { createWorkspace, type Workspace } from './workspace.ts';

/** Records the calls it is asked to make; the real session is the loop test's. */
function recordingCaller(calls: string[]): ToolCaller {
  return {
    alive: true,
    stderrTail: () => '',
    endReason: () => '',
    ping: () => Promise.resolve(true),
    callTool(name): Promise<CallOutcome> {
      calls.push(name);
      return Promise.resolve({ ok: true, result: { content: [{ type: 'text', text: `from ${name}` }, { type: 'image', data: '', mimeType: 'image/png' }] }, ms: 1.5 });
    },
  };
}

const tool = (name: string, description?: string): Tool => ({ name, ...(description ? { description } : {}), inputSchema: { type: 'object', properties: {} } });

describe('toolbox names', () => {
  let ws: Workspace;
  before(async () => {
    ws = await createWorkspace();
  });
  after(() => ws.remove());

  it('offers the server tools as listed, maps a name the API refuses and back, and renames a shadowed workspace tool', async () => {
    const calls: string[] = [];
    const box = createToolbox({ tools: [tool('search_docs', 'Search.'), tool('docs.search/v2'), tool('read_file', "The server's own.")], caller: recordingCaller(calls), timeoutMs: 1_000 }, workspaceTools(ws, null));
    assert.deepEqual(box.specs.map((s) => s.name), ['search_docs', 'docs_search_v2', 'read_file', 'write_file', 'workspace_read_file', 'list_files']);
    assert.equal(box.specs[0]!.description, 'Search.');
    const done = await box.call({ id: 'c1', name: 'docs_search_v2', arguments: '{}' });
    assert.deepEqual(calls, ['docs.search/v2']);
    assert.equal(done.step.tool, 'docs.search/v2');
    assert.equal(done.step.source, 'docs');
    assert.equal(done.step.ms, 1.5);
    assert.equal(done.message.content, 'from docs.search/v2\n[1 non-text item(s) not shown]');
    const own = await box.call({ id: 'c2', name: 'read_file', arguments: '{}' });
    assert.equal(own.step.source, 'docs', "read_file is the server's");
    const workspace = await box.call({ id: 'c3', name: 'workspace_read_file', arguments: '{"path": "none.txt"}' });
    assert.deepEqual([workspace.step.tool, workspace.step.source, workspace.message.isError], ['read_file', 'workspace', true]);
  });
});
