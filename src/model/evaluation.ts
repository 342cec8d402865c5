/**
 * The evaluator framework (seed 004): evaluators judge an answer against criteria; each
 * result is normalised to 0..1 per its criterion's scale and aggregated with weights.
 * The contracts follow seed 004's names so its users recognise them.
 */

/** binary / pass/fail: 0 or 1; likert5: 1..5 -> (s-1)/4; numeric: 0..1 as is, 0..100 / 100; other strings are custom. */
export type EvaluationScale = 'binary' | 'likert5' | 'numeric' | 'pass/fail' | (string & {});

export interface EvaluationCriteria {
  /** Unique within a run; results link back to it. */
  name: string;
  description: string;
  scale: EvaluationScale;
  /** Weight in the aggregate; default 1. */
  weight?: number;
}

/** One tool call a case made, for the tool-usage evaluator. */
export interface ToolCallRecord {
  tool: string;
  args: Record<string, unknown>;
  ok: boolean;
  ms: number;
}

export interface EvaluationInput {
  prompt?: string;
  /** The answer text (all text items joined). */
  response: string;
  /** structuredContent of the answer, when the tool returned one. */
  structured?: unknown;
  context?: Record<string, unknown>;
  groundTruth?: unknown;
  criteria: EvaluationCriteria[];
  /** The calls the case made, in order. */
  messageHistory?: ToolCallRecord[];
  metadata?: Record<string, unknown>;
}

export interface EvaluationResult {
  criterionName: string;
  score: number | boolean | string;
  reasoning?: string;
  evaluatorType: string;
  /** Set when this evaluation failed; the score is then not counted. */
  error?: string;
  metadata?: Record<string, unknown>;
}

/** Passed by the runner as evaluate()'s optional third argument (an extension of seed 004's contract). */
export interface EvaluateOptions {
  /** Aborted when the run is cancelled: evaluators doing I/O (an LLM call) should stop. */
  signal?: AbortSignal;
}

export interface Evaluator {
  type: string;
  evaluate(input: EvaluationInput, criteria: EvaluationCriteria[], options?: EvaluateOptions): Promise<EvaluationResult[]>;
}

/**
 * Why a criterion has no score on a case, as the counts name it: an evaluator error, the
 * judge's timeout, its answer cut off (finish_reason length), a score off the criterion's
 * scale, the judging budget spent, or no context to judge against (grounded metrics).
 */
export type UnjudgedCause = 'evaluator_error' | 'judge_timeout' | 'cut_off' | 'off_scale' | 'budget' | 'no_context';

export const UNJUDGED_CAUSES: readonly UnjudgedCause[] = ['evaluator_error', 'judge_timeout', 'cut_off', 'off_scale', 'budget', 'no_context'];

/** A criterion left without a usable score on a case, and why (see aggregate.ts). */
export interface UnjudgedCriterion {
  criterion: string;
  /** The evaluator type whose result failed or was skipped ('' when none scored it). */
  evaluator: string;
  reason: string;
  /** Why, as the counts name it (absent in reports from before causes were recorded: read as evaluator_error). */
  cause?: UnjudgedCause;
}

export interface AggregatedEvaluationResult {
  /** Weighted mean of the criteria's normalised scores; absent when the case is not judged (see `unjudged`) or weights sum to 0. */
  overallScore?: number;
  /** Criteria without a usable score (an evaluator error, a skip, a score off its scale): the case is not judged. */
  unjudged?: UnjudgedCriterion[];
  results: EvaluationResult[];
  /** criterion name -> normalised 0..1 score (null when it errored or its scale is not numeric). */
  normalized: Record<string, number | null>;
  timestamp: number;
  /** The exact input judged (seed 004): question, answer text, reference, context, calls. */
  inputSnapshot?: EvaluationInput;
  /** Seed 004's snapshot of the run's configuration (storageProviderType 'none' when nothing stores it). */
  evaluationConfigSnapshot?: { evaluatorTypes: string[]; criteriaNames: string[]; storageProviderType?: string; metadataKeys?: string[] };
  metadata?: Record<string, unknown>;
}

/** How a dataset names an evaluator: its type, the criteria it scores, and its own options. */
export interface EvaluatorConfig {
  type: string;
  /** Criteria this evaluator scores (names of the run's criteria, or inline definitions). */
  criteria?: (string | EvaluationCriteria)[];
  /** Shorthand for a single entry in `criteria`. */
  criterion?: string;
  /** For `type: custom`: the module (JS, or TS on Node >= 22.18) exporting the evaluator. */
  module?: string;
  [option: string]: unknown;
}

export interface EvaluationStorageProvider {
  /** Named in each result's config snapshot (seed 004's storageProviderType); default: the class name. */
  readonly type?: string;
  saveResult(result: AggregatedEvaluationResult): Promise<void>;
}
