/**
 * One answer case: call its tool (through the profile's tool map) with its templated
 * input, and keep what an agent would read: every text item joined, plus
 * structuredContent. Failures stay on the case, as for retrieval. A case with a `context`
 * then gets the documents its grounded evaluators judge against (fetch-context.ts).
 */
import type { AnswerCase } from '../model/case.ts';
import type { ToolCaller } from '../server/tool-caller.ts';
import { resultText } from '../retrieval/adapters/tool-result.ts';
import { errorReplyError, failureError } from './case-errors.ts';
import type { AnswerObservation, CaseObservation } from '../model/observation.ts';
import { fillTemplate } from './fill-template.ts';
import type { ErrorReplyCheck } from './extract/error-reply.ts';
import { fetchContext } from './fetch-context.ts';
import type { SearchProfile } from './search-profile.ts';

export interface AnswerProfile {
  /** Logical tool name -> the server's name. */
  toolMap: Record<string, string>;
  /** Arguments added to every answer call unless the case sets them (e.g. project: "{project}"). */
  inputDefaults: Record<string, unknown>;
}

export const EMPTY_ANSWER_PROFILE: AnswerProfile = { toolMap: {}, inputDefaults: {} };

export function answerArgs(c: AnswerCase, profile: AnswerProfile): Record<string, unknown> {
  const vars = { ...c, case: c };
  const defaults = fillTemplate(profile.inputDefaults, vars) as Record<string, unknown>;
  const input = fillTemplate(c.input, vars) as Record<string, unknown>;
  // Defaults only fill what is missing, and never with an unfilled template.
  const filled = Object.fromEntries(Object.entries(defaults).filter(([, v]) => !(typeof v === 'string' && /^\{.*\}$/.test(v))));
  return { ...filled, ...input };
}

export async function runAnswerCase(
  caller: ToolCaller,
  c: AnswerCase,
  repetition: number,
  options: { profile: AnswerProfile; timeoutMs: number; errorReply: ErrorReplyCheck; search?: SearchProfile },
): Promise<CaseObservation> {
  const tool = options.profile.toolMap[c.tool] ?? c.tool;
  const args = answerArgs(c, options.profile);
  const outcome = await caller.callTool(tool, args, options.timeoutMs);
  const base = { caseId: c.id, repetition, rounds: [], foundInRound: null };
  const reply = outcome.ok ? options.errorReply(outcome.result) : undefined;
  const call = { tool, args, ok: outcome.ok && reply === undefined, ms: outcome.ms ?? Number.NaN };
  if (!outcome.ok) return { ...base, status: 'error', error: failureError(outcome, caller) };
  if (reply !== undefined) return { ...base, status: 'error', error: errorReplyError(tool, reply, outcome.result) };
  const text = resultText(outcome.result);
  const structured = outcome.result.structuredContent;
  const answer: AnswerObservation = { tool, text, ms: outcome.ms, calls: [call], ...(structured !== undefined ? { structured } : {}) };
  if (c.context !== undefined && options.search !== undefined) {
    answer.context = await fetchContext(caller, c, c.context, answer, { search: options.search, timeoutMs: options.timeoutMs });
  }
  return { ...base, status: 'ok', answer };
}
