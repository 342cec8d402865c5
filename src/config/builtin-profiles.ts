/**
 * Built-in server shapes, selectable by name (`--profile speakeasy`, `profile: speakeasy`
 * in docs-mcp-eval.yml). A profile file or the config file's search/fetch sections
 * override them field by field.
 */
import type { FetchSpec, SearchSpec, ServerShape } from '../run/search-spec.ts';
import type { BuiltinProfile } from './profiles/builtin-profile.ts';
import { docusaurusMcp } from './profiles/docusaurus-mcp.ts';
import { qmd } from './profiles/qmd.ts';

const SEARCH_DOCS: SearchSpec = {
  tool: 'search_docs',
  arguments: { query: '{query}', limit: '{limit}', cursor: '{cursor}' },
  filters: 'spread',
};
const GET_DOC: FetchSpec = { tool: 'get_doc', arguments: { chunk_id: '{id}' } };


export const BUILTIN_PROFILES: Readonly<Record<string, BuiltinProfile>> = {
  reference: {
    description: "this repository's reference server: search_docs(query, limit, cursor, <facet filters>) answering JSON {hits:[{chunk_id,...}], next_cursor}; get_doc(chunk_id)",
    shape: { search: SEARCH_DOCS, fetch: GET_DOC },
  },
  speakeasy: {
    description: "speakeasy's docs-mcp: search_docs with hits[].chunk_id and next_cursor (facet filters as arguments); get_doc(chunk_id)",
    shape: { search: { ...SEARCH_DOCS, ids: { from: 'json', path: '$.hits[*].chunk_id', cursor: '$.next_cursor' } }, fetch: GET_DOC },
  },
  // Third-party servers from the npm registry, each tested against the real server (test/third-party-*.e2e.test.ts).
  qmd,
  'docusaurus-plugin-mcp-server': docusaurusMcp,
};

export const DEFAULT_SHAPE: ServerShape = BUILTIN_PROFILES['reference']!.shape;

/** The shape with a profile's or config file's sections laid over it, field by field. */
export type ShapeOverlay = { search?: Partial<SearchSpec>; fetch?: Partial<FetchSpec> | null; errorPath?: string | null };

export function overlayShape(base: ServerShape, over: ShapeOverlay): ServerShape {
  const search: SearchSpec = { ...base.search, ...over.search };
  let fetch: FetchSpec | null = base.fetch;
  if (over.fetch === null) fetch = null;
  else if (over.fetch !== undefined) fetch = { tool: over.fetch.tool ?? base.fetch?.tool ?? 'get_doc', arguments: over.fetch.arguments ?? base.fetch?.arguments ?? { chunk_id: '{id}' } };
  const errorPath = over.errorPath !== undefined ? over.errorPath : base.errorPath;
  return { search, fetch, ...(errorPath !== undefined ? { errorPath } : {}) };
}
