/**
 * docs-mcp-eval as a library: the same pipeline the CLI and the Action run, and its
 * pure parts (suite loading, metrics, answer rules, evaluators, comparison, rendering)
 * for tools that want only a piece.
 */
export { evaluate, TOOL_VERSION, type Evaluation } from './pipeline/evaluate.ts';
export type { EvaluateHooks, Phase } from './pipeline/hooks.ts';
export { BuildFailedError, UsageError } from './shared/run-errors.ts';
export { resolveConfig, type RunOptions } from './config/run-options.ts';
export type { Config } from './config/config.ts';

export { loadSuite, parseSuite, filterCases, loadProfile, DatasetError, formatDatasetError } from './suite/index.ts';
export type { AnswerCase, Case, CaseFilter, Judgment, Profile, RetrievalCase, Suite } from './suite/index.ts';

export * from './retrieval/metrics/index.ts';
export { metricCatalog, type MetricDef } from './model/metric-catalog.ts';
export { runRules, checkRuleSpecs } from './answers/rules/index.ts';
export type { AnswerExpect, AnswerInput, RuleResult, RuleSpec } from './model/answer-rules.ts';
export { createRegistry, runEvaluation, normalizeScore, aggregateRun } from './answers/evaluators/index.ts';
export { registerNetworkEvaluators } from './answers/evaluators/llm/index.ts';
export { JsonlFileStorage } from './answers/evaluators/storage/jsonl-storage.ts';
export type * from './model/evaluation.ts';

export { compareReports, type CompareOptions } from './compare/compare-reports.ts';
export type { CaseChange, Comparison, DeltaRow, Verdict } from './model/comparison.ts';
export { readReport, parseReport } from './report/read-report.ts';
export type { CaseResult, Report } from './model/report.ts';

export { renderEvaluation } from './publish/markdown/render-evaluation.ts';
export { renderReport } from './publish/markdown/render-report.ts';
export { renderDelta } from './publish/markdown/render-delta.ts';
export { renderComment, commentMarker } from './publish/comment/index.ts';
export { writePage, evaluationPage, metricTrend, type PageInput, type TrendSeries } from './publish/html/index.ts';
export { startStdioSession, type StdioSession } from './server/stdio-session.ts';
