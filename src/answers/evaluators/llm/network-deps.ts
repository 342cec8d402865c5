/**
 * How a network evaluator (llm_judge, semantic_similarity, the grounded metrics) gets its
 * OpenAI-compatible client and its judging session: the injected ones, or its own.
 */
import { createJudgeSession, DEFAULT_JUDGE_CONCURRENCY, type JudgeSession } from './judge-session.ts';
import { createOpenAiClient, type OpenAiClient, type OpenAiClientOptions } from './openai-client.ts';
import type { Connection } from './network-config.ts';
import type { Env } from './secrets.ts';

/** What tests (and embedders) may inject; the dataset cannot reach these. */
export interface NetworkDeps {
  env?: Env;
  /** The run's judging session (cache, concurrency, budget, usage); default: a private one without cache or budget. */
  session?: JudgeSession;
  client?: Partial<Omit<OpenAiClientOptions, 'baseUrl' | 'apiKeyEnv' | 'timeoutMs' | 'maxAttempts'>>;
}

/**
 * The client for the configured connection (its attempts are the default of every call;
 * judge calls that also retry unusable answers pass what is left), and the run's session,
 * or, in library use without one, a private session: no cache, the default concurrency, no budget.
 */
export function connect(connection: Connection, deps: NetworkDeps): { client: OpenAiClient; session: JudgeSession } {
  const client = createOpenAiClient({
    ...deps.client,
    ...(deps.env === undefined ? {} : { env: deps.env }),
    baseUrl: connection.baseUrl,
    apiKeyEnv: connection.apiKeyEnv,
    timeoutMs: connection.timeoutMs,
    maxAttempts: connection.maxAttempts,
  });
  return { client, session: deps.session ?? createJudgeSession({ cache: null, concurrency: DEFAULT_JUDGE_CONCURRENCY, prices: {} }) };
}
