/**
 * search_docs without the protocol: rank, filter by facets, paginate, shape hits.
 */
import type { Chunk } from './chunk.ts';
import { decodeCursor, encodeCursor, queryKey, ToolInputError } from './cursor.ts';
import type { LoadedIndex } from './search-index.ts';

export interface SearchRequest {
  query: string;
  limit?: number;
  cursor?: string;
  /** Facet name -> required value. */
  filters?: Readonly<Record<string, string>>;
}

export interface SearchHit {
  chunk_id: string;
  title: string;
  /** Heading path joined with ' > '. */
  breadcrumb: string;
  snippet: string;
  score: number;
}

export interface SearchPage {
  hits: SearchHit[];
  next_cursor: string | null;
}

export const DEFAULT_LIMIT = 5;
export const MAX_LIMIT = 50;
const SNIPPET_CHARS = 200;
/** How much text to keep before the first matched term, so the snippet reads as context. */
const SNIPPET_LEAD = 40;

/**
 * A chunk matches when, for every filter, its metadata has that value OR lacks
 * the key entirely. The second case is deliberate: a cross-cutting guide has no
 * `language`, because it applies to every language, so a `language: go` search
 * must still find it.
 */
function matchesFilters(chunk: Chunk, filters: Readonly<Record<string, string>>): boolean {
  return Object.entries(filters).every(([key, value]) => {
    const own = chunk.metadata[key];
    return own === undefined || own === value;
  });
}

/** The chunk's body, collapsed to one line, starting a little before the first matched term. */
export function makeSnippet(chunk: Chunk, terms: readonly string[]): string {
  // The heading is already in title/breadcrumb; spend the snippet on the body.
  const body = chunk.text.startsWith('#') ? chunk.text.replace(/^[^\n]*\n?/, '') : chunk.text;
  const flat = (body.trim() === '' ? chunk.title : body).replace(/\s+/g, ' ').trim();
  const lower = flat.toLowerCase();
  let first = -1;
  for (const term of terms) {
    const at = lower.indexOf(term.toLowerCase());
    if (at !== -1 && (first === -1 || at < first)) first = at;
  }
  let start = first <= SNIPPET_LEAD ? 0 : first - SNIPPET_LEAD;
  // Start on a word boundary so the snippet does not open mid-word.
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    start = space !== -1 && space < first ? space + 1 : first;
  }
  const end = Math.min(flat.length, start + SNIPPET_CHARS);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}

/**
 * Test-only ranking fault for the calibration benchmark: on every query whose hash falls
 * in 1 of `every` buckets, the two best hits drop to ranks 6 and 7 (out of a top 5).
 */
export interface RankingFault {
  every: number;
}

function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function demoteTop<T>(ranked: T[], query: string, fault: RankingFault | undefined): T[] {
  if (!fault || ranked.length < 7 || hashOf(query) % fault.every !== 0) return ranked;
  return [...ranked.slice(2, 7), ranked[0]!, ranked[1]!, ...ranked.slice(7)];
}

export function searchDocs(index: LoadedIndex, request: SearchRequest, fault?: RankingFault): SearchPage {
  const limit = request.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new ToolInputError(`limit must be an integer from 1 to ${MAX_LIMIT}`);
  }
  const filters = request.filters ?? {};
  for (const [key, value] of Object.entries(filters)) {
    const allowed = index.facets[key];
    if (!allowed) throw new ToolInputError(`unknown filter "${key}"; known: ${Object.keys(index.facets).join(', ') || 'none'}`);
    if (!allowed.includes(value)) throw new ToolInputError(`unknown ${key} "${value}"; known: ${allowed.join(', ')}`);
  }
  const key = queryKey(request.query, filters);
  const offset = request.cursor === undefined ? 0 : decodeCursor(request.cursor, key);

  const ranked = index.search
    .search(request.query)
    .flatMap((result) => {
      const chunk = index.chunks[index.position.get(String(result.id)) ?? -1];
      return chunk && matchesFilters(chunk, filters) ? [{ chunk, score: result.score, terms: result.terms }] : [];
    })
    // MiniSearch orders by score only; the id tie-break makes equal scores come back in a fixed order.
    .sort((a, b) => b.score - a.score || (a.chunk.id < b.chunk.id ? -1 : a.chunk.id > b.chunk.id ? 1 : 0));

  const page = demoteTop(ranked, request.query, fault).slice(offset, offset + limit);
  return {
    hits: page.map(({ chunk, score, terms }) => ({
      chunk_id: chunk.id,
      title: chunk.title,
      breadcrumb: chunk.breadcrumb.join(' > '),
      snippet: makeSnippet(chunk, terms),
      score: Math.round(score * 10_000) / 10_000,
    })),
    next_cursor: offset + limit < ranked.length ? encodeCursor(offset + limit, key) : null,
  };
}
