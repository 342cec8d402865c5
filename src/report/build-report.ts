/** Assembling the report from what each stage produced: pure, so it is easy to test. */
import type { Suite } from '../model/case.ts';
import { breakdowns, summarize } from './summarize.ts';
import { assessHealth, DEFAULT_HEALTH_POLICY } from './health.ts';
import { taskSummary, type TaskRunInfo } from './task-summary.ts';
import {
  REPORT_SCHEMA_VERSION,
  type BuildResult,
  type CaseResult,
  type Environment,
  type GitInfo,
  type HealthPolicy,
  type MemoryResult,
  type Report,
  type TargetInfo,
  cutoffsOf,
} from '../model/report.ts';

export interface ReportParts {
  version: string;
  createdAt: Date;
  git: GitInfo;
  environment: Environment;
  target: TargetInfo;
  suite: Suite;
  settings: Report['settings'];
  results: CaseResult[];
  build?: BuildResult;
  memory?: MemoryResult;
  server: Report['server'];
  /** What makes the run fail its health check (default: any errored case, any evaluator error). */
  healthPolicy?: HealthPolicy;
  /** Set when the suite has task cases: the agent, and why they were skipped if they were. */
  tasks?: TaskRunInfo;
}

export function buildReport(parts: ReportParts): Report {
  const k = parts.settings.k;
  const cutoffs = cutoffsOf(parts.settings);
  const report: Report = {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'docs-mcp-eval', version: parts.version },
    createdAt: parts.createdAt.toISOString(),
    git: parts.git,
    environment: parts.environment,
    target: parts.target,
    dataset: {
      name: parts.suite.name,
      files: parts.suite.files,
      format: parts.suite.format,
      hash: parts.suite.hash,
      cases: parts.results.length,
    },
    settings: parts.settings,
    server: parts.server,
    health: assessHealth(parts.results, k, parts.healthPolicy ?? DEFAULT_HEALTH_POLICY),
    summary: summarize(parts.results, cutoffs),
    breakdowns: breakdowns(parts.results, cutoffs),
    cases: parts.results,
  };
  if (parts.tasks) report.tasks = taskSummary(parts.tasks, parts.results);
  if (parts.build) report.build = parts.build;
  if (parts.memory) report.memory = parts.memory;
  return report;
}
