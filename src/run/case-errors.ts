/**
 * How a failed tool call becomes a case's error, the same for search, fetch and answer
 * calls: a call that failed (crash, hang, protocol) keeps the server's stderr tail, and
 * an error reply (isError, or the shape's errorPath) is named with the tool and an
 * excerpt of what it said, never taken for an empty result.
 */
import type { CallOutcome, ToolCaller } from '../server/tool-caller.ts';
import type { CaseError } from '../model/observation.ts';
import { excerptOf, resultText } from '../retrieval/adapters/tool-result.ts';

export function failureError(outcome: Extract<CallOutcome, { ok: false }>, caller: ToolCaller): CaseError {
  const error: CaseError = { kind: outcome.kind, message: outcome.message };
  // The stderr tail explains deaths and hangs; for a plain tool error it is noise.
  if (outcome.kind !== 'call_failed') error.stderrTail = caller.stderrTail();
  return error;
}

export function errorReplyMessage(tool: string, reply: string): string {
  return `${tool} answered with an error: ${reply}`;
}

export function errorReplyError(tool: string, reply: string, result: Extract<CallOutcome, { ok: true }>['result']): CaseError {
  return { kind: 'error_reply', message: errorReplyMessage(tool, reply), excerpt: excerptOf(resultText(result)) };
}
