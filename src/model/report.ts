/**
 * The report: one versioned JSON document that is the unit of storage and comparison.
 * A baseline is just an earlier report. Bump REPORT_SCHEMA_VERSION on any change a
 * reader must know about; readers refuse versions they do not understand.
 */
import type { Difficulty, Judgment } from './case.ts';
import type { CaseError, CaseErrorKind, FetchCall, SearchRound } from './observation.ts';
import type { GroundingContext } from './observation.ts';
import type { RuleResult } from './answer-rules.ts';
import type { GateOutcome } from './gates.ts';
import type { EvaluationResult, UnjudgedCause, UnjudgedCriterion } from './evaluation.ts';
import type { TaskResult, TaskSummary } from './task.ts';

export const REPORT_SCHEMA_VERSION = 1;

/** A confidence interval, e.g. { lower: 0.98, upper: 1.03, level: 0.95 }. */
export interface ConfidenceInterval {
  lower: number;
  upper: number;
  level: number;
}

export interface LatencySummary {
  n: number;
  mean: number;
  min: number;
  max: number;
  p50: number;
  p95: number;
  p99: number;
  /** Percentile-bootstrap CIs (seeded, reproducible) of p50 and p95; absent below 2 samples. */
  p50Ci?: ConfidenceInterval;
  p95Ci?: ConfidenceInterval;
}

export interface Environment {
  os: string;
  arch: string;
  cpuModel: string;
  cores: number;
  node: string;
  /** GitHub runner image (ImageOS/ImageVersion) when known. */
  runnerImage?: string;
}

export interface GitInfo {
  sha?: string;
  ref?: string;
}

export interface TargetInfo {
  /** Latency is timed the same way on both: from the request written to its response's first bytes. */
  transport: 'stdio' | 'http';
  /** '' for a hosted HTTP server we did not start. */
  command: string;
  /** Streamable HTTP endpoint. */
  url?: string;
  cwd: string;
  buildCommand?: string;
}

export interface BuildResult {
  command: string;
  ms: number;
  exitCode: number | null;
  stderrTail: string;
  /** The build's output (build.output), measured right after it: the bytes of its files, or why it could not be. */
  output?: BuildOutput;
}

/** The size of what the build wrote: the bytes of its files (apparent size, as `du -sb`; symlinks not followed). */
export interface BuildOutput {
  path: string;
  /** null when the path could not be measured (see error). */
  bytes: number | null;
  files: number;
  error?: string;
}

export interface RssSample {
  /** ms since the server was spawned. */
  t: number;
  /** Resident set size of the whole process tree, bytes. */
  bytes: number;
  /** Processes in the tree at that moment. */
  processes: number;
}

export interface MemoryResult {
  peakBytes: number;
  /** Sampling interval the sampler aimed for, ms. */
  intervalMs: number;
  samples: RssSample[];
}

/** One case's ranking metrics at one cutoff. */
export interface CutoffMetrics {
  reciprocalRank: number;
  ndcg: number;
  recall: number;
  precision: number;
  hit: number;
  /** Average precision cut at k (trec_eval map_cut.k); absent in reports before it existed. */
  averagePrecision?: number;
}

/**
 * The ranking metrics of one case (first repetition: retrieval is deterministic): the
 * flat fields at the primary cutoff (settings.k), `at` at every cutoff of the run.
 */
export interface CaseMetrics extends CutoffMetrics {
  /** Cutoff ("1", "5", "10") -> the metrics there; absent in reports of one cutoff from before several existed. */
  at?: Record<string, CutoffMetrics>;
  /** trec_eval Rprec: precision at R, R = relevant ids judged. */
  rPrecision?: number;
  /** Search calls until a relevant doc appeared; maxRounds + 1 when none did. */
  rounds: number;
  /** null when the case is not judged for facet precision (no filter or no forbidden rule). */
  facetClean: boolean | null;
}

