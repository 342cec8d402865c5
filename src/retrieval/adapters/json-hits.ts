/**
 * The adapter for servers that answer search with JSON text of the shape
 * `{ hits: [{ chunk_id, title?, score?, metadata? }], next_cursor }` — the reference
 * server's and speakeasy docs-mcp's shape. `structuredContent` of the same shape is
 * preferred when present, since it needs no text parsing.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Hit } from '../../model/observation.ts';
import { excerptOf, resultText, UnparsableResult, type ParsedSearch, type SearchAdapter } from './tool-result.ts';
import { isRecord } from '../../shared/plain-data.ts';

function stringMetadata(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** What a hit object says besides its id: title, score, and string metadata (facets). */
export function hitDetails(raw: Record<string, unknown>): Omit<Hit, 'id'> {
  const details: Omit<Hit, 'id'> = {};
  if (typeof raw['title'] === 'string') details.title = raw['title'];
  if (typeof raw['score'] === 'number') details.score = raw['score'];
  const metadata = stringMetadata(raw['metadata']);
  if (metadata) details.metadata = metadata;
  return details;
}

function toHit(raw: unknown, index: number, excerpt: string): Hit {
  if (!isRecord(raw) || typeof raw['chunk_id'] !== 'string') {
    throw new UnparsableResult(`hits[${index}] has no string chunk_id`, excerpt);
  }
  return { id: raw['chunk_id'], ...hitDetails(raw) };
}

export function parseJsonHits(payload: unknown, excerpt: string): ParsedSearch {
  if (!isRecord(payload) || !Array.isArray(payload['hits'])) {
    throw new UnparsableResult('expected an object with a "hits" array', excerpt);
  }
  const cursor = payload['next_cursor'];
  return {
    hits: payload['hits'].map((raw, i) => toHit(raw, i, excerpt)),
    nextCursor: typeof cursor === 'string' && cursor.length > 0 ? cursor : null,
  };
}

export const jsonHitsAdapter: SearchAdapter = {
  name: 'json-hits',
  parse(result: CallToolResult): ParsedSearch {
    if (isRecord(result.structuredContent) && Array.isArray(result.structuredContent['hits'])) {
      return parseJsonHits(result.structuredContent, excerptOf(JSON.stringify(result.structuredContent)));
    }
    const text = resultText(result);
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      throw new UnparsableResult('search result text is not JSON', excerptOf(text));
    }
    return parseJsonHits(payload, excerptOf(text));
  },
};
