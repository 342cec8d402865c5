/**
 * Task cases (docs/agent-tasks.md): an agent with the server's MCP tools and a workspace
 * of its own does a task; assertions judge its final message and the files it left.
 * Plain data only: the dataset's side (assertions, the agent's settings) and the report's
 * (each run with its trajectory, the task's pass rates, the run's task summary), so the
 * JSON report, the markdown and the HTML page read the same fields.
 */
import type { AnswerExpect, RuleSpec } from './answer-rules.ts';

/** Every assertion can be `soft`: reported, never deciding the pass. */
interface AssertionBase {
  soft?: boolean;
}

/** The connection options of an `llm_judge` assertion (as the llm_judge evaluator names them). */
export interface JudgeConnectionOptions {
  model?: string;
  baseUrl?: string;
  baseUrlEnv?: string;
  apiKeyEnv?: string;
  timeoutMs?: number;
  maxAttempts?: number;
  temperature?: number;
  optional?: boolean;
}

export type TaskAssertion =
  | (AssertionBase & { type: 'contains'; value: string })
  | (AssertionBase & { type: 'not_contains'; value: string })
  | (AssertionBase & { type: 'matches'; pattern: string; flags?: string })
  | (AssertionBase & { type: 'file_exists'; path: string })
  | (AssertionBase & { type: 'file_contains'; path: string; value: string })
  | (AssertionBase & { type: 'file_not_contains'; path: string; value: string })
  | (AssertionBase & { type: 'file_matches'; path: string; pattern: string; flags?: string })
  /** A shell command in the workspace: passes on exit 0. Skipped (neither pass nor fail) when `when_env` names an unset variable. */
  | (AssertionBase & { type: 'script'; command: string; name?: string; when_env?: string; timeoutMs?: number })
  /** The answer validation rules (code_parses, has_code_block, keywords, ...) on a workspace file, or the final message without `path`. */
  | (AssertionBase & { type: 'rules'; path?: string; rules?: RuleSpec[] } & Omit<AnswerExpect, 'rules'>)
  /** A judge model decides whether the final message (or a file) meets `criterion`. */
  | (AssertionBase & JudgeConnectionOptions & { type: 'llm_judge'; criterion: string; path?: string });

export type TaskAssertionType = TaskAssertion['type'];

/** What seeds a task's workspace: a folder copied in, and files written inline. */
export interface TaskFiles {
  /** As written: relative to the dataset file (the case's source). */
  dir?: string;
  inline?: Record<string, string>;
}

export type AgentProviderName = 'openai' | 'anthropic' | 'command';

/** Where the agent's key is read unless `apiKeyEnv` names another variable (the Action's agent-api-key input sets it). */
export const AGENT_KEY_ENV = 'DOCS_MCP_EVAL_AGENT_API_KEY';

/** USD per million tokens (as the judge's prices). */
export interface AgentPrice {
  input: number;
  output: number;
  cachedInput?: number;
}

/**
 * The agent, as a dataset, docs-mcp-eval.yml or flags configure it (merged in that order).
 * The key is never here: `apiKeyEnv` names the variable that holds it.
 */
export interface AgentSettings {
  provider?: AgentProviderName;
  /** API root: https://api.openai.com/v1, https://api.anthropic.com/v1, a local server. */
  baseUrl?: string;
  model?: string;
  /** Name of the environment variable holding the key (default DOCS_MCP_EVAL_AGENT_API_KEY). */
  apiKeyEnv?: string;
  temperature?: number;
  /** Most tokens one model response may have. */
  maxTokens?: number;
  /** Said before every task, unless the task has its own. */
  systemPrompt?: string;
  prices?: Record<string, AgentPrice>;
  /** Spend limits: over the whole run (usd, tokens) and per task run (perTask). */
  budget?: { usd?: number; tokens?: number; perTask?: { usd?: number; tokens?: number } };
  /** Give the agent a `run_command` tool (a shell in the workspace, logged, under a timeout). */
  allowCommands?: boolean;
  /** ms one run_command may take (default 60000). */
  commandTimeoutMs?: number;
  /** Also run every task with the workspace tools only, for the uplift. */
  withoutDocs?: boolean;
  /** ms a task run may take unless the task sets timeoutMs (default 600000). */
  timeoutMs?: number;
  /** provider: command — the agent CLI's command line, with {prompt}, {mcpConfig}, {workspace}, ... placeholders. */
  command?: string;
  /** ms one model request may take (default 120000), and attempts per request (default 3). */
  requestTimeoutMs?: number;
  maxAttempts?: number;
}

// ---------------------------------------------------------------- the report's side

export type TaskArm = 'docs' | 'without_docs';

/**
 * Why a run ended: `final` (the agent answered), or cut off by `turns`, `budget` or
 * `timeout` (never a pass); `error` (the model API failed for good) and `setup` (the
 * task's setup command failed) leave the run not judged.
 */
export type TaskStop = 'final' | 'turns' | 'budget' | 'timeout' | 'error' | 'setup';

export interface TaskUsage {
  promptTokens: number;
  completionTokens: number;
  /** Prompt tokens the provider served from its prompt cache. */
  cachedTokens: number;
}

