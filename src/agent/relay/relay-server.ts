/**
 * Our stdio MCP relay, run by an agent CLI from the MCP config it is given
 * (`docs-mcp-eval relay <socket>`): an MCP server built on the official SDK that offers
 * the tools of the server under test exactly as that server lists them, and forwards each
 * call to the run over the socket (relay-host.ts), which calls the server through its own
 * timed session. It ends when the CLI closes its stdin, or when the run goes away.
 */
import { connect, type Socket } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { lineReader, type RelayAsk, type RelayResponse } from './protocol.ts';

export const RELAY_NAME = 'docs-mcp-eval-relay';

function relayClient(socket: Socket): (request: RelayAsk) => Promise<RelayResponse> {
  let next = 1;
  const waiting = new Map<number, (response: RelayResponse) => void>();
  socket.on(
    'data',
    lineReader((line) => {
      const response = JSON.parse(line) as RelayResponse;
      waiting.get(response.id)?.(response);
      waiting.delete(response.id);
    }),
  );
  return (request) =>
    new Promise((resolve, reject) => {
      if (socket.destroyed) return reject(new McpError(ErrorCode.ConnectionClosed, 'the evaluation run is gone'));
      const id = next++;
      waiting.set(id, resolve);
      socket.write(`${JSON.stringify({ ...request, id })}\n`);
    });
}

export async function runRelay(socketPath: string, version: string): Promise<void> {
  const socket = connect(socketPath);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const ask = relayClient(socket);
  const server = new Server({ name: RELAY_NAME, version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const response = await ask({ op: 'list' });
    if ('error' in response) throw new McpError(ErrorCode.InternalError, response.error);
    return { tools: 'tools' in response ? response.tools : [] };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const response = await ask({ op: 'call', name: request.params.name, arguments: request.params.arguments ?? {} });
    if ('error' in response) throw new McpError(ErrorCode.InternalError, response.error);
    return 'result' in response ? response.result : { content: [], isError: true };
  });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
    socket.once('close', () => resolve());
  });
  await server.connect(transport);
  await closed;
  socket.destroy();
  await server.close().catch(() => undefined);
}
