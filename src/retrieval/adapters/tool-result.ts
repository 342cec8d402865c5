/**
 * Turning a raw MCP tool result into what the harness judges: the text an agent
 * would read, and (for search tools) the ranked ids and the next cursor.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Hit } from '../../model/observation.ts';

/**
 * All text the agent reads, joined: text items and the text of embedded resources
 * (servers such as qmd answer a fetch with the document as an embedded resource).
 */
export function resultText(result: CallToolResult): string {
  return result.content
    .flatMap((item) => (item.type === 'text' ? [item.text] : item.type === 'resource' && 'text' in item.resource ? [item.resource.text] : []))
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
