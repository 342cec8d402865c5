/**
 * One retrieval case as a simulated agent plays it: search, page with the cursor
 * until a relevant doc shows up (at most maxRounds calls), then fetch that doc.
 * Paging also goes on, within maxRounds, until the ranking holds `depth` ids (the
 * largest metric cutoff): with limit < k, stopping at the first relevant page would
 * score @k metrics on fewer than k results. "Rounds to right doc" stays the round of
 * the first relevant id. An error reply (isError or the shape's errorPath) is an error,
 * never an empty page. Every failure is recorded on the observation; nothing is thrown
 * past the case.
 */
import type { RetrievalCase } from '../model/case.ts';
import type { ToolCaller } from '../server/tool-caller.ts';
import { resultText, UnparsableResult } from '../retrieval/adapters/tool-result.ts';
import { errorReplyError, errorReplyMessage, failureError } from './case-errors.ts';
import type { CaseError, CaseObservation, FetchCall, SearchRound } from '../model/observation.ts';
import type { SearchProfile } from './search-profile.ts';

export interface CaseRunOptions {
  profile: SearchProfile;
  timeoutMs: number;
  /** Ids the ranking should reach before paging stops (the largest cutoff k). */
  depth: number;
}

async function fetchDoc(caller: ToolCaller, id: string, options: CaseRunOptions): Promise<FetchCall | undefined> {
  const tool = options.profile.fetchTool;
  if (tool === null) return undefined;
  const outcome = await caller.callTool(tool, options.profile.fetchArgs(id), options.timeoutMs);
  if (!outcome.ok) return { id, ms: outcome.ms ?? Number.NaN, ok: false, chars: 0, error: outcome.message };
  const text = resultText(outcome.result);
  const reply = options.profile.errorReply(outcome.result);
  const call: FetchCall = { id, ms: outcome.ms, ok: reply === undefined, chars: text.length };
  if (reply !== undefined) call.error = errorReplyMessage(tool, reply);
  return call;
}

export async function runCase(
  caller: ToolCaller,
  c: RetrievalCase,
  repetition: number,
  options: CaseRunOptions,
): Promise<CaseObservation> {
  const relevant = new Set(c.relevant.filter((j) => j.grade > 0).map((j) => j.id));
  const rounds: SearchRound[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  let foundId: string | undefined;
  let foundInRound: number | null = null;

  for (let round = 1; round <= c.maxRounds; round++) {
    const tool = c.tool ?? options.profile.searchTool;
    const outcome = await caller.callTool(tool, options.profile.searchArgs(c, cursor), options.timeoutMs);
    if (!outcome.ok) {
      return { caseId: c.id, repetition, status: 'error', rounds, foundInRound, error: failureError(outcome, caller) };
    }
    const reply = options.profile.errorReply(outcome.result);
    if (reply !== undefined) return { caseId: c.id, repetition, status: 'error', rounds, foundInRound, error: errorReplyError(tool, reply, outcome.result) };
    let parsed;
    try {
      parsed = options.profile.adapter.parse(outcome.result);
    } catch (err) {
      if (!(err instanceof UnparsableResult)) throw err;
      const error: CaseError = { kind: 'unparsable', message: err.message, excerpt: err.excerpt };
      return { caseId: c.id, repetition, status: 'error', rounds, foundInRound, error };
    }
    rounds.push({ round, hits: parsed.hits, nextCursor: parsed.nextCursor, ms: outcome.ms });
    for (const hit of parsed.hits) seen.add(hit.id);
    if (foundId === undefined) {
      foundId = parsed.hits.find((h) => relevant.has(h.id))?.id;
      if (foundId !== undefined) foundInRound = round;
    }
    if ((foundId !== undefined && seen.size >= options.depth) || parsed.nextCursor === null) break;
    cursor = parsed.nextCursor;
  }

  const observation: CaseObservation = { caseId: c.id, repetition, status: 'ok', rounds, foundInRound };
  if (foundId !== undefined) {
    const fetch = await fetchDoc(caller, foundId, options);
    if (fetch) observation.fetch = fetch;
  }
  return observation;
}
