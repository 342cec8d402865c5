/**
 * Where a search tool's ranked ids are: configurable, because real docs MCP servers put
 * them in different places — `hits[].chunk_id` or `results[].filepath` in JSON text, in
 * structuredContent, as resource_link / embedded resource items, or only in a markdown
 * list. An IdSource says where; compileIdSource checks it (bad JSONPath or regex throws
 * with the reason) so a config problem shows before any server starts; extractIds reads
 * one result page into ranked ids, de-duplicated (first position kept) and normalised.
 * Nothing is thrown for a bad page: `problem` says why no ids could be read.
 */
import { excerpt, hasNonEmptyArray, joinedText, jsonDocuments, resourceUris, textItems, type CallToolResultLike, type JsonInput } from './content.ts';
import { compileIdRegex } from './id-regex.ts';
import { compileJsonPath } from './json-path.ts';
import { normalizeId, normalizeIds, type Normalize } from './normalize.ts';
import { hitDetails } from '../../retrieval/adapters/json-hits.ts';
import type { Hit } from '../../model/observation.ts';
import { isRecord } from '../../shared/plain-data.ts';

export type { CallToolResultLike } from './content.ts';
export { normalizeId, normalizeIds, type Normalize } from './normalize.ts';

export type IdSource =
  | {
      from: 'json';
      /** RFC 9535 JSONPath selecting the ids in rank order, e.g. `$.hits[*].chunk_id`. */
      path: string;
      /** JSONPath of the next-page cursor, e.g. `$.next_cursor`; the first string or number it selects. */
      cursor?: string;
      /** What the paths run on; default `auto`: structuredContent when present, else the text's JSON. */
      in?: JsonInput;
    }
  /** The uris of resource_link and embedded resource items, in order. */
  | { from: 'resource_links' }
  | {
      from: 'regex';
      /** RE2 pattern run over all text items joined by newlines; the id is group `id`, else group 1, else the match. */
      pattern: string;
      /** i, m, s (g and u accepted, no effect). */
      flags?: string;
      /** RE2 pattern for the next-page cursor (group `cursor`, else 1): its first match. */
      cursor?: string;
    };

/** Title, score and metadata of a hit, read beside its id (`$.hits[*].chunk_id` -> each `$.hits[*]`). */
export type HitDetails = Omit<Hit, 'id'>;

export interface Extracted {
  ids: string[];
  /** By (normalised) id, when the id was a field of an object that says more: facet rules need its metadata. */
  details?: Record<string, HitDetails>;
  nextCursor: string | null;
  /** Why no ids could be read (set only when `ids` is empty): an error result, text that is not JSON, a path that missed. */
  problem?: string;
}

/** A checked IdSource, ready to read pages. */
export interface CompiledIdSource {
  readonly source: IdSource;
  extract(result: CallToolResultLike, normalize?: Normalize): Extracted;
}

/** A page as a reader sees it: `rawDetails` aligned with `ids`, before normalisation. */
type RawPage = Omit<Extracted, 'details'> & { rawDetails?: (HitDetails | undefined)[] };
type Reader = (result: CallToolResultLike) => RawPage;

/** Details by normalised id, the first (best-ranked) occurrence winning, as the ids themselves. */
function detailsById(ids: readonly string[], details: readonly (HitDetails | undefined)[], normalize: Normalize | undefined): Record<string, HitDetails> {
  const out: Record<string, HitDetails> = {};
  ids.forEach((raw, i) => {
    const id = normalize === undefined ? raw : normalizeId(raw, normalize);
    const d = details[i];
    if (d !== undefined && Object.keys(d).length > 0 && !Object.hasOwn(out, id)) out[id] = d;
  });
  return out;
}