/** How an answer case's answer was judged. */
export interface AnswerResult {
  /** The server's tool that answered. */
  tool: string;
  /** The start of the answer, for the report (the full text is not kept). */
  excerpt: string;
  chars: number;
  /** Every validation rule passed (seed 000's pass/fail). */
  passed: boolean;
  validations: RuleResult[];
  /** The confidence the server reported with its answer (<response_metadata> or structuredContent), as it gave it; absent when it gave none. */
  confidence?: number;
  /** Weighted aggregate of the evaluators' normalised scores (seed 004), 0..1; null when not judged. */
  score: number | null;
  /** Set when the case is not judged: criteria an evaluator failed on (or skipped), with why. Never a higher score. */
  unjudged?: UnjudgedCriterion[];
  /** Criterion name -> normalised 0..1 score, null when it errored or cannot be normalised. */
  criteria: Record<string, number | null>;
  evaluations: EvaluationResult[];
  /** What the grounded evaluators judged against (the case's `context`): the documents as sent, or why none could be fetched. */
  context?: GroundingContext;
  /**
   * Set when the case was asked more than once (`repetitions`): `score` and `criteria` are
   * then means over the answers, `passed` says every answer passed, and the excerpt,
   * validations and evaluations are those of answer `shown` (the first that failed, else the first).
   */
  repeats?: AnswerRepeats;
}

/** An answer case asked N times: each answer's score and validations, and their spread. */
export interface AnswerRepeats {
  /** Times the question was asked. */
  asked: number;
  /** Asks that brought no answer (errored, not run): each scores 0 and fails, as a case without an answer does. */
  missing: number;
  /** Each ask's score in repetition order (0 for a missing answer, null when not judged). */
  scores: (number | null)[];
  /** Sample sd of the judged scores (null under two), and their range. */
  sd: number | null;
  min: number | null;
  max: number | null;
  /** Asks whose answer passed every validation, and that share of `asked`. */
  passed: number;
  passRate: number;
  /** Which ask (0-based) the excerpt, validations and evaluations come from. */
  shown: number;
}

export interface CaseResult {
  id: string;
  name: string;
  kind: 'retrieval' | 'answer' | 'task';
  /** Answer cases: the logical tool and project. */
  tool?: string;
  project?: string;
  category: string;
  difficulty?: Difficulty;
  tags: string[];
  query: string;
  filters: Record<string, string>;
  relevant: Judgment[];
  status: 'ok' | 'error' | 'not_run';
  /** Ranked ids of the first repetition, all rounds concatenated, duplicates removed. */
  rankedIds: string[];
  /** Ids the server returned again (in a page, or on a later page) that were dropped from the ranking; absent when none. */
  duplicateIds?: number;
  rounds: SearchRound[];
  foundInRound: number | null;
  fetch?: FetchCall;
  metrics?: CaseMetrics;
  /** Set for answer cases. */
  answer?: AnswerResult;
  /** Set for task cases: every run, its trajectory and assertions (model/task.ts). */
  task?: TaskResult;
  /** Every latency sample of this case across repetitions, ms (answer: the answer tool's calls; agent: the server's tools a task's agent called). */
  latency: { search: number[]; fetch: number[]; answer?: number[]; agent?: number[] };
  error?: CaseError;
  /** Ids that broke the facet rule, for the failure listing. */
  forbiddenHits?: string[];
  /** Why a case with a facet rule is not judged for facet precision (a top-k hit without the facet's metadata or an id glob). */
  facetUnjudged?: string;
  /** Set when the ranking holds fewer than k ids although the server had more (limit < k, or maxRounds ended the paging). */
  shortRanking?: { ids: number; k: number; limit: number; maxRounds: number };
}

/** One evaluator and model's API use in a run (answers/evaluators/llm/judge-session.ts): counted once per API call. */
export interface JudgingUsage {
  evaluator: string;
  /** The model as configured (prices are looked up by it). */
  model: string;
  /** The API root the calls went to (without credentials); absent in reports from before it was recorded. */
  endpoint?: string;
  /** Billable API responses (a retried 500 is not one). */
  calls: number;
  /** Answers served from the call cache: no HTTP call, no tokens, no cost. */
  cacheHits: number;
  promptTokens: number;
  completionTokens: number;
  /** Prompt tokens the provider served from its own prompt cache (prompt_tokens_details.cached_tokens). */
  cachedTokens: number;
  /** USD from the configured prices; null when the model has no price (never a guess). */
  costUsd: number | null;
  /**
   * Calls whose response carried no `usage`: their tokens are estimated from the request
   * and response text (4 characters a token), and so is the cost. Absent when none.
   */
  estimatedCalls?: number;
}

