/**
 * Between our stdio MCP relay (a child of the agent CLI) and the run it reports to: one
 * JSON object per line over a local socket. The relay asks for the server's tool list and
 * for calls; the run answers each from its own session of the server, so every call an
 * agent CLI makes is timed and recorded like any other.
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';

export type RelayAsk = { op: 'list' } | { op: 'call'; name: string; arguments: Record<string, unknown> };
export type RelayRequest = RelayAsk & { id: number };

export type RelayResponse = { id: number; tools: Tool[] } | { id: number; result: CallToolResult } | { id: number; error: string };

/** Splits a stream's text into lines, keeping the unfinished one. */
export function lineReader(onLine: (line: string) => void): (chunk: Buffer | string) => void {
  let pending = '';
  return (chunk) => {
    pending += chunk.toString();
    let end: number;
    while ((end = pending.indexOf('\n')) !== -1) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      if (line.trim() !== '') onLine(line);
    }
  };
}
