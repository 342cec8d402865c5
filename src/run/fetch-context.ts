/**
 * The documents an answer case's grounded evaluators judge against (faithfulness,
 * context precision and recall), fetched right after the answer, on the same server:
 * - `search`: the case's question through the search tool (the profile's arguments), the
 *   top N ids of the first page, each fetched with the fetch tool;
 * - `citations`: the sources the answer cites (structuredContent `sources`/`citations`,
 *   else the targets of its markdown links and reference definitions), each fetched;
 * - `dataset`: the documents the case gives, as written.
 * A fetch that fails (the search errors or finds nothing, a cited source cannot be
 * fetched, no fetch tool) is kept as the context's `error`, never as an empty context:
 * the grounded evaluators then leave the case not judged, and run health counts it.
 * What is kept is exactly what the judge receives (each document cut at MAX_DOCUMENT_CHARS).
 */
import type { AnswerCase, AnswerContextSpec, RetrievalCase } from '../model/case.ts';
import type { ToolCaller } from '../server/tool-caller.ts';
import { excerptOf, resultText, UnparsableResult } from '../retrieval/adapters/tool-result.ts';
import { answerPrompt } from '../answers/answer-prompt.ts';
import type { SearchProfile } from './search-profile.ts';
import { errorReplyMessage } from './case-errors.ts';
import type { ContextDocument, ContextErrorKind, GroundingContext } from '../model/observation.ts';

/** Longer documents are cut (and marked `truncated`): a judge prompt has a size limit and a price. */
export const MAX_DOCUMENT_CHARS = 6_000;

export interface ContextFetchOptions {
  search: SearchProfile;
  timeoutMs: number;
}

function document(text: string, id?: string): ContextDocument {
  const cut = text.length > MAX_DOCUMENT_CHARS;
  return { ...(id === undefined ? {} : { id }), text: cut ? text.slice(0, MAX_DOCUMENT_CHARS) : text, chars: text.length, ...(cut ? { truncated: true } : {}) };
}

/** Ids the answer cites: structured sources first, else its link targets, in order, once each. */
export function citedSources(text: string, structured: unknown): string[] {
  const fromStructured = structuredSources(structured);
  if (fromStructured.length > 0) return fromStructured;
  const found: { at: number; target: string }[] = [];
  // [text](target "title") outside images; and reference definitions `[1]: target`.
  for (const m of text.matchAll(/(?<!!)\[[^\]\n]+\]\(<?([^)\s>]+)>?(?:\s+"[^"\n]*")?\)/g)) found.push({ at: m.index, target: m[1] ?? '' });
  for (const m of text.matchAll(/^[ \t]{0,3}\[[^\]\n^]+\]:[ \t]*<?(\S+?)>?(?:[ \t]+"[^"\n]*")?[ \t]*$/gm)) found.push({ at: m.index, target: m[1] ?? '' });
  found.sort((a, b) => a.at - b.at);
  return [...new Set(found.map((f) => f.target).filter((t) => t !== '' && !t.startsWith('#')))];
}

function structuredSources(structured: unknown): string[] {
  if (typeof structured !== 'object' || structured === null) return [];
  const record = structured as Record<string, unknown>;
  const list = record['sources'] ?? record['citations'];
  if (!Array.isArray(list)) return [];
  const ids = list.flatMap((item: unknown) => {
    if (typeof item === 'string') return [item];
    if (typeof item !== 'object' || item === null) return [];
    const entry = item as Record<string, unknown>;
    const id = ['id', 'chunk_id', 'url', 'uri'].map((key) => entry[key]).find((v) => typeof v === 'string' && v !== '');
    return typeof id === 'string' ? [id] : [];
  });
  return [...new Set(ids)];
}

/** The case as a one-page retrieval case, so the search profile builds the call as for any query. */
function searchCase(c: AnswerCase, query: string, top: number): RetrievalCase {
  return { kind: 'retrieval', id: c.id, name: c.name, category: c.category, tags: c.tags, source: c.source, query, filters: {}, relevant: [], limit: top, maxRounds: 1 };
}

export async function fetchContext(
  caller: ToolCaller,
  c: AnswerCase,
  spec: AnswerContextSpec,
  answer: { text: string; structured?: unknown },
  options: ContextFetchOptions,
): Promise<GroundingContext> {
  if (spec.from === 'dataset') return { source: 'dataset', documents: spec.documents.map((text) => document(text)), calls: 0, ms: 0 };
  const state = { calls: 0, ms: 0 };
  const fail = (kind: ContextErrorKind, message: string, query?: string): GroundingContext => ({
    source: spec.from,
    documents: [],
    ...(query === undefined ? {} : { query }),
    ...state,
    error: { kind, message },
  });

  let ids: string[];
  let query: string | undefined;
  if (spec.from === 'search') {
    query = answerPrompt(c);
    const tool = options.search.searchTool;
    const outcome = await caller.callTool(tool, options.search.searchArgs(searchCase(c, query, spec.top), undefined), options.timeoutMs);
    state.calls++;
    state.ms += outcome.ms ?? 0;
    if (!outcome.ok) return fail('search_failed', `the search for the context failed: ${tool}: ${outcome.message}`, query);
    const reply = options.search.errorReply(outcome.result);
    if (reply !== undefined) return fail('search_failed', `the search for the context failed: ${errorReplyMessage(tool, reply)}`, query);
    try {
      ids = [...new Set(options.search.adapter.parse(outcome.result).hits.map((h) => h.id))].slice(0, spec.top);
    } catch (error) {
      if (!(error instanceof UnparsableResult)) throw error;
      return fail('search_failed', `the search for the context returned no readable ids (${error.message}): ${excerptOf(resultText(outcome.result))}`, query);
    }
    if (ids.length === 0) return fail('no_results', `${tool} returned no results for the question ${JSON.stringify(query)}, so there is no context to judge against`, query);
  } else {
    ids = citedSources(answer.text, answer.structured);
    if (ids.length === 0) return fail('no_citations', 'the answer cites no sources (no links, no reference definitions, no structured sources), so there is no context to judge against');
  }

  const fetchTool = options.search.fetchTool;
  if (fetchTool === null) return fail('no_fetch_tool', `context: ${spec.from} needs a fetch tool to read the documents, and the server shape has none (fetch: null)`, query);
  const documents: ContextDocument[] = [];
  for (const id of ids) {
    const outcome = await caller.callTool(fetchTool, options.search.fetchArgs(id), options.timeoutMs);
    state.calls++;
    state.ms += outcome.ms ?? 0;
    const what = spec.from === 'search' ? 'search result' : 'cited source';
    if (!outcome.ok) return fail('fetch_failed', `${what} ${id} could not be fetched: ${fetchTool}: ${outcome.message}`, query);
    const reply = options.search.errorReply(outcome.result);
    if (reply !== undefined) return fail('fetch_failed', `${what} ${id} could not be fetched: ${errorReplyMessage(fetchTool, reply)}`, query);
    const text = resultText(outcome.result);
    if (text.trim() === '') return fail('fetch_failed', `${what} ${id} came back empty from ${fetchTool}`, query);
    documents.push(document(text, id));
  }
  return { source: spec.from, documents, ...(query === undefined ? {} : { query }), ...state };
}
