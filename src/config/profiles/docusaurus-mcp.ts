/**
 * docusaurus-plugin-mcp-server (MIT): a Docusaurus plugin that indexes the built site with
 * FlexSearch and answers MCP over Streamable HTTP (its Vercel/Netlify/Workers adapters or
 * any node:http host). `docs_search(query, limit)` answers markdown text, one `URL: <page
 * url>` line per ranked page. The id is that URL's path without the host and leading slash
 * (`https://docs.example.com/docs/guides/retries` -> `docs/guides/retries`), and `.md`/`.mdx`
 * are stripped on both sides, so judgments written as source file paths
 * (`docs/guides/retries.md`) match. `docs_fetch` needs the full URL, which only the site
 * knows: no fetch by default; a config adds `fetch: {tool: docs_fetch, arguments: {url:
 * "https://docs.example.com/{id}"}}`.
 */
import type { BuiltinProfile } from './builtin-profile.ts';

export const docusaurusMcp: BuiltinProfile = {
  description: 'docusaurus-plugin-mcp-server (tested 0.12.0): docs_search(query, limit) markdown with "URL:" lines; ids the URL path ("docs/guides/retries"; .md/.mdx stripped from judgments); no fetch (docs_fetch needs the site URL: add it in the config)',
  shape: {
    search: {
      tool: 'docs_search',
      arguments: { query: '{query}', limit: '{limit}' },
      filters: 'template',
      ids: { from: 'regex', pattern: '^\\s*URL: (?:https?://[^/\\s]+)?/(?P<id>[^\\s#?]+)', flags: 'm' },
      normalize: { stripSuffix: ['.md', '.mdx'] },
    },
    fetch: null,
  },
};
