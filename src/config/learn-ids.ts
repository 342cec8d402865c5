/**
 * Learning where the ranked ids are from one example: a raw search result and one id the
 * user knows is in it (`init --expect ID`). In JSON (structuredContent or a text item) the
 * id's path is generalised (`$.results[3].file` -> `$.results[*].file`); in resource links
 * it is their uris; in text the line around it is generalised into a pattern (the
 * punctuation kept, the words in between made wildcards: `## 📄 integrations/okta-saml`
 * -> `^##\s+📄\s+(?P<id>[^\s]+)`). Each candidate is checked by extracting with it: it
 * must rank ID among the ids it extracts. A token that only contains ID (a full URL for a
 * path) adds the normalisation that brings it to ID. Pure.
 */
import { isRecord } from '../shared/plain-data.ts';
import { compileIdSource, type IdSource, type Normalize } from '../run/extract/id-source.ts';
import { jsonDocuments, resourceUris, textItems, type CallToolResultLike } from '../run/extract/content.ts';

export interface LearnedIds {
  source: IdSource;
  normalize?: Normalize;
  /** What the source extracts from the example, normalised: ID is among them. */
  ids: string[];
  /** 1-based rank of ID. */
  rank: number;
  /** Where, in words: the path, or the pattern and the line it came from. */
  where: string;
  /** Text before and after ID in the raw token (a URL's host): a fetch tool wants the raw token back. */
  around?: { before: string; after: string };
}

function check(result: CallToolResultLike, expected: string, source: IdSource, normalize: Normalize | undefined, where: string, around?: LearnedIds['around']): LearnedIds | undefined {
  let ids: string[];
  try {
    ids = compileIdSource(source).extract(result, normalize).ids;
  } catch {
    return undefined; // a pattern RE2 refuses: try the next candidate
  }
  const at = ids.indexOf(expected);
  if (at < 0) return undefined;
  return { source, ...(normalize ? { normalize } : {}), ids, rank: at + 1, where, ...(around ? { around } : {}) };
}

/** Normalisation that turns `token` into `expected` (a prefix and/or suffix dropped), or undefined when they are equal. */
function trimming(token: string, expected: string): { normalize?: Normalize; around?: LearnedIds['around'] } {
  if (token === expected) return {};
  const at = token.indexOf(expected);
  const before = token.slice(0, at);
  const after = token.slice(at + expected.length);
  const normalize: Normalize = { ...(before ? { stripPrefix: [before] } : {}), ...(after ? { stripSuffix: [after] } : {}) };
  return { normalize, around: { before, after } };
}

const memberOf = (key: string) => (/^[A-Za-z_]\w*$/.test(key) ? `.${key}` : `['${key.replace(/'/g, "\\'")}']`);

/** Paths (indices as [*]) to the string values that equal or contain `expected`, with the value. */
function jsonPlaces(value: unknown, expected: string, at = '$', out: { path: string; value: string }[] = []): { path: string; value: string }[] {
  if (typeof value === 'string' && value.includes(expected)) out.push({ path: at, value });
  else if (Array.isArray(value)) value.forEach((v) => jsonPlaces(v, expected, `${at}[*]`, out));
  else if (isRecord(value)) for (const [k, v] of Object.entries(value)) jsonPlaces(v, expected, `${at}${memberOf(k)}`, out);
  return out;
}

