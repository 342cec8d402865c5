#!/usr/bin/env node
// A tiny but real MCP stdio server (@modelcontextprotocol/sdk) for the scale benchmark:
// search_docs answers query "q<N>" with deterministic hits doc<N>.md#a, doc<N+1>.md#a, ...
// (two pages: page 1 carries next_cursor "<limit>", page 2 ends with null), and get_doc
// returns a short text. No real search, so `npm run bench:scale` measures the harness.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import * as z from 'zod';

const PAGES = 2;
const text = (value, isError = false) => ({ content: [{ type: 'text', text: value }], ...(isError ? { isError: true } : {}) });

const server = new McpServer({ name: 'docs-mcp-eval-synthetic-server', version: '0.1.0' });

server.registerTool(
  'search_docs',
  {
    description: 'Synthetic search: query "q<N>" returns doc<N>.md#a, doc<N+1>.md#a, ... as JSON {hits, next_cursor}.',
    inputSchema: {
      query: z.string().min(1),
      limit: z.number().int().min(1).max(100).optional(),
      cursor: z.string().optional(),
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  ({ query, limit = 5, cursor }) => {
    const match = /^q(\d+)$/.exec(query);
    if (match === null) return text(JSON.stringify({ hits: [], next_cursor: null }));
    const base = Number(match[1]);
    const offset = cursor === undefined ? 0 : Number(cursor);
    if (!Number.isInteger(offset) || offset < 0) return text(`bad cursor: ${cursor}`, true);
    const hits = [];
    for (let i = 0; i < limit; i++) {
      const n = base + offset + i;
      hits.push({ chunk_id: `doc${n}.md#a`, title: `Document ${n}`, score: Number((1 / (offset + i + 1)).toFixed(4)) });
    }
    const next = offset + limit < PAGES * limit ? String(offset + limit) : null;
    return text(JSON.stringify({ hits, next_cursor: next }));
  },
);

server.registerTool(
  'get_doc',
  {
    description: 'Synthetic document body of a chunk_id from search_docs.',
    inputSchema: { chunk_id: z.string().min(1) },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  ({ chunk_id }) => text(`# ${chunk_id}\n\nSynthetic section body for ${chunk_id}.\n`),
);

await server.connect(new StdioServerTransport());
