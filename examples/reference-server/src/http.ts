/**
 * The reference server over MCP Streamable HTTP, on node:http (no framework): one
 * endpoint, http://127.0.0.1:<port>/mcp, loopback only.
 *
 * Stateful sessions: an initialize POST creates a session (its id comes back in the
 * mcp-session-id header) with its own McpServer, which later requests reuse. Not
 * stateless, because the SDK's stateless mode needs a new transport, and so a new
 * McpServer, for every request: building the tool schemas would then be billed to
 * every call's latency, and HTTP numbers would not compare with stdio, where the
 * server is built once per connection as it is here per session. A session ends on
 * DELETE (the client's terminateSession) or when the process stops.
 */
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export const MCP_PATH = '/mcp';
const HOST = '127.0.0.1';

export interface HttpListener {
  /** The MCP endpoint, with the port actually bound (port 0 picks a free one). */
  readonly url: string;
  readonly port: number;
  /** Ends every session and stops listening. */
  close(): Promise<void>;
}

/** A JSON-RPC error body, the shape MCP clients expect even on requests we refuse ourselves. */
function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/**
 * DNS rebinding guard: a web page can make a browser send requests to 127.0.0.1 under
 * an attacker's host name, so only our own Host (and Origin, when a browser sends one)
 * is served. The SDK's own option for this is deprecated in favour of doing it here.
 */
function fromLoopback(req: IncomingMessage, port: number): boolean {
  const hosts = [`${HOST}:${port}`, `localhost:${port}`];
  if (!hosts.includes(req.headers.host ?? '')) return false;
  const origin = req.headers.origin;
  return origin === undefined || hosts.some((h) => origin === `http://${h}`);
}

/** Serves `newServer()` (called once per session) until close(); rejects when the port cannot be bound. */
export async function serveHttp(newServer: () => McpServer, port: number): Promise<HttpListener> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  let bound = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (new URL(req.url ?? '/', 'http://x').pathname !== MCP_PATH) return refuse(res, 404, `not found; the MCP endpoint is ${MCP_PATH}`);
    if (!fromLoopback(req, bound)) return refuse(res, 403, 'forbidden Host or Origin');
    const id = req.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const transport = sessions.get(id);
      // 404 tells a client its session is gone (e.g. we restarted) and to initialize again.
      if (!transport) return refuse(res, 404, 'session not found');
      return transport.handleRequest(req, res);
    }
    if (req.method !== 'POST') return refuse(res, 400, 'no mcp-session-id: start a session with an initialize POST');
    // A POST without a session must be an initialize; the transport checks that itself
    // (400 otherwise), and a transport that did not start a session is dropped below.
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => {
        sessions.set(sid, transport);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    const server = newServer();
    await server.connect(transport);
    await transport.handleRequest(req, res);
    if (transport.sessionId === undefined) await server.close();
  }

  const http = createHttpServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      process.stderr.write(`reference-server: ${req.method} ${req.url}: ${err instanceof Error ? err.message : String(err)}\n`);
      if (!res.headersSent) refuse(res, 500, 'internal error');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, HOST, () => {
      http.off('error', reject);
      resolve();
    });
  });
  bound = (http.address() as AddressInfo).port;

  return {
    url: `http://${HOST}:${bound}${MCP_PATH}`,
    port: bound,
    async close() {
      await Promise.allSettled([...sessions.values()].map((t) => t.close()));
      // Open SSE streams would keep close() waiting forever: cut them.
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
