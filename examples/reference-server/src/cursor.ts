/**
 * Pagination cursors. Opaque to clients, but bound to the query that made them:
 * a cursor carries a hash of query + filters, so reusing it with another query
 * is an error instead of a silently wrong page.
 */
import { createHash } from 'node:crypto';

/** A problem with the caller's input, reported as a tool error result, not a protocol error. */
export class ToolInputError extends Error {
  override name = 'ToolInputError';
}

export function queryKey(query: string, filters: Readonly<Record<string, string>>): string {
  const sorted = Object.entries(filters).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify([query, sorted])).digest('base64url').slice(0, 16);
}

export function encodeCursor(offset: number, key: string): string {
  return Buffer.from(JSON.stringify({ o: offset, q: key })).toString('base64url');
}

/** The offset the cursor points at. Throws ToolInputError when it is malformed or belongs to another query. */
export function decodeCursor(cursor: string, key: string): number {
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ToolInputError('invalid cursor: pass next_cursor from a previous search_docs result unchanged');
  }
  const { o, q } = (data ?? {}) as { o?: unknown; q?: unknown };
  if (typeof o !== 'number' || !Number.isSafeInteger(o) || o < 0 || typeof q !== 'string') {
    throw new ToolInputError('invalid cursor: pass next_cursor from a previous search_docs result unchanged');
  }
  if (q !== key) {
    throw new ToolInputError('cursor belongs to a different query or filters: repeat the same query and filters, or drop the cursor to start over');
  }
  return o;
}