export interface AssertionResult {
  type: TaskAssertionType;
  /** The script's name, or the file or "final message" the assertion read. */
  label: string;
  soft: boolean;
  passed: boolean;
  /** A script skipped by `when_env`, or an optional judge not configured: counted neither way. */
  skipped?: boolean;
  /** The check itself could not be made (the judge did not answer): the run is not judged. */
  error?: boolean;
  /** One line: what was checked and what was found. */
  message: string;
}

/** One tool call the agent made, as it made it and as it was answered. */
export interface ToolCallStep {
  /** The call id the model gave. */
  id: string;
  /** The tool as the server (or the workspace) names it. */
  tool: string;
  source: 'docs' | 'workspace';
  /** The arguments, cut to a few KB when large. */
  args: unknown;
  ok: boolean;
  /** Docs tools: the server's round trip, timed at the transport; workspace tools: wall time. */
  ms: number;
  /** The start of what the agent was given back. */
  result: string;
  /** Length of the whole result. */
  chars: number;
}

/** One model response and the tool calls it asked for. */
export interface AgentStep {
  /** 1-based. */
  turn: number;
  /** The assistant's text, cut when long. */
  text: string;
  toolCalls: ToolCallStep[];
  /** The provider's own words: stop, tool_calls, end_turn, tool_use, length, ... */
  finishReason: string;
  usage: TaskUsage;
  /** The model call's wall time (0 when served from the cache). */
  ms: number;
  /** Served from the call cache: no request, no cost. */
  cached: boolean;
}

export interface Trajectory {
  system: string;
  prompt: string;
  steps: AgentStep[];
}

/** One run of a task on one arm. */
export interface TaskRun {
  /** 0-based. */
  repetition: number;
  arm: TaskArm;
  stop: TaskStop;
  /** Why it stopped, in words (the limit reached, the error). */
  stopDetail?: string;
  /** Finished, at least one hard assertion evaluated, and every hard one passed. */
  passed: boolean;
  /** false for `error` and `setup` runs, and runs the run budget never let start: left out of the means. */
  judged: boolean;
  assertions: AssertionResult[];
  /** Model responses. */
  turns: number;
  toolCalls: number;
  /** Calls to the server's tools. */
  docsCalls: number;
  /** Calls per tool. */
  tools: Record<string, number>;
  usage: TaskUsage;
  /** From the configured prices; null when the model has none. */
  costUsd: number | null;
  ms: number;
  /** The final message, cut when long. */
  final: string;
  trajectory: Trajectory;
  /** The workspace after the run. */
  files: { path: string; bytes: number }[];
}

/** How a run ended, in the words every report uses: passed, failed, not finished (its cause), not judged (its cause). */
export function runOutcome(run: Pick<TaskRun, 'judged' | 'stop' | 'passed'>): string {
  if (!run.judged) return `not judged (${run.stop === 'final' ? 'judge' : run.stop})`;
  if (run.stop !== 'final') return `not finished (${run.stop})`;
  return run.passed ? 'passed' : 'failed';
}

/** gained: passes with docs, not without; lost: the reverse; tied: the same partial pass rate (repetitions). */
export type UpliftOutcome = 'gained' | 'lost' | 'both_pass' | 'both_fail' | 'tied';

export interface TaskResult {
  prompt: string;
  runs: TaskRun[];
  /** With `withoutDocs`: the runs with the workspace tools only. */
  withoutDocs?: TaskRun[];
  /** Judged runs that passed, as a share (null when none was judged). */
  passRate: number | null;
  passRateWithoutDocs?: number | null;
  /** pass^k: every judged run passed; pass@k: at least one did (k = judged runs). */
  passAll: boolean | null;
  passAny: boolean | null;
  outcome?: UpliftOutcome;
}

/** The run-level part: who the agent was, the uplift's test, what it cost, what was skipped. */
export interface TaskSummary {
  /** The agent as configured (its base URL without credentials), and the price its cost is computed with. */
  agent: { provider: AgentProviderName; model: string; baseUrl?: string; command?: string; price?: AgentPrice };
  withoutDocs: boolean;
  /** Runs per task and arm (the most any task asked for). */
  repetitions: number;
  tasks: number;
  /** Set when every task was skipped (no model, no key): the run goes on without them. */
  skipped?: { reason: string; cases: string[] };
  /**
   * Pass rate with docs minus without, over the tasks both arms judged; `p` is the exact
   * two-sided sign test over the (task, repetition) pairs judged on both arms: `wins` pairs
   * passed with docs only, `losses` without docs only, the other `pairs` agreed.
   */
  uplift?: { value: number; tasks: number; p: number; pairs: number; wins: number; losses: number; outcomes: Record<UpliftOutcome, number> };
  /** Calls per tool over every run with docs. */
  tools: Record<string, number>;
  /** Model API use: calls, cache hits, tokens and cost actually spent (cache hits cost nothing). */
  usage?: { calls: number; cacheHits: number; promptTokens: number; completionTokens: number; cachedTokens: number; costUsd: number | null };
  budget?: { usd?: number; tokens?: number; stopped: boolean };
}
