/**
 * One tools/call as both sessions make it: timed at the transport (TimedTransport's
 * latest round trip), a per-call timeout mapped to its outcome, and any other error
 * handed to `failed`, because how a dying server shows differs by transport (stdio: the
 * pipe closes; HTTP: an error the server did not answer, then maybe its exit).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { TimedTransport } from './timed-transport.ts';
import type { CallOutcome } from './tool-caller.ts';

export async function timedToolCall(
  client: Client,
  timed: TimedTransport,
  call: { name: string; args: Record<string, unknown>; timeoutMs: number },
  failed: (err: unknown) => Promise<CallOutcome>,
): Promise<CallOutcome> {
  try {
    const result = (await client.callTool({ name: call.name, arguments: call.args }, undefined, { timeout: call.timeoutMs })) as CallToolResult;
    return { ok: true, result, ms: timed.takeLatest('tools/call')?.ms ?? Number.NaN };
  } catch (err) {
    // Taken either way, so a failed call's timing never lands on the next one.
    timed.takeLatest('tools/call');
    if (isRequestTimeout(err)) {
      return { ok: false, kind: 'timeout', message: `no answer within ${call.timeoutMs} ms`, ms: call.timeoutMs };
    }
    return failed(err);
  }
}

/** The SDK's error for a request that got no answer in time. */
export function isRequestTimeout(err: unknown): boolean {
  return err instanceof McpError && err.code === Number(ErrorCode.RequestTimeout);
}

/**
 * The SDK's error for a connection that closed under a call. Its code, -32000, is also the
 * first of JSON-RPC's "server error" codes, which servers answer with for their own
 * failures: only the SDK's own message tells a closed connection from a server's error.
 */
export function connectionClosed(err: unknown): boolean {
  return err instanceof McpError && err.code === Number(ErrorCode.ConnectionClosed) && /Connection closed$/.test(err.message);
}
