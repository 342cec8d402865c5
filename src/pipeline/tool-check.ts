/**
 * Before any case runs: does the server list the tools the cases will call? A missing
 * search or answer tool is a usage error naming what the server does list; a missing
 * fetch tool only means found docs are not fetched.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { AnswerProfile } from '../run/run-answer-case.ts';
import type { SearchProfile } from '../run/search-profile.ts';
import type { Case } from '../model/case.ts';
import { UsageError } from '../shared/run-errors.ts';

export function checkTools(
  tools: readonly Tool[],
  cases: readonly Case[],
  search: SearchProfile,
  answers: AnswerProfile,
  note: (message: string) => void,
): SearchProfile {
  const names = new Set(tools.map((t) => t.name));
  const needed = new Set<string>();
  const retrieval = cases.some((c) => c.kind === 'retrieval');
  for (const c of cases) {
    if (c.kind === 'retrieval') needed.add(c.tool ?? search.searchTool);
    else if (c.kind === 'answer') needed.add(answers.toolMap[c.tool] ?? c.tool);
    // A task's agent gets whatever the server lists: no tool is required of it.
  }
  const missing = [...needed].filter((name) => !names.has(name));
  if (missing.length > 0) {
    const listed = [...names].join(', ') || 'none';
    const hint = cases.some((c) => c.kind === 'answer') ? ' (answer cases map tool names through the profile: --profile)' : '';
    throw new UsageError(`the server has no ${missing.map((m) => `"${m}"`).join(', ')} tool (it lists: ${listed})${hint}`);
  }
  if (retrieval && search.fetchTool !== null && !names.has(search.fetchTool)) {
    note(`the server has no "${search.fetchTool}" tool: found docs are not fetched`);
    return { ...search, fetchTool: null };
  }
  return search;
}
