/**
 * One retrieval case as a simulated agent plays it: search, page with the cursor
 * until a relevant doc shows up (at most maxRounds calls), then fetch that doc.
 * Every failure is recorded on the observation; nothing is thrown past the case.
 */
import type { RetrievalCase } from '../suite/case.ts';
import type { CallOutcome, ToolCaller } from '../target/tool-caller.ts';
import { excerptOf, resultText, UnparsableResult } from '../score/adapters/tool-result.ts';
import type { CaseError, CaseObservation, FetchCall, SearchRound } from './observation.ts';
import type { SearchProfile } from './search-profile.ts';

export interface CaseRunOptions {
  profile: SearchProfile;
  timeoutMs: number;
}

function failureError(outcome: Extract<CallOutcome, { ok: false }>, caller: ToolCaller): CaseError {
  const error: CaseError = { kind: outcome.kind, message: outcome.message };
  // The stderr tail explains deaths and hangs; for a plain tool error it is noise.
  if (outcome.kind !== 'call_failed') error.stderrTail = caller.stderrTail();
  return error;
}

async function fetchDoc(caller: ToolCaller, id: string, options: CaseRunOptions): Promise<FetchCall | undefined> {
  const tool = options.profile.fetchTool;
  if (tool === null) return undefined;
  const outcome = await caller.callTool(tool, options.profile.fetchArgs(id), options.timeoutMs);
  if (!outcome.ok) return { id, ms: outcome.ms ?? Number.NaN, ok: false, chars: 0, error: outcome.message };
  const text = resultText(outcome.result);
  const call: FetchCall = { id, ms: outcome.ms, ok: outcome.result.isError !== true, chars: text.length };
  if (outcome.result.isError === true) call.error = excerptOf(text);
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
  let cursor: string | undefined;
  let foundId: string | undefined;
  let foundInRound: number | null = null;

  for (let round = 1; round <= c.maxRounds; round++) {
    const tool = c.tool ?? options.profile.searchTool;
    const outcome = await caller.callTool(tool, options.profile.searchArgs(c, cursor), options.timeoutMs);
    if (!outcome.ok) {
      return { caseId: c.id, repetition, status: 'error', rounds, foundInRound, error: failureError(outcome, caller) };
    }
    if (outcome.result.isError === true) {
      const message = `${tool} returned an error result`;
      const error: CaseError = { kind: 'call_failed', message, excerpt: excerptOf(resultText(outcome.result)) };
      return { caseId: c.id, repetition, status: 'error', rounds, foundInRound, error };
    }
    let parsed;
    try {
      parsed = options.profile.adapter.parse(outcome.result);
    } catch (err) {
      if (!(err instanceof UnparsableResult)) throw err;
      const error: CaseError = { kind: 'unparsable', message: err.message, excerpt: err.excerpt };
      return { caseId: c.id, repetition, status: 'error', rounds, foundInRound, error };
    }
    rounds.push({ round, hits: parsed.hits, nextCursor: parsed.nextCursor, ms: outcome.ms });
    foundId = parsed.hits.find((h) => relevant.has(h.id))?.id;
    if (foundId !== undefined) {
      foundInRound = round;
      break;
    }
    if (parsed.nextCursor === null) break;
    cursor = parsed.nextCursor;
  }

  const observation: CaseObservation = { caseId: c.id, repetition, status: 'ok', rounds, foundInRound };
  if (foundId !== undefined) {
    const fetch = await fetchDoc(caller, foundId, options);
    if (fetch) observation.fetch = fetch;
  }
  return observation;
}
