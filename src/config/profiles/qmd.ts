/**
 * qmd (@tobilu/qmd, MIT): a local search engine over folders of markdown, indexed into
 * SQLite (`qmd collection add <dir> --name <name>`), served by `qmd mcp`. Its `query` tool
 * fuses BM25, vector search and an LLM reranker; the profile sends one `lex` (BM25)
 * sub-query with reranking off, the mode that needs no models (nothing to download) and
 * ranks deterministically. Results are structured: `results[].file` is qmd's path,
 * `<collection>/<path in the folder>`, lowercased (qmd spells paths in lower case), which
 * is also what `get` reads.
 */
import type { BuiltinProfile } from './builtin-profile.ts';

export const qmd: BuiltinProfile = {
  description: 'qmd (@tobilu/qmd, tested 2.8.3) `qmd mcp`: query(searches:[{type:lex}], rerank:false), BM25 with no models; ids results[].file ("<collection>/<path>", compared case-insensitively); get(file)',
  shape: {
    search: {
      tool: 'query',
      arguments: { searches: [{ type: 'lex', query: '{query}' }], limit: '{limit}', rerank: false },
      filters: 'template',
      ids: { from: 'json', path: '$.results[*].file' },
      normalize: { lowercase: true },
    },
    fetch: { tool: 'get', arguments: { file: '{id}' } },
  },
};
