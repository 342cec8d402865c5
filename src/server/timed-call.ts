/**
 * One tools/call as both sessions make it: timed at the transport (TimedTransport's
 * latest round trip), a per-call timeout mapped to its outcome, and any other error
 * handed to `failed`, because how a dying server shows differs by transport (stdio: the
 * pipe closes; HTTP: an error the server did not answer, then maybe its exit).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
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

/**
 * The SDK's ErrorCode values we test for, as plain numbers: importing the SDK's types
 * module here would load it (and zod) before the server is spawned (stdio-session.ts).
 * timed-call.test.ts checks they equal the SDK's.
 */
export const SDK_ERROR_CODES = { connectionClosed: -32000, requestTimeout: -32001 } as const;

/** An McpError, recognised by shape: the SDK names its errors, and the class itself is not loaded here. */
function mcpErrorCode(err: unknown): number | undefined {
  if (!(err instanceof Error) || err.name !== 'McpError') return undefined;
  const { code } = err as Error & { code?: unknown };
  return typeof code === 'number' ? code : undefined;
}

/** The SDK's error for a request that got no answer in time. */
export function isRequestTimeout(err: unknown): boolean {
  return mcpErrorCode(err) === SDK_ERROR_CODES.requestTimeout;
}

/**
 * The SDK's error for a connection that closed under a call. Its code, -32000, is also the
 * first of JSON-RPC's "server error" codes, which servers answer with for their own
 * failures: only the SDK's own message tells a closed connection from a server's error.
 */
export function connectionClosed(err: unknown): boolean {
  return mcpErrorCode(err) === SDK_ERROR_CODES.connectionClosed && /Connection closed$/.test((err as Error).message);
}