/** `$.hits[*].chunk_id` -> `$.hits[*]`: the path of the objects the ids are fields of, if it ends in a member name. */
function parentPath(path: string): string | undefined {
  const m = /^(.+?)(?:\.[A-Za-z_][\w-]*|\[\s*(['"])[^'"]*\2\s*\])$/.exec(path.trim());
  return m?.[1] !== undefined && m[1] !== '$' ? m[1] : undefined;
}

/** Checks `source` and prepares its readers; throws an Error saying what is wrong with it. */
export function compileIdSource(source: IdSource): CompiledIdSource {
  const read = readerOf(source);
  return {
    source,
    extract(result, normalize) {
      if (result.isError === true) {
        return { ids: [], nextCursor: null, problem: `the tool reported an error: ${excerpt(joinedText(result))}` };
      }
      const raw = read(result);
      const ids = normalizeIds(raw.ids, normalize);
      if (ids.length === 0 && raw.ids.length > 0 && raw.problem === undefined) {
        return { ids, nextCursor: raw.nextCursor, problem: `every id was empty once normalised (first: ${JSON.stringify(raw.ids[0])})` };
      }
      const { rawDetails, ...rest } = raw;
      const details = rawDetails ? detailsById(raw.ids, rawDetails, normalize) : {};
      return { ...rest, ids, ...(Object.keys(details).length > 0 ? { details } : {}) };
    },
  };
}

const compiled = new Map<string, CompiledIdSource>();

/** Reads one result page; compiles `source` on first use (and throws then if it is invalid). */
export function extractIds(result: CallToolResultLike, source: IdSource, normalize?: Normalize): Extracted {
  const key = JSON.stringify(source);
  let reader = compiled.get(key);
  if (reader === undefined) {
    reader = compileIdSource(source);
    compiled.set(key, reader);
  }
  return reader.extract(result, normalize);
}

function readerOf(source: IdSource): Reader {
  // Sources come from config files: check the shape at run time too.
  const from: unknown = (source as { from?: unknown }).from;
  switch (source.from) {
    case 'json':
      return jsonReader(source.path, source.cursor, source.in ?? 'auto');
    case 'resource_links':
      return (result) => ({ ids: resourceUris(result), nextCursor: null });
    case 'regex':
      return regexReader(source.pattern, source.flags ?? '', source.cursor);
    default:
      throw new Error(`unknown id source ${JSON.stringify(from)} (use json, resource_links or regex)`);
  }
}

function jsonReader(path: unknown, cursorPath: unknown, input: unknown): Reader {
  if (typeof path !== 'string') throw new Error('json id source: path must be a JSONPath string, e.g. $.hits[*].chunk_id');
  if (cursorPath !== undefined && typeof cursorPath !== 'string') throw new Error('json id source: cursor must be a JSONPath string');
  if (input !== 'auto' && input !== 'text' && input !== 'structured') {
    throw new Error(`json id source: in must be auto, text or structured, not ${JSON.stringify(input)}`);
  }
  const ids = compileJsonPath(path, 'id path');
  const cursor = cursorPath === undefined ? undefined : compileJsonPath(cursorPath, 'cursor path');
  const parentOf = parentPath(path);
  const parents = parentOf === undefined ? undefined : compileJsonPath(parentOf, 'id path');
  return (result) => {
    const docs = jsonDocuments(result, input);
    if (!docs.ok) return { ids: [], nextCursor: null, problem: docs.problem };
    const values = docs.documents.flatMap(ids);
    const owners = parents === undefined ? undefined : docs.documents.flatMap(parents);
    // One owner per value, or the alignment is not known and no details are read.
    const aligned = owners !== undefined && owners.length === values.length ? owners : undefined;
    const found: string[] = [];
    const rawDetails: (HitDetails | undefined)[] = [];
    values.forEach((value, i) => {
      const id = idOf(value);
      if (id === undefined) return;
      found.push(id);
      const owner = aligned?.[i];
      rawDetails.push(isRecord(owner) ? hitDetails(owner) : undefined);
    });
    const nextCursor = cursor === undefined ? null : (docs.documents.flatMap(cursor).map(idOf).find((c) => c !== undefined && c !== '') ?? null);
    if (found.length > 0) return { ids: found, nextCursor, ...(aligned ? { rawDetails } : {}) };
    const on = docs.from === 'structuredContent' ? ' (run on structuredContent; set in: text to use the text)' : '';
    if (values.length > 0) {
      const kind = kindOf(values[0]);
      const fix = kind === 'array' ? '; end the path with [*] to take the items' : kind === 'object' ? '; select a field of it' : '';
      return { ids: [], nextCursor: null, problem: `id path matched ${values.length} value(s) but no string or number (first: ${kind}${fix})${on}` };
    }
    if (docs.documents.some(hasNonEmptyArray)) return { ids: [], nextCursor: null, problem: `${notFound(docs.documents, 'JSON')}; id path ${path} matched nothing${on}` };
    return { ids: [], nextCursor }; // an empty page
  };
}

function regexReader(pattern: unknown, flags: unknown, cursorPattern: unknown): Reader {
  if (typeof pattern !== 'string') throw new Error('regex id source: pattern must be a string');
  if (typeof flags !== 'string') throw new Error('regex id source: flags must be a string such as "im"');
  if (cursorPattern !== undefined && typeof cursorPattern !== 'string') throw new Error('regex id source: cursor must be a pattern string');
  const ids = compileIdRegex(pattern, flags, 'id pattern', 'id');
  const cursor = cursorPattern === undefined ? undefined : compileIdRegex(cursorPattern, flags, 'cursor pattern', 'cursor');
  return (result) => {
    const texts = textItems(result);
    if (texts.length === 0) return { ids: [], nextCursor: null, problem: 'result has no text content' };
    const text = texts.join('\n');
    const found = ids.all(text);
    // A line or two with no id is an empty page ("No results for …"); more is a pattern that misses.
    if (found.length === 0 && looksLikeContent(text)) return { ids: [], nextCursor: null, problem: `${notFound(text, 'text')}; pattern ${pattern} matched nothing` };
    return { ids: found, nextCursor: cursor?.first(text) ?? null };
  };
}

/** More than an empty page's one-line message: over 300 characters, or over 2 non-blank lines. */
export function looksLikeContent(text: string): boolean {
  return text.trim().length > 300 || text.split('\n').filter((line) => line.trim() !== '').length > 2;
}

/** "ids not found in the result: the server returned 3.1 KB of text" (the caller adds what matched nothing). */
function notFound(body: string | unknown[], kind: string): string {
  const bytes = Buffer.byteLength(typeof body === 'string' ? body : body.map((d) => JSON.stringify(d)).join('\n'));
  const size = bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
  return `ids not found in the result: the server returned ${size} of ${kind}`;
}

/** A selected value as an id: strings as they are, finite numbers in JS's spelling (`42`, `1.5`). */
function idOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}
