/**
 * The server `init` and `inspect` talk to: stdio from a command, or Streamable HTTP (a
 * hosted url, or a command we start and then reach at the url), through the same
 * sessions as a run, so a command that cannot start fails the same way (named, exit 1).
 */
import type { ToolInfo } from '../config/guess-shape.ts';
import { TOOL_VERSION } from '../pipeline/version.ts';
import type { ServerCatalog } from '../server/server-catalog.ts';
import { startStdioSession } from '../server/stdio-session.ts';
import type { ToolCaller } from '../server/tool-caller.ts';
import { UsageError } from '../shared/run-errors.ts';
import { loadHttpSession } from './lazy.ts';

export type Session = ToolCaller & { tools: ToolInfo[]; catalog(timeoutMs: number): Promise<ServerCatalog>; close(): Promise<unknown> };

export interface ServerTarget {
  command?: string | undefined;
  url?: string | undefined;
  cwd: string;
  env?: Record<string, string>;
  headers?: Record<string, string>;
}

export async function connectServer(target: ServerTarget, clientName: string, timeoutMs: number): Promise<Session> {
  const options = { clientName, clientVersion: TOOL_VERSION, connectTimeoutMs: timeoutMs, rssIntervalMs: 1_000 };
  const server = target.command !== undefined ? { command: target.command, cwd: target.cwd, env: target.env ?? {} } : undefined;
  if (target.url !== undefined) {
    const { startHttpSession } = await loadHttpSession();
    return startHttpSession({ url: target.url, ...(target.headers ? { headers: target.headers } : {}), ...(server ? { server } : {}) }, options);
  }
  if (!server) throw new UsageError('a server is needed: --server-command "<cmd>" (stdio) or --server-url <url> (Streamable HTTP)');
  return startStdioSession(server, options);
}

/** `name(arg: type, arg?: type)`: a tool's arguments on one line. */
export function signature(tool: ToolInfo): string {
  const props = tool.inputSchema?.properties ?? {};
  const required = tool.inputSchema?.required ?? [];
  const args = Object.entries(props).map(([name, schema]) => `${name}${required.includes(name) ? '' : '?'}: ${typeName(schema)}`);
  return `${tool.name}(${args.join(', ')})`;
}

export function typeName(schema: unknown): string {
  if (typeof schema !== 'object' || schema === null) return 'any';
  const s = schema as { type?: unknown; items?: unknown; enum?: unknown; properties?: Record<string, unknown> };
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.type === 'array') return `${typeName(s.items)}[]`;
  if (s.type === 'object' && s.properties) return `{ ${Object.entries(s.properties).map(([k, v]) => `${k}: ${typeName(v)}`).join(', ')} }`;
  return Array.isArray(s.type) ? s.type.join(' | ') : typeof s.type === 'string' ? s.type : 'any';
}
