/**
 * The dataset model every later stage reads: a suite of cases, already validated,
 * with defaults applied. Plain data only, so a suite can be hashed, filtered and
 * serialised into the report.
 */
import type { AnswerExpect } from './answer-rules.ts';
import type { EvaluationCriteria, EvaluatorConfig } from './evaluation.ts';
import type { AgentSettings, TaskAssertion, TaskFiles } from './task.ts';

export type Difficulty = 'basic' | 'intermediate' | 'advanced';

/** One judged document. `grade` follows trec_eval qrels: 0 = not relevant, higher = more. */
export interface Judgment {
  id: string;
  grade: number;
}

/**
 * What must not come back for a filtered query (seed 002's facet precision).
 * `ids` are glob patterns over returned ids; every other key is a facet name whose
 * listed values are forbidden, judged on the hit's metadata when the server returns
 * it, else through the suite's `facets` map (facet value -> id globs).
 */
export interface ForbiddenRule {
  ids?: string[];
  facets?: Record<string, string[]>;
}

/** Where a case came from, so every later message can point back at the file. */
export interface CaseSource {
  file: string;
  line: number;
}

/** The fields every kind of case has. */
export interface CaseBase {
  id: string;
  name: string;
  category: string;
  difficulty?: Difficulty;
  tags: string[];
  source: CaseSource;
}

/** A query whose ranked ids are judged against graded relevance. */
export interface RetrievalCase extends CaseBase {
  kind: 'retrieval';
  query: string;
  /** Facet filters passed to the search tool as arguments (e.g. language: python). */
  filters: Record<string, string>;
  /** Graded judgments; never empty (the loader rejects an empty list). */
  relevant: Judgment[];
  forbidden?: ForbiddenRule;
  /** Page size asked of the search tool. */
  limit: number;
  /** How many search calls (pages) a simulated agent may make to find a relevant doc. */
  maxRounds: number;
  /** Search tool name; the profile's default when absent. */
  tool?: string;
}

/**
 * Where the grounded evaluators' documents come from (datasets/schema.json `context`):
 * the case's own search (its top documents, fetched), the sources its answer cites
 * (fetched), or the documents the dataset gives.
 */
export type AnswerContextSpec = { from: 'search'; top: number } | { from: 'citations' } | { from: 'dataset'; documents: string[] };

/** A tool's answer judged by rules (seed 000) and evaluators (seed 004). */
export interface AnswerCase extends CaseBase {
  kind: 'answer';
  /** Logical tool name (e.g. ask_docs); the profile's tool map gives the server's name. */
  tool: string;
  /** Tool arguments; string values may use {field} templates filled from the case. */
  input: Record<string, unknown>;
  project?: string;
  description?: string;
  expect: AnswerExpect;
  /** Reference answer for similarity evaluators and the LLM judge. */
  groundTruth?: string;
  /** Documents the grounded evaluators judge against (faithfulness, context precision and recall). */
  context?: AnswerContextSpec;
  /** Evaluators for this case, added to the suite's. */
  evaluators?: EvaluatorConfig[];
  /** Times the question is asked, each answer scored (the case's score is their mean); default: the run's answerRepetitions (1). */
  repetitions?: number;
}

/** An agent with the server's tools does a task; assertions judge its final message and workspace (docs/agent-tasks.md). */
export interface TaskCase extends CaseBase {
  kind: 'task';
  prompt: string;
  assertions: TaskAssertion[];
  files?: TaskFiles;
  /** A shell command run in the fresh workspace before the agent starts. */
  setup?: string;
  /** Model responses allowed (default 15). */
  maxTurns: number;
  /** ms the run may take (default: the agent's timeoutMs). */
  timeoutMs?: number;
  systemPrompt?: string;
  /** Runs per arm (default 1): pass^k and pass@k over them. */
  repetitions?: number;
  /** USD one run may spend (speakeasy's maxBudgetUsd), over the agent's perTask budget. */
  maxBudgetUsd?: number;
}

/** Every consumer switches on `kind`, so a new kind is a compile error where it must be handled. */
export type Case = RetrievalCase | AnswerCase | TaskCase;

/** facet name -> facet value -> id glob patterns. */
export type FacetMap = Record<string, Record<string, string[]>>;

export interface Suite {
  name: string;
  /** Criteria the evaluators score (seed 004), shared by the suite's answer cases. */
  criteria?: EvaluationCriteria[];
  /** Evaluators run on every answer case. */
  evaluators?: EvaluatorConfig[];
  /** Logical tool name -> the server's tool name (seed 000: ask_docs -> crypto_ask_docs). */
  toolMap?: Record<string, string>;
  /** Files the cases came from (a suite may be one file today; imports keep their origin). */
  files: string[];
  /** sha256 of the normalised cases, so two reports can tell whether they ran the same dataset. */
  hash: string;
  /** The dataset format the file was read as; `mixed` for a folder whose files mix seed-000 and native ones. */
  format: 'docs-mcp-eval' | 'speakeasy' | 'speakeasy-agent' | 'seed-000' | 'mixed';
  facets: FacetMap;
  cases: Case[];
  /** The agent that runs the task cases, as the dataset configures it (config file and flags go over it). */
  agent?: AgentSettings;
  /** What the loader read but does not use (an imported format's fields), said once when the run starts. */
  notes?: string[];
}
