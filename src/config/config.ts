/**
 * The one validated Config every entry point (CLI, Action) produces and the pipeline
 * consumes. Paths are absolute by the time a Config exists.
 */
import type { Gate } from '../compare/gates.ts';
import type { StatsOptions } from '../compare/judge-context.ts';
import type { ServerShape } from '../run/search-spec.ts';
import type { HealthPolicy } from '../model/report.ts';
import type { CaseFilter } from '../suite/index.ts';
import type { BuildConfig, ServerConfig } from '../model/server.ts';
import type { JudgingConfig } from '../answers/evaluators/llm/judge-session.ts';
import type { AgentSettings } from '../model/task.ts';

// Config is made of them; importers of the Config may take them from here.
export type { BuildConfig, ServerConfig } from '../model/server.ts';

/** Same-job A/B: the base arm is this ref, checked out into a git worktree and set up there. */
export interface CompareRefConfig {
  ref: string;
  /** Run in the base checkout before its build: install, build its dependencies. */
  setupCommand: string | null;
}

export interface Config {
  /** The directory relative paths were resolved against (the repository, in the Action). */
  workDir: string;
  cases: string;
  server: ServerConfig;
  build: BuildConfig | null;
  warmup: number;
  repetitions: number;
  /** Same-job A/B: repetitions may go on up to this many until the latency CIs are narrow enough (compare/latency-precision.ts). */
  maxRepetitions: number;
  /** Times an answer case is asked unless the case sets `repetitions` (default 1: answer tools may be paid for). */
  answerRepetitions: number;
  /** The primary metric cutoff: the largest of `cutoffs` (paging depth, facet precision, per-category tables). */
  k: number;
  /** Every metric cutoff, ascending. */
  cutoffs: number[];
  /** Per tool call. */
  timeoutMs: number;
  /** The server's MCP initialize and tools/list, on their own limit: a server may load its index before it answers. */
  initTimeoutMs: number;
  /** Consecutive timed-out calls after which the server is declared hung. */
  maxConsecutiveTimeouts: number;
  /** Baseline report to compare with, or null for none. */
  baseline: string | null;
  /** A missing baseline file is an error when the user named it, a note when it is the default. */
  baselineRequired: boolean;
  /** html: the self-contained HTML page (publish/html), null when not wanted (--no-html). */
  output: { json: string; markdown: string; html: string | null };
  filter: CaseFilter;
  /** Profile file (tool map and input defaults for answer cases), or null. */
  profile: string | null;
  /** JSONL file each answer case's aggregated evaluation is appended to, or null. */
  store: string | null;
  failFast: boolean;
  rssIntervalMs: number;
  /** Seed of the per-repetition case shuffle, recorded in the report. */
  seed: number;
  /** Same-job A/B against a git ref, or null to compare with a stored baseline. */
  compareRef: CompareRefConfig | null;
  /** Cases per block when base and head alternate. */
  blockSize: number;
  /** CPUs for the servers: `auto` (same-job A/B: both on one CPU), `none`, or a taskset list (every run). */
  serverCpus: string;
  /** How rows are judged: significance level, minimum effects, threshold bands. */
  stats: StatsOptions;
  /** When the run counts as broken (exit 1): errored cases allowed, evaluator errors allowed. */
  health: HealthPolicy;
  /** fail-on gates, applied to the changes the statistics call real. */
  gates: Gate[];
  /** How to call the search and fetch tools and read their results (built-in profile, profile file, config file). */
  shape: ServerShape;
  /** Answer-case tool map and input defaults from the config file, over the profile file's. */
  answerOverrides: { toolMap: Record<string, string>; inputDefaults: Record<string, unknown> };
  /** How long a server we start over HTTP may take to answer an initialize (default: initTimeoutMs). */
  readyTimeoutMs: number;
  /** Directory for TREC qrels and run files, or null. */
  trecOut: string | null;
  /** TREC qrels whose judgments replace the dataset's (by case id), or null. */
  qrels: string | null;
  /** Main-branch history (JSONL) the timing and memory rows are judged against, or null. */
  history: string | null;
  /** Matching runs the history needs before it judges. */
  historyMinRuns: number;
  /** This job's shard of the cases (1-based), or null for all. */
  shard: { index: number; count: number } | null;
  /** Judge and embedding calls: the cache directory (null: --no-cache), calls in flight, budget, prices per model. */
  judging: JudgingConfig;
  /** The agent of the task cases as docs-mcp-eval.yml and the flags set it (over the dataset's `agent:`). */
  agent: AgentSettings;
}

export const DEFAULTS = {
  warmup: 5,
  repetitions: 5,
  maxRepetitions: 20,
  answerRepetitions: 1,
  k: 5,
  timeoutMs: 30_000,
  initTimeoutMs: 30_000,
  buildTimeoutMs: 10 * 60_000,
  maxConsecutiveTimeouts: 2,
  rssIntervalMs: 100,
  blockSize: 1,
  serverCpus: 'auto',
  historyMinRuns: 5,
} as const;
