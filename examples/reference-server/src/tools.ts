/**
 * The MCP face of the server: tool schemas and handlers over a loaded index.
 * Input problems come back as tool results with isError, so an agent sees the
 * message and can retry, instead of a protocol error it cannot read.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { ToolInputError } from './cursor.ts';
import { getDoc, MAX_CONTEXT } from './get-doc.ts';
import { DEFAULT_LIMIT, MAX_LIMIT, searchDocs, type RankingFault } from './search.ts';
import type { LoadedIndex } from './search-index.ts';

export const SERVER_NAME = 'docs-mcp-eval-reference-server';
export const SERVER_VERSION = '0.1.0';

export interface ServerOptions {
  /** Added to every tool call before it answers; for latency calibration runs. */
  delayMs?: number;
  /** Test-only: demote the top hits of some queries (see RankingFault). */
  rankingFault?: RankingFault;
}

/**
 * Waits `ms`, precisely even below a millisecond: timers cannot wait less than ~1 ms,
 * so short delays spin (the server answers one call at a time; a calibration run
 * injects e.g. 0.1 ms, a tenth of a search).
 */
async function pause(ms: number): Promise<void> {
  if (ms >= 2) return sleep(ms);
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin
  }
}

function text(value: string, isError = false): CallToolResult {
  return { content: [{ type: 'text', text: value }], ...(isError ? { isError: true } : {}) };
}

/** Run a handler, turning ToolInputError into an error result; anything else is a bug and propagates. */
async function answer(delayMs: number, run: () => string): Promise<CallToolResult> {
  if (delayMs > 0) await pause(delayMs);
  try {
    return text(run());
  } catch (err) {
    if (err instanceof ToolInputError) return text(err.message, true);
    throw err;
  }
}

/**
 * One optional enum parameter per facet in the index, so the tool's JSON schema
 * tells the agent exactly which values exist (e.g. language: go | python | typescript).
 */
function facetShape(facets: Record<string, string[]>): Record<string, z.ZodOptional<z.ZodEnum>> {
  const shape: Record<string, z.ZodOptional<z.ZodEnum>> = {};
  for (const [name, values] of Object.entries(facets)) {
    const [first, ...rest] = values;
    if (first === undefined) continue;
    shape[name] = z
      .enum([first, ...rest])
      .optional()
      .describe(`Only return chunks with this ${name}. Chunks without a ${name} (general guides) are always included.`);
  }
  return shape;
}

export function createServer(index: LoadedIndex, options: ServerOptions = {}): McpServer {
  const delayMs = options.delayMs ?? 0;
  const facetNames = Object.keys(index.facets);
  const server = new McpServer({ name: SERVER_NAME, version: SERVER_VERSION });

  server.registerTool(
    'search_docs',
    {
      title: 'Search documentation',
      description:
        'Full-text search over the documentation, one hit per section. Returns JSON ' +
        '{"hits":[{"chunk_id","title","breadcrumb","snippet","score"}],"next_cursor"}. ' +
        'Pass next_cursor back with the same query and filters for the next page. ' +
        'Read a hit in full with get_doc.',
      inputSchema: {
        query: z.string().min(1).describe('Words to look for, e.g. "retry configuration" or an identifier.'),
        limit: z.number().int().min(1).max(MAX_LIMIT).optional().describe(`Hits per page, default ${DEFAULT_LIMIT}.`),
        cursor: z.string().optional().describe('next_cursor from the previous page of the same search.'),
        ...facetShape(index.facets),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      answer(delayMs, () => {
        // Facet parameters are only known at runtime, so the inferred args type cannot name them.
        const all = args as Record<string, unknown>;
        const filters: Record<string, string> = {};
        for (const name of facetNames) {
          const value = all[name];
          if (typeof value === 'string') filters[name] = value;
        }
        const { query, limit, cursor } = args;
        const page = searchDocs(index, {
          query,
          filters,
          ...(limit === undefined ? {} : { limit }),
          ...(cursor === undefined ? {} : { cursor }),
        }, options.rankingFault);
        return JSON.stringify(page);
      }),
  );

  server.registerTool(
    'get_doc',
    {
      title: 'Get a documentation section',
      description:
        'Markdown of one section by its chunk_id (from search_docs). ' +
        'context adds that many neighbouring sections of the same file before and after.',
      inputSchema: {
        chunk_id: z.string().min(1).describe('A chunk_id from search_docs, e.g. "guides/retries.md#retries-guide/backoff".'),
        context: z.number().int().min(0).max(MAX_CONTEXT).optional().describe('Neighbouring sections to include on each side, default 0.'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ chunk_id, context }) => answer(delayMs, () => getDoc(index, chunk_id, context ?? 0)),
  );

  return server;
}
