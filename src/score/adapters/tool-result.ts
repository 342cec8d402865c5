/**
 * Turning a raw MCP tool result into what the harness judges: the text an agent
 * would read, and (for search tools) the ranked ids and the next cursor.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Hit } from '../../run/observation.ts';

/** All text items joined, the way an agent reads a result. */
export function resultText(result: CallToolResult): string {
  return result.content
    .filter((item): item is { type: 'text'; text: string } => item.type === 'text')
    .map((item) => item.text)
    .join('\n');
}

export interface ParsedSearch {
  hits: Hit[];
  nextCursor: string | null;
}

/** A search result the adapter could not read: recorded on the case, never thrown past it. */
export class UnparsableResult extends Error {
  readonly excerpt: string;
  constructor(message: string, excerpt: string) {
    super(message);
    this.name = 'UnparsableResult';
    this.excerpt = excerpt;
  }
}

/** A search adapter reads one page of results; profiles (issue: adapters) add more kinds. */
export interface SearchAdapter {
  name: string;
  parse(result: CallToolResult): ParsedSearch;
}

export function excerptOf(text: string, max = 300): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`;
}
