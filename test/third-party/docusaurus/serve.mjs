#!/usr/bin/env node
/**
 * Glue (ours, MIT): docusaurus-plugin-mcp-server's McpDocsServer answers MCP over
 * Streamable HTTP through a host's request handler (its Vercel/Netlify adapters). This is
 * the smallest such host: a loopback node:http server handing POST /mcp to it, over the
 * artifacts index-docs.mjs wrote.
 *
 *   node serve.mjs --index <artifact folder> --port <port> [--base-url <url>]
 */
import { createServer } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { McpDocsServer } from 'docusaurus-plugin-mcp-server';

const { values } = parseArgs({ options: { index: { type: 'string' }, port: { type: 'string' }, 'base-url': { type: 'string', default: '' } } });
if (!values.index || !values.port) throw new Error('usage: serve.mjs --index <dir> --port <port> [--base-url <url>]');

const docs = new McpDocsServer({
  name: 'docs',
  docsPath: path.join(values.index, 'docs.json'),
  indexPath: path.join(values.index, 'search-index.json'),
  baseUrl: values['base-url'],
});
await docs.initialize(); // load before listening, so "ready" means searchable

const server = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/mcp') {
    res.writeHead(req.url === '/mcp' ? 405 : 404).end();
    return;
  }
  docs.handleHttpRequest(req, res).catch((error) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
});
server.listen(Number(values.port), '127.0.0.1', () => console.error(`docusaurus-plugin-mcp-server on http://127.0.0.1:${values.port}/mcp`));
// Stop cleanly when the harness stops us.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
