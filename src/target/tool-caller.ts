/**
 * What the run stage needs from a live server: call a tool, get the result and the
 * server-side round trip, or a classified failure. Kept as an interface so the run
 * stage does not care whether the server is on stdio or HTTP.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export type CallFailureKind = 'timeout' | 'call_failed' | 'server_exited';

export type CallOutcome =
  | { ok: true; result: CallToolResult; ms: number }
  | { ok: false; kind: CallFailureKind; message: string; ms?: number };

export interface ToolCaller {
  callTool(name: string, args: Record<string, unknown>, timeoutMs: number): Promise<CallOutcome>;
  /** False once the server process has exited or the connection closed. */
  readonly alive: boolean;
  /** The newest lines the server wrote to stderr. */
  stderrTail(): string;
}