function learnJson(result: CallToolResultLike, expected: string): LearnedIds | undefined {
  const docs = jsonDocuments(result, 'auto');
  if (!docs.ok) return undefined;
  // Exact values first, then values that contain ID; list paths ([*]) before single values.
  const places = docs.documents.flatMap((d) => jsonPlaces(d, expected));
  places.sort((a, b) => Number(b.value === expected) - Number(a.value === expected) || Number(b.path.includes('[*]')) - Number(a.path.includes('[*]')));
  for (const place of places) {
    const { normalize, around } = trimming(place.value, expected);
    const learned = check(result, expected, { from: 'json', path: place.path }, normalize, `JSON path ${place.path} (in ${docs.from})`, around);
    if (learned) return learned;
  }
  return undefined;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Characters that end a token around an id in text. */
const DELIMITERS = ' \t"\'`()[]<>{}|,;*';
/** A token between those delimiters, as an RE2 class. */
const TOKEN = '[^\\s"\'`()<>{}|,;*\\[\\]]+';

/** The line's text before the id as a pattern: punctuation literal, spaces `[ \t]+`, words wildcards. */
function prefixPattern(prefix: string): string {
  let out = '^';
  for (const part of prefix.match(/\s+|[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu) ?? []) {
    // Within the line: `\s` would match the newline, and a greedy wildcard run into the next line.
    if (/^\s+$/.test(part)) out += '[ \\t]+';
    else if (/^[\p{L}\p{N}_]+$/u.test(part)) out += '.*?';
    else out += escapeRe(part);
  }
  // Words separated by spaces ("Rate limits") are one wildcard: titles vary in length.
  return out.replace(/\.\*\?(?:\[ \\t\]\+\.\*\?)+/g, '.*?');
}

function learnText(result: CallToolResultLike, expected: string): LearnedIds | undefined {
  const text = textItems(result).join('\n');
  const lines = text.split('\n');
  for (const [n, line] of lines.entries()) {
    for (let col = line.indexOf(expected); col >= 0; col = line.indexOf(expected, col + 1)) {
      // The token around the occurrence, between delimiters (a URL around a path is one token).
      let start = col;
      while (start > 0 && !DELIMITERS.includes(line[start - 1]!)) start--;
      let end = col + expected.length;
      while (end < line.length && !DELIMITERS.includes(line[end]!)) end++;
      const token = line.slice(start, end);
      const next = line[end];
      const spaced = /\s/.test(expected);
      const capture = spaced ? '(?P<id>.+?)' : `(?P<id>${TOKEN})`;
      const tail = next === undefined ? (spaced ? '\\s*$' : '') : /\s/.test(next) ? '' : escapeRe(next);
      const lazy = prefixPattern(line.slice(0, start));
      // Words right before the id ("## Rate limits docs/x.md"): the lazy wildcard stops at the
      // first word, the greedy one (tried second) at the last space.
      const greedy = lazy.replace(/\.\*\?(?!.*\.\*\?)/, '.*');
      const { normalize, around } = trimming(token, expected);
      for (const prefix of new Set([lazy, greedy])) {
        const pattern = `${prefix}${capture}${tail}`;
        const learned = check(result, expected, { from: 'regex', pattern, flags: 'm' }, normalize, `pattern ${pattern} (learned from line ${n + 1}: ${line.trim().slice(0, 120)})`, around);
        if (learned) return learned;
      }
    }
  }
  return undefined;
}

function learnResourceLinks(result: CallToolResultLike, expected: string): LearnedIds | undefined {
  const uri = resourceUris(result).find((u) => u.includes(expected));
  if (uri === undefined) return undefined;
  const { normalize, around } = trimming(uri, expected);
  return check(result, expected, { from: 'resource_links' }, normalize, 'the uris of resource_link items', around);
}

/** Where ID is, as an id source that ranks it; or a problem saying why none was found. */
export function learnIdSource(result: CallToolResultLike, expected: string): LearnedIds | { problem: string } {
  const learned = learnJson(result, expected) ?? learnResourceLinks(result, expected) ?? learnText(result, expected);
  if (learned) return learned;
  const text = textItems(result).join('\n');
  const seen = text.includes(expected) || JSON.stringify(result.structuredContent ?? null).includes(expected);
  return {
    problem: seen
      ? `"${expected}" is in the result, but no path or pattern around it extracts it as an id: set search.ids by hand (docs/servers.md, "Where the ids are")`
      : `"${expected}" is not in the result of this query: try another --query, or an id this query surely returns (inspect prints the raw result)`,
  };
}
