/**
 * The run's side of the relay (protocol.ts): a local socket that lists the server's tools
 * as the server listed them and runs each call through the run's session of the server
 * (timed at the transport, RSS sampled), recording it as a tool call step of the task's
 * trajectory. One host per task run, closed with it.
 */
import { createServer, type Socket } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolCallStep } from '../../model/task.ts';
import { resultText } from '../../retrieval/adapters/tool-result.ts';
import { tempRoot } from '../../shared/temp-dir.ts';
import { excerpt, shortArgs } from '../excerpt.ts';
import type { DocsAccess } from '../toolbox.ts';
import { lineReader, type RelayRequest, type RelayResponse } from './protocol.ts';

export interface RelayHost {
  socket: string;
  /** The calls made through the relay so far, in order. */
  steps: ToolCallStep[];
  close(): Promise<void>;
}

export async function startRelayHost(docs: DocsAccess): Promise<RelayHost> {
  const dir = await mkdtemp(path.join(tempRoot(), 'dme-relay-'));
  const socket = path.join(dir, 'relay.sock');
  const steps: ToolCallStep[] = [];
  const clients = new Set<Socket>();

  async function answer(request: RelayRequest): Promise<RelayResponse> {
    if (request.op === 'list') return { id: request.id, tools: [...docs.tools] };
    const outcome = await docs.caller.callTool(request.name, request.arguments, docs.timeoutMs);
    const result: CallToolResult = outcome.ok ? outcome.result : { content: [{ type: 'text', text: `the tool call failed (${outcome.kind}): ${outcome.message}` }], isError: true };
    const text = resultText(result);
    steps.push({
      id: `relay_${steps.length + 1}`,
      tool: request.name,
      source: 'docs',
      args: shortArgs(request.arguments),
      ok: outcome.ok && result.isError !== true,
      ms: outcome.ms ?? Number.NaN,
      result: excerpt(text),
      chars: text.length,
    });
    return { id: request.id, result };
  }

  const server = createServer((connection) => {
    clients.add(connection);
    connection.on('close', () => clients.delete(connection));
    connection.on('error', () => connection.destroy());
    // One request at a time per connection, in order: the session calls one tool at a time anyway.
    let queue = Promise.resolve();
    connection.on(
      'data',
      lineReader((line) => {
        queue = queue.then(async () => {
          let response: RelayResponse;
          let id = -1;
          try {
            const request = JSON.parse(line) as RelayRequest;
            id = request.id;
            response = await answer(request);
          } catch (error) {
            response = { id, error: error instanceof Error ? error.message : String(error) };
          }
          if (!connection.destroyed) connection.write(`${JSON.stringify(response)}\n`);
        });
      }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, resolve);
  });
  return {
    socket,
    steps,
    async close() {
      for (const c of clients) c.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