/** What judging cost and how it was run: totals, per evaluator and model, cache, budget. */
export interface JudgingSummary {
  rows: JudgingUsage[];
  totals: Omit<JudgingUsage, 'evaluator' | 'model' | 'endpoint'>;
  /** The call cache's directory, or null with --no-cache. */
  cacheDir: string | null;
  /** Evaluator API calls in flight at most. */
  concurrency: number;
  /** The budget, when one was set: stopped once spent; the cases judged after that are "not judged (budget)". */
  budget?: { usd?: number; tokens?: number; stopped: boolean; notJudged: string[] };
  /** Repeated judging, per criterion over the cases judged N > 1 times: mean sd and mean agreement of the samples (samples.ts). */
  samples?: Record<string, { cases: number; samples: number; meanSd: number; meanAgreement: number }>;
}

/** A judging budget in words, for every message that names it: "$0.5", "20,000 tokens", "$0.5 / 20,000 tokens". */
export function budgetText(budget: { usd?: number; tokens?: number }): string {
  return [budget.usd !== undefined ? `$${budget.usd}` : undefined, budget.tokens !== undefined ? `${budget.tokens.toLocaleString('en-US')} tokens` : undefined].filter(Boolean).join(' / ');
}

/** Run health (report/health.ts): what makes a run's numbers untrustworthy, counted by case. */
export interface HealthPolicy {
  /** Errored or not-run cases allowed before the run fails: a count, or a share of the cases. */
  maxErrors: { count: number } | { share: number };
  /** Evaluator errors only warn (the cases stay "not judged"); default: they fail the run. */
  allowEvaluatorErrors: boolean;
}

export type HealthCode = 'all_empty' | 'many_empty' | 'errors' | 'evaluator_errors' | 'judging_budget' | 'context_errors' | 'short_rankings' | 'duplicate_ids' | 'agent_errors' | 'agent_budget';

export interface HealthProblem {
  code: HealthCode;
  severity: 'fail' | 'warn';
  /** One line: what happened, how many of how many, what to check. */
  message: string;
}

export interface RunHealth {
  status: 'ok' | 'warn' | 'fail';
  /** Retrieval cases that got an answer, and those among them whose every page was empty. */
  retrieval: { ran: number; empty: string[] };
  /** Cases per error kind (error_reply: the server answered with an error). */
  errors: Partial<Record<CaseErrorKind, string[]>>;
  /** Per evaluator type: the answer cases it failed on and its first error. */
  evaluatorErrors: Record<string, { cases: string[]; message: string }>;
  /** Criterion -> answer cases left without its score (error, skip, off-scale score). */
  unjudgedCriteria: Record<string, number>;
  /** Answer case id -> why its context (for the grounded metrics) could not be fetched; absent when none failed. */
  contextErrors?: Record<string, string>;
  /** Retrieval cases ranked fewer than k ids because limit < k or maxRounds ended the paging. */
  shortRankings: string[];
  /** Task case id -> why a run of it could not be judged (the model API failed, its setup failed); absent when none. */
  agentErrors?: Record<string, string>;
  /** Case id -> ids its result repeated (dropped from the ranking); absent when no result repeated one. */
  duplicateIds?: Record<string, number>;
  problems: HealthProblem[];
  policy: HealthPolicy;
}

/** The cutoffs of a report's settings, old reports (one `k`) included. */
export function cutoffsOf(settings: Pick<Report['settings'], 'k' | 'cutoffs'>): number[] {
  return settings.cutoffs ?? [settings.k];
}

/** A case's metrics at cutoff k: from `at`; in a report of one cutoff from before `at` existed, its flat fields. */
export function metricsAt(m: CaseMetrics, k: number): CutoffMetrics | undefined {
  return m.at ? m.at[String(k)] : m;
}

/** Aggregates keyed by metric id (see model/metric-catalog.ts), so compare and render stay generic. */
export type MetricValues = Record<string, number | null>;

export interface Breakdown {
  /** The group value (a category, a difficulty, a tag). */
  key: string;
  cases: number;
  /** How many of the cases are answer cases (absent when none are). */
  answerCases?: number;
  /** How many of the cases are task cases (absent when none are). */
  taskCases?: number;
  metrics: MetricValues;
  /** Quality means over fewer cases than the group has: how many, and why (absent when every mean is over all). */
  counts?: Record<string, MetricCount>;
}

