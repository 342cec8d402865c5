#!/usr/bin/env node
/**
 * Glue (ours, MIT): docusaurus-plugin-mcp-server builds its search artifacts from a
 * Docusaurus site's rendered HTML during `docusaurus build`. To run its real indexer and
 * server without a Docusaurus site, this feeds it a folder of markdown directly, as the
 * ProcessedDoc records its HTML step would produce: one page per .md/.mdx file, routed as
 * Docusaurus routes docs by default (routeBasePath "docs", the path without its extension:
 * guides/retries.md -> /docs/guides/retries).
 *
 *   node index-docs.mjs --docs <markdown folder> --out <artifact folder> [--route-base docs] [--base-url <url>]
 *
 * writes <out>/docs.json and <out>/search-index.json, which serve.mjs loads.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadIndexer } from 'docusaurus-plugin-mcp-server';

const { values } = parseArgs({ options: { docs: { type: 'string' }, out: { type: 'string' }, 'route-base': { type: 'string', default: 'docs' }, 'base-url': { type: 'string', default: '' } } });
if (!values.docs || !values.out) throw new Error('usage: index-docs.mjs --docs <dir> --out <dir> [--route-base docs] [--base-url <url>]');

const slug = (text) => text.toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, '').trim().replace(/\s+/g, '-');

/** A markdown file as the plugin's ProcessedDoc: title from the first `# `, headings with their section offsets. */
function processedDoc(file, root) {
  const markdown = readFileSync(file, 'utf8');
  const route = `/${values['route-base']}/`.replace(/^\/\/$/, '/') + path.relative(root, file).split(path.sep).join('/').replace(/\.mdx?$/, '');
  const marks = [...markdown.matchAll(/^(#{1,6})\s+(.+)$/gm)];
  const headings = marks.map((m, i) => ({
    level: m[1].length,
    text: m[2].trim(),
    id: slug(m[2]),
    startOffset: m.index,
    endOffset: i + 1 < marks.length ? marks[i + 1].index : markdown.length,
  }));
  const title = headings.find((h) => h.level === 1)?.text ?? route;
  return { route, title, description: '', markdown, headings };
}

const files = readdirSync(values.docs, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && /\.mdx?$/.test(e.name))
  .map((e) => path.join(e.parentPath, e.name))
  .sort();
const indexer = await loadIndexer('flexsearch');
await indexer.initialize({ baseUrl: values['base-url'], serverName: 'docs', indexers: ['flexsearch'], search: 'flexsearch' });
await indexer.indexDocuments(files.map((f) => processedDoc(f, values.docs)));
mkdirSync(values.out, { recursive: true });
for (const [name, data] of await indexer.finalize()) writeFileSync(path.join(values.out, name), JSON.stringify(data));
