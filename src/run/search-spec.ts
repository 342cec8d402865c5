/**
 * How a case becomes tool calls on a given server, as plain, validated data (from a
 * built-in profile, a profile file or docs-mcp-eval.yml), and the SearchProfile the run
 * stage uses, built from it. Arguments are templates filled from the case: `{query}`,
 * `{limit}`, `{cursor}`, `{words}` (the query's words, an array), `{filters}` (the case's facet filters as one object),
 * `{filters.language}`, `{id}` (fetch); a key whose whole value is a template with
 * nothing to fill (`cursor` on the first page) is left out of the call.
 */
import { jsonHitsAdapter } from '../retrieval/adapters/json-hits.ts';
import { excerptOf, resultText, UnparsableResult, type SearchAdapter } from '../retrieval/adapters/tool-result.ts';
import type { RetrievalCase } from '../model/case.ts';
import type * as ExtractModule from './extract/id-source.ts';
import type { IdSource, Normalize } from './extract/id-source.ts';
import { compileErrorReply } from './extract/error-reply.ts';
import { fillTemplate, type TemplateVars } from './fill-template.ts';
import type { SearchProfile } from './search-profile.ts';
import { loadIdSource } from './lazy.ts';

export interface SearchSpec {
  tool: string;
  arguments: Record<string, unknown>;
  /** How a case's facet filters reach the tool: one argument each (`spread`), or only where the template puts them. */
  filters: 'spread' | 'template';
  /** Where the ranked ids are; absent: JSON `{hits:[{chunk_id}], next_cursor}` (keeps hit metadata for facet checks). */
  ids?: IdSource;
  /** Applied to the server's ids and to the dataset's judged ids alike. */
  normalize?: Normalize;
}

export interface FetchSpec {
  tool: string;
  arguments: Record<string, unknown>;
}

export interface ServerShape {
  search: SearchSpec;
  /** null: found documents are not fetched. */
  fetch: FetchSpec | null;
  /**
   * JSONPath whose match marks a result as the server's error reply (besides isError),
   * for every tool; absent: `$.error`, a top-level error member; null: isError only.
   */
  errorPath?: string | null;
}

const WHOLE_TEMPLATE = /^\{([A-Za-z_][\w.]*)\}$/;

/** Fills `template` from `vars`, leaving out keys whose whole-value template has no value. */
export function fillArguments(template: Record<string, unknown>, vars: TemplateVars): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(template)) {
    const filled = fillTemplate(value, vars);
    if (typeof value === 'string' && WHOLE_TEMPLATE.test(value) && filled === value) continue;
    out[key] = filled;
  }
  return out;
}

function caseVars(c: RetrievalCase, cursor: string | undefined): TemplateVars {
  // {words}: the query's words, for a search that takes keywords (`queryKeywords: ["{words}"]` is wrong: `"{words}"` alone fills the array).
  return { query: c.query, words: c.query.split(/\s+/).filter((w) => w !== ''), limit: c.limit, cursor, filters: c.filters, id: c.id, category: c.category };
}

type Extract = typeof ExtractModule;

/** An adapter reading ids where the spec says, normalised; a page with no ids and a problem is unparsable. */
function extractingAdapter(extract: Extract, ids: IdSource, normalize: Normalize | undefined): SearchAdapter {
  const compiled = extract.compileIdSource(ids);
  return {
    name: `ids from ${ids.from}`,
    parse(result) {
      const page = compiled.extract(result, normalize);
      if (page.ids.length === 0 && page.problem !== undefined) throw new UnparsableResult(page.problem, excerptOf(resultText(result)));
      // Title, score and metadata ride along when the ids were fields of hit objects (facet rules need them).
      return { hits: page.ids.map((id) => ({ id, ...page.details?.[id] })), nextCursor: page.nextCursor };
    },
  };
}

/** The default JSON hits adapter, with the spec's normalisation applied to its ids. */
function normalizedHits(extract: Extract | undefined, normalize: Normalize | undefined): SearchAdapter {
  if (!normalize || !extract) return jsonHitsAdapter;
  const { normalizeIds } = extract;
  return {
    name: jsonHitsAdapter.name,
    parse(result) {
      const page = jsonHitsAdapter.parse(result);
      const seen = new Set<string>();
      const hits = page.hits.flatMap((hit) => {
        const [id] = normalizeIds([hit.id], normalize);
        if (id === undefined || seen.has(id)) return [];
        seen.add(id);
        return [{ ...hit, id }];
      });
      return { hits, nextCursor: page.nextCursor };
    },
  };
}

/**
 * Throws (with the reason) when an id source cannot be compiled: call before any server
 * starts. The extraction modules (a JSONPath engine, RE2) load only for shapes that use them.
 */
export async function searchProfileFrom(shape: ServerShape): Promise<SearchProfile> {
  const { search, fetch } = shape;
  const extract = search.ids || search.normalize ? await loadIdSource() : undefined;
  const errorReply = await compileErrorReply(shape.errorPath);
  return {
    searchTool: search.tool,
    fetchTool: fetch?.tool ?? null,
    searchArgs(c, cursor) {
      const args = fillArguments(search.arguments, caseVars(c, cursor));
      return search.filters === 'spread' ? { ...args, ...c.filters } : args;
    },
    fetchArgs(id) {
      return fetch ? fillArguments(fetch.arguments, { id }) : {};
    },
    adapter: search.ids && extract ? extractingAdapter(extract, search.ids, search.normalize) : normalizedHits(extract, search.normalize),
    errorReply,
  };
}
