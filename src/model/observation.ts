/**
 * What the run stage hands to scoring: what happened on the wire, per case and
 * repetition, with no judgement applied yet.
 */
import type { ToolCallRecord } from './evaluation.ts';
import type { AnswerContextSpec } from './case.ts';
import type { TaskRun } from './task.ts';

/** One hit as the adapter extracted it from a search result. */
export interface Hit {
  id: string;
  title?: string;
  score?: number;
  /** Facet metadata when the server returns it (e.g. { language: 'python' }). */
  metadata?: Record<string, string>;
}

/** One search call: a page of results. */
export interface SearchRound {
  /** 1-based. */
  round: number;
  hits: Hit[];
  /** Cursor for the next page; null or absent at the end. */
  nextCursor?: string | null;
  /** Server-side round trip in ms, timed at the transport (send -> response received). */
  ms: number;
}

export interface FetchCall {
  id: string;
  ms: number;
  ok: boolean;
  /** Characters of text returned, a cheap sanity signal that the doc came back. */
  chars: number;
  error?: string;
}

/**
 * - `error_reply`: the server answered, with an error (isError, or the shape's errorPath);
 * - `call_failed`: the call failed at the protocol level (a JSON-RPC error, an unknown tool);
 * - `timeout`, `server_exited`, `not_run`: the call got no answer;
 * - `client_closed`: the harness's MCP client closed the connection (a reply over its size limit);
 * - `unparsable`: an answer whose ids could not be read.
 */
export type CaseErrorKind = 'error_reply' | 'call_failed' | 'timeout' | 'unparsable' | 'server_exited' | 'client_closed' | 'not_run';

export interface CaseError {
  kind: CaseErrorKind;
  message: string;
  /** What the server returned, cut to a few hundred chars, when the problem is in it. */
  excerpt?: string;
  /** Tail of the server's stderr at the time, when the server died or hung. */
  stderrTail?: string;
}

/** What an answer case got back: the text an agent reads and the calls it made. */
export interface AnswerObservation {
  /** The server's tool name that was called (after the tool map). */
  tool: string;
  text: string;
  structured?: unknown;
  /** Server-side round trip of the answer call, ms. */
  ms: number;
  calls: ToolCallRecord[];
  /** The documents the grounded evaluators judge against, when the case asks for them (`context`). */
  context?: GroundingContext;
}

export interface CaseObservation {
  caseId: string;
  repetition: number;
  status: 'ok' | 'error' | 'not_run';
  rounds: SearchRound[];
  /** Round in which the first relevant id appeared, or null when none did within maxRounds. */
  foundInRound: number | null;
  fetch?: FetchCall;
  /** Set for answer cases. */
  answer?: AnswerObservation;
  /** Set for task cases: this repetition's run with docs, and without docs when the uplift is measured. */
  task?: { runs: TaskRun[] };
  error?: CaseError;
}

export type CallKind = 'search' | 'fetch' | 'answer' | 'agent';

/**
 * The timed calls of one observation by kind, ms: every search round, a fetch that
 * succeeded, the answer call, the server's tools an agent called (that answered).
 */
export function callLatencies(o: CaseObservation): Record<CallKind, number[]> {
  return {
    search: o.rounds.map((r) => r.ms),
    fetch: o.fetch?.ok ? [o.fetch.ms] : [],
    answer: o.answer ? [o.answer.ms] : [],
    agent: (o.task?.runs ?? []).flatMap((run) => run.trajectory.steps.flatMap((s) => s.toolCalls.filter((t) => t.source === 'docs' && t.ok).map((t) => t.ms))),
  };
}

/** One document as the judge receives it. */
export interface ContextDocument {
  /** The document's id (search hit, cited source); absent for dataset documents. */
  id?: string;
  text: string;
  /** Length of the full document; `text` is cut when longer than MAX_DOCUMENT_CHARS. */
  chars: number;
  truncated?: boolean;
}

export type ContextErrorKind = 'search_failed' | 'no_results' | 'no_citations' | 'no_fetch_tool' | 'fetch_failed';

export interface GroundingContext {
  source: AnswerContextSpec['from'];
  /** In rank order (search) or citation order. Empty exactly when `error` is set. */
  documents: ContextDocument[];
  /** The search query (search only). */
  query?: string;
  /** Tool calls made to get the documents, and their summed time, ms. */
  calls: number;
  ms: number;
  error?: { kind: ContextErrorKind; message: string };
}
