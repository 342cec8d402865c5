/** Hand-made task runs, task case results and reports holding them, for pure tests of metrics, compare and render. */
import { reportOf } from './answer-reports.ts';
import { taskResult } from '../../src/report/task-metrics.ts';
import type { CaseResult, Report } from '../../src/model/report.ts';
import type { TaskRun } from '../../src/model/task.ts';

export type RunSpec = Partial<TaskRun> & Pick<TaskRun, 'arm' | 'repetition' | 'passed'>;

/** A finished run of 2 turns: one docs call, one write, 120 tokens, 1 s, no price. */
export function taskRun(spec: RunSpec): TaskRun {
  return {
    stop: 'final',
    judged: true,
    assertions: [],
    turns: 2,
    toolCalls: 2,
    docsCalls: 1,
    tools: { search_docs: 1, write_file: 1 },
    usage: { promptTokens: 100, completionTokens: 20, cachedTokens: 0 },
    costUsd: null,
    ms: 1000,
    final: '',
    trajectory: { system: '', prompt: '', steps: [] },
    files: [],
    ...spec,
  };
}

export const docsRun = (repetition: number, passed: boolean, extra: Partial<TaskRun> = {}): TaskRun => taskRun({ arm: 'docs', repetition, passed, ...extra });
export const withoutRun = (repetition: number, passed: boolean, extra: Partial<TaskRun> = {}): TaskRun =>
  taskRun({ arm: 'without_docs', repetition, passed, docsCalls: 0, tools: { write_file: 1 }, ...extra });

export function taskCase(id: string, runs: TaskRun[], category = 'tasks'): CaseResult {
  return {
    id,
    name: id,
    kind: 'task',
    category,
    tags: [],
    query: 'do it',
    filters: {},
    relevant: [],
    status: 'ok',
    rankedIds: [],
    rounds: [],
    foundInRound: null,
    latency: { search: [], fetch: [], agent: [] },
    task: taskResult('do it', runs),
  };
}

export function taskReport(cases: CaseResult[]): Report {
  return reportOf(cases, { name: 'task suite', hash: 'hash-t', format: 'docs-mcp-eval' });
}
