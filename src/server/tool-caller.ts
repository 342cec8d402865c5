/**
 * What the run stage needs from a live server: call a tool, get the result and the
 * server-side round trip, or a classified failure. Kept as an interface so the run
 * stage does not care whether the server is on stdio or HTTP.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * - `client_closed`: our side (the SDK's client) closed the connection, e.g. a reply over
 *   its stdio buffer limit: the harness's failure, not the server's exit.
 */
export type CallFailureKind = 'timeout' | 'call_failed' | 'server_exited' | 'client_closed';

export type CallOutcome =
  | { ok: true; result: CallToolResult; ms: number }
  | { ok: false; kind: CallFailureKind; message: string; ms?: number };

export interface ToolCaller {
  callTool(name: string, args: Record<string, unknown>, timeoutMs: number): Promise<CallOutcome>;
  /** False once the server process has exited or the connection closed. */
  readonly alive: boolean;
  /** The newest lines the server wrote to stderr. */
  stderrTail(): string;
  /** Whether the server still answers an MCP ping within `timeoutMs`: tells a slow query from a hung server. */
  ping(timeoutMs: number): Promise<boolean>;
  /** Why the session is no longer alive, in words (the server's exit, or the client closing the connection). */
  endReason(): string;
}
