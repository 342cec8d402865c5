/**
 * Schema-valid task cases into the `TaskCase` model, for both formats that carry them
 * (this project's `kind: task` cases and speakeasy's agent scenarios): defaults applied. A
 * `files` folder is kept as written (relative to the dataset file, which the case's source
 * names), so the dataset hash does not change when the dataset moves.
 */
import type { CaseSource, Difficulty, TaskCase } from '../model/case.ts';
import type { TaskAssertion } from '../model/task.ts';
import { caseHeader } from './case-header.ts';

/** Model responses a task may take unless it says otherwise. */
export const DEFAULT_MAX_TURNS = 15;

export interface RawTaskCase {
  id: string;
  kind: 'task';
  name?: string;
  description?: string;
  category?: string;
  difficulty?: Difficulty;
  tags?: string[];
  prompt: string;
  assertions: TaskAssertion[];
  /** A folder relative to the dataset file, or inline files. */
  files?: string | Record<string, string>;
  setup?: string;
  maxTurns?: number;
  timeoutMs?: number;
  systemPrompt?: string;
  repetitions?: number;
  maxBudgetUsd?: number;
}

/** `defaultCategory`: the format's category for a case without one. */
export function toTaskCase(raw: RawTaskCase, source: CaseSource, defaultCategory: string): TaskCase {
  const files = raw.files === undefined ? undefined : typeof raw.files === 'string' ? { dir: raw.files } : { inline: raw.files };
  return {
    kind: 'task',
    ...caseHeader(raw, source, defaultCategory),
    prompt: raw.prompt,
    assertions: raw.assertions,
    ...(files === undefined ? {} : { files }),
    ...(raw.setup === undefined ? {} : { setup: raw.setup }),
    maxTurns: raw.maxTurns ?? DEFAULT_MAX_TURNS,
    ...(raw.timeoutMs === undefined ? {} : { timeoutMs: raw.timeoutMs }),
    ...(raw.systemPrompt === undefined ? {} : { systemPrompt: raw.systemPrompt }),
    ...(raw.repetitions === undefined ? {} : { repetitions: raw.repetitions }),
    ...(raw.maxBudgetUsd === undefined ? {} : { maxBudgetUsd: raw.maxBudgetUsd }),
  };
}