/**
 * Why a case is missing from a mean: an answer case not judged (model/evaluation.ts
 * UnjudgedCause), an answer case whose server gave no answer (criteria and confidence;
 * the answer score counts it 0), a case that never ran (--fail-fast, a dead server), a
 * confidence the answer did not report, or a metric that does not apply to the case (an
 * optional evaluator skipped, nothing to judge, no facet filter).
 */
export type MissingCause = UnjudgedCause | 'no_answer' | 'not_run' | 'not_reported' | 'not_applicable';

/** How many cases a mean is over (n) of how many it could have been (of), and why the rest are missing. */
export interface MetricCount {
  n: number;
  of: number;
  /** Cases left out, per cause (absent when none are, and in reports from before causes were counted). */
  missing?: Partial<Record<MissingCause, number>>;
}

export interface RunSummary {
  cases: number;
  ok: number;
  errors: number;
  notRun: number;
  metrics: MetricValues;
  /** Every quality mean: how many cases it is over, of how many, and why the rest are missing, so an outage shows as fewer cases, not a better mean. */
  counts?: Record<string, MetricCount>;
  latency: { search: LatencySummary | null; fetch: LatencySummary | null; answer?: LatencySummary | null; agent?: LatencySummary | null };
}

/** How a same-job run decided how many repetitions to make (compare/latency-precision.ts). */
export interface SamplingInfo {
  minRepetitions: number;
  maxRepetitions: number;
  /** Every judgeable median-latency row reached its CI half-width target. */
  settled: boolean;
  /** Each judgeable median row at the end: CI half-width and target, as relative changes. */
  rows: { id: string; halfWidth: number; target: number; cases: number }[];
}

/** Set on both reports of a same-job A/B run: the base (compare-ref) and the head arm. */
export interface SameJobInfo {
  /** Shared by the two reports of one run. */
  id: string;
  role: 'base' | 'head';
  /** The ref the base was checked out from, as the user gave it, and its commit. */
  baseRef: string;
  baseSha: string;
}

export interface Report {
  schemaVersion: typeof REPORT_SCHEMA_VERSION;
  tool: { name: 'docs-mcp-eval'; version: string };
  createdAt: string;
  git: GitInfo;
  environment: Environment;
  target: TargetInfo;
  dataset: { name: string; files: string[]; format: string; hash: string; cases: number };
  settings: {
    /** The primary cutoff: the largest of `cutoffs` (per-category tables, facet precision, paging depth). */
    k: number;
    /** Every metric cutoff of the run, ascending (absent in reports of one cutoff from before several existed). */
    cutoffs?: number[];
    warmup: number;
    repetitions: number;
    timeoutMs: number;
    /** Seed of the per-repetition case shuffle: the same seed replays the same order. */
    seed?: number;
    /** Cases per A/B block (same-job runs). */
    blockSize?: number;
    /** Same-job runs: repetitions went on past `minRepetitions` until the latency CIs were narrow enough, or the cap. */
    sampling?: SamplingInfo;
    /** The CPUs the server was pinned to (taskset list), when it was. */
    serverCpus?: string;
  };
  sameJob?: SameJobInfo;
  /**
   * Set when the run covered one shard of the suite (`--shard i/n`, 1-based): the
   * report holds only that shard's cases, while dataset.hash is the full suite's, so
   * the shards of one run can be checked and merged (report/merge.ts drops the field).
   */
  shard?: { index: number; count: number };
  build?: BuildResult;
  memory?: MemoryResult;
  server: { stderrTail: string; exitCode?: number | null; exitSignal?: string | null };
  /** The fail-on gates as judged for this run: failed, held, not judged (with why). */
  gates?: GateOutcome;
  /** Can the numbers be trusted: empty results, error replies, evaluator errors, short rankings (absent in reports before it existed). */
  health?: RunHealth;
  /** Judge and embedding API use: tokens, calls, cache hits and cost (absent when no network evaluator ran). */
  judging?: JudgingSummary;
  /** Task cases: the agent, the uplift and its test, what the agent's calls cost, or why the tasks were skipped (absent without task cases). */
  tasks?: TaskSummary;
  summary: RunSummary;
  breakdowns: { category: Breakdown[]; difficulty: Breakdown[]; tag: Breakdown[]; tool?: Breakdown[]; project?: Breakdown[] };
  cases: CaseResult[];
}
