/**
 * What the SDK's client transport reported as errors while the session ran: lines on a
 * stdio server's stdout that are not JSON-RPC (MCP stdio allows nothing else there; the
 * SDK skips such a line, so a reply glued to a log line is lost and its call times out),
 * and a reply over the SDK's stdio buffer limit (the SDK then closes the connection and
 * stops the server). Kept so a failure names its real cause instead of "the server
 * exited with code 0" or a bare timeout.
 */

export interface ProtocolNoise {
  /** Transport errors seen so far. */
  readonly count: number;
  /** The first one, shortened. */
  readonly first: string | undefined;
  /** Set when a reply overflowed the client's buffer: the SDK closed the connection. */
  readonly overflow: string | undefined;
  record(error: Error): void;
  /** " (… N lines …)" for a failure message when errors were seen since `since` (a count); '' otherwise. */
  noteSince(since: number): string;
}

const SHORT = 200;

export function createProtocolNoise(): ProtocolNoise {
  let count = 0;
  let first: string | undefined;
  let overflow: string | undefined;
  return {
    get count() {
      return count;
    },
    get first() {
      return first;
    },
    get overflow() {
      return overflow;
    },
    record(error) {
      count++;
      const message = error.message.replace(/\s+/g, ' ').slice(0, SHORT);
      first ??= message;
      if (/ReadBuffer exceeded maximum size/.test(error.message)) overflow ??= message;
    },
    noteSince(since) {
      const seen = count - since;
      if (seen <= 0) return '';
      return `; meanwhile the server wrote ${seen} line(s) to stdout that are not JSON-RPC (first: ${first ?? '?'}): MCP stdio allows only JSON-RPC messages on stdout, log to stderr`;
    },
  };
}

/** The words for a connection the client closed after an overflow. */
export function overflowReason(overflow: string): string {
  return `the MCP client closed the connection: a reply was larger than the SDK's stdio buffer (${overflow}); the server was stopped`;
}
