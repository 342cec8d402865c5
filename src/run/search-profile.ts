/**
 * How a case becomes tool calls on a given server. The default matches the reference
 * server and speakeasy docs-mcp: search_docs(query, limit, cursor, <facet filters>) and
 * get_doc(chunk_id). Configurable profiles (issue: any docs MCP server) plug in here.
 */
import type { RetrievalCase } from '../model/case.ts';
import { jsonHitsAdapter } from '../retrieval/adapters/json-hits.ts';
import type { SearchAdapter } from '../retrieval/adapters/tool-result.ts';
import { defaultErrorReply, type ErrorReplyCheck } from './extract/error-reply.ts';

export interface SearchProfile {
  searchTool: string;
  fetchTool: string | null;
  searchArgs(c: RetrievalCase, cursor: string | undefined): Record<string, unknown>;
  fetchArgs(id: string): Record<string, unknown>;
  adapter: SearchAdapter;
  /** Whether a result is the server's error reply (isError, or the shape's errorPath). */
  errorReply: ErrorReplyCheck;
}

export const defaultProfile: SearchProfile = {
  searchTool: 'search_docs',
  fetchTool: 'get_doc',
  searchArgs(c, cursor) {
    const args: Record<string, unknown> = { query: c.query, limit: c.limit, ...c.filters };
    if (cursor !== undefined) args['cursor'] = cursor;
    return args;
  },
  fetchArgs(id) {
    return { chunk_id: id };
  },
  adapter: jsonHitsAdapter,
  errorReply: defaultErrorReply,
};
