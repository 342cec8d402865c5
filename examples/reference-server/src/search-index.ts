/**
 * The index file: its shape, how it is built from chunks, and how it is loaded.
 * Build and server both go through this module because MiniSearch.loadJS only
 * works with the exact options the index was built with (fields, extractField,
 * tokenizer); keeping them in one constant makes a mismatch impossible.
 */
import MiniSearch from 'minisearch';
import type { AsPlainObject, Options } from 'minisearch';
import type { Chunk } from './chunk.ts';

export const INDEX_VERSION = 1;

/** Tool parameter names a facet may not shadow; such metadata keys are not offered as facets. */
export const RESERVED_PARAMS: ReadonlySet<string> = new Set(['query', 'limit', 'cursor']);

export interface IndexFile {
  version: typeof INDEX_VERSION;
  /** In corpus order: files sorted by path, chunks in file order. get_doc's context relies on it. */
  chunks: Chunk[];
  /** Facet name -> sorted distinct values, from chunk metadata. */
  facets: Record<string, string[]>;
  index: AsPlainObject;
}

export interface LoadedIndex {
  chunks: Chunk[];
  facets: Record<string, string[]>;
  /** Chunk id -> position in `chunks`. */
  position: Map<string, number>;
  search: MiniSearch<Chunk>;
}

/**
 * Ranking: BM25+ over title, heading path and body. Headings are short and
 * written to be found, so a term there counts for more than one in the body.
 * Exact terms only (no prefix: 'auth' should not match 'author'), with a little
 * fuzziness on longer terms to forgive typos like 'pagniation'.
 */
export const MINISEARCH_OPTIONS: Options<Chunk> = {
  idField: 'id',
  fields: ['title', 'breadcrumb', 'text'],
  // Chunks are kept in IndexFile.chunks; storing fields again would double the file.
  storeFields: [],
  extractField: (chunk, field) => {
    if (field === 'breadcrumb') return chunk.breadcrumb.join(' > ');
    const value = (chunk as unknown as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : '';
  },
  searchOptions: {
    boost: { title: 2, breadcrumb: 1.5 },
    prefix: false,
    fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
    combineWith: 'OR',
  },
};

export function collectFacets(chunks: readonly Chunk[]): Record<string, string[]> {
  const values = new Map<string, Set<string>>();
  for (const chunk of chunks) {
    for (const [key, value] of Object.entries(chunk.metadata)) {
      if (RESERVED_PARAMS.has(key)) continue;
      let set = values.get(key);
      if (!set) values.set(key, (set = new Set()));
      set.add(value);
    }
  }
  const facets: Record<string, string[]> = {};
  for (const key of [...values.keys()].sort()) facets[key] = [...(values.get(key) ?? [])].sort();
  return facets;
}

export function buildIndexFile(chunks: Chunk[]): IndexFile {
  const search = new MiniSearch<Chunk>(MINISEARCH_OPTIONS);
  search.addAll(chunks);
  // No timestamp: the same corpus gives a byte-identical file, so builds can be diffed and cached.
  return { version: INDEX_VERSION, chunks, facets: collectFacets(chunks), index: search.toJSON() };
}

/** Parse and check an index file's contents. Throws with a message fit for a CLI user. */
export function loadIndex(json: string): LoadedIndex {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (err) {
    throw new Error(`index is not valid JSON: ${(err as Error).message}`, { cause: err });
  }
  const file = data as Partial<IndexFile> | null;
  if (file === null || typeof file !== 'object' || file.version !== INDEX_VERSION) {
    throw new Error(`unsupported index: expected { version: ${INDEX_VERSION}, ... }; rebuild it with build.ts`);
  }
  if (!Array.isArray(file.chunks) || !file.index || typeof file.facets !== 'object' || file.facets === null) {
    throw new Error('index is missing chunks, facets or index; rebuild it with build.ts');
  }
  const position = new Map(file.chunks.map((chunk, i) => [chunk.id, i] as const));
  return {
    chunks: file.chunks,
    facets: file.facets,
    position,
    search: MiniSearch.loadJS<Chunk>(file.index, MINISEARCH_OPTIONS),
  };
}
