/**
 * From the agent's settings (the dataset's `agent:`, docs-mcp-eval.yml's and the flags
 * over it) to what runs the task cases, checked before any server starts. Two kinds of
 * problem, as for the network evaluators (answers/evaluators/llm/network-config.ts):
 *  - a configuration that cannot work (a base URL that would send the key in clear, a
 *    budget in USD without a price, an agent command with shell syntax, an llm_judge
 *    assertion without a judge) is the user's to fix: a UsageError, the run does not start;
 *  - an agent that is not configured where the run happens (no model, the key's variable
 *    not set: a fork's pull request without the secret) skips the task cases with a note,
 *    and the rest of the run goes on.
 */
import { openJudgeSession, type JudgeSession, type JudgingConfig } from '../answers/evaluators/llm/judge-session.ts';
import { createOpenAiClient } from '../answers/evaluators/llm/openai-client.ts';
import { apiKeyProblem, displayUrl, ENV_NAME, readApiKey, type Env } from '../answers/evaluators/llm/secrets.ts';
import type { Suite, TaskCase } from '../model/case.ts';
import { AGENT_KEY_ENV, type AgentSettings, type TaskSummary } from '../model/task.ts';
import { UsageError } from '../shared/run-errors.ts';
import { createJudgeAssertion, judgeDefaults, judgeProblems } from './assertions/judge.ts';
import { anthropicHeaders, anthropicMessages } from './providers/anthropic-messages.ts';
import { commandWords } from './providers/command-line.ts';
import { openAiChat } from './providers/openai-chat.ts';
import type { TaskSetup } from './run-task.ts';

export { AGENT_KEY_ENV as DEFAULT_AGENT_KEY_ENV } from '../model/task.ts';
export const DEFAULT_TASK_TIMEOUT_MS = 600_000;
export const DEFAULT_COMMAND_TIMEOUT_MS = 60_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;
const BASE_URLS = { openai: 'https://api.openai.com/v1', anthropic: 'https://api.anthropic.com/v1' } as const;

export interface AgentInputs {
  suite: Suite;
  /** docs-mcp-eval.yml's `agent:` with the flags over it (over the dataset's). */
  configured: AgentSettings;
  judging: JudgingConfig;
  /** The judging session of the answer cases, when there is one (llm_judge assertions share it). */
  judgeSession?: JudgeSession;
  /** How an agent CLI starts our relay: the executable and its arguments. */
  relay: readonly string[];
  env: Env;
}

export type TaskPlan =
  | { run: true; agent: TaskSummary['agent']; withoutDocs: boolean; setup: TaskSetup; session: JudgeSession; judgeSession?: JudgeSession; notes: string[] }
  | { run: false; agent: TaskSummary['agent']; withoutDocs: boolean; reason: string };

/** https, or plain http only to this machine: the key goes with every request. */
function baseUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `agent baseUrl "${url}" is not a URL`;
  }
  if (parsed.username || parsed.password) return 'agent baseUrl must not carry credentials; name the key\'s variable in apiKeyEnv';
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && loopback)) return `agent baseUrl ${displayUrl(url)} must be https:// (http:// only for localhost: the API key is sent with every request)`;
  return undefined;
}

function tasksOf(suite: Suite): TaskCase[] {
  return suite.cases.filter((c): c is TaskCase => c.kind === 'task');
}

/** The configuration problems (each a UsageError line), whatever the environment. */
function configProblems(agent: AgentSettings, provider: string, prices: JudgingConfig['prices']): string[] {
  const problems: string[] = [];
  if (agent.apiKeyEnv !== undefined && !ENV_NAME.test(agent.apiKeyEnv)) problems.push('agent apiKeyEnv must be the NAME of an environment variable (letters, digits, _), not the key');
  if (provider === 'command') {
    const words = agent.command === undefined ? "agent provider command needs agent.command: the agent CLI's command line" : commandWords(agent.command);
    if (typeof words === 'string') problems.push(words);
  } else if (agent.baseUrl !== undefined) {
    const problem = baseUrlProblem(agent.baseUrl);
    if (problem !== undefined) problems.push(problem);
  }
  if (agent.model !== undefined && (agent.budget?.usd !== undefined || agent.budget?.perTask?.usd !== undefined) && prices[agent.model] === undefined) {
    problems.push(`the agent's budget is in USD but model ${agent.model} has no price: add it under agent.prices (or judging.prices), or give the budget in tokens`);
  }
  return problems;
}

export function planTasks(inputs: AgentInputs): TaskPlan {
  const agent: AgentSettings = { ...inputs.suite.agent, ...inputs.configured };
  const provider = agent.provider ?? 'openai';
  const tasks = tasksOf(inputs.suite);
  const prices = { ...inputs.judging.prices, ...agent.prices };
  const withoutDocs = agent.withoutDocs ?? false;
  const problems = configProblems(agent, provider, prices);
  const judged = tasks.flatMap((t) => t.assertions.filter((a) => a.type === 'llm_judge'));
  const defaults = judgeDefaults(inputs.suite.evaluators);
  if (judged.length > 0) problems.push(...judgeProblems(judged, defaults, { env: inputs.env }));
  if (problems.length > 0) throw new UsageError(`the task cases cannot run as configured:\n  ${problems.join('\n  ')}`);

  const keyEnv = agent.apiKeyEnv ?? AGENT_KEY_ENV;
  const baseUrl = provider === 'command' ? undefined : (agent.baseUrl ?? BASE_URLS[provider]);
  const summary: TaskSummary['agent'] = { provider, model: agent.model ?? '', ...(baseUrl ? { baseUrl: displayUrl(baseUrl) } : {}), ...(agent.command ? { command: agent.command } : {}) };
  if (provider !== 'command') {
    if (agent.model === undefined) return { run: false, agent: summary, withoutDocs, reason: 'no agent model is configured (agent.model, --agent-model or the agent-model input)' };
    const keyProblem = apiKeyProblem(inputs.env, keyEnv);
    if (keyProblem !== undefined) return { run: false, agent: summary, withoutDocs, reason: `${keyProblem.replace('(apiKeyEnv)', '(the agent\'s apiKeyEnv)')}: no key for the agent` };
  }

  const session = openJudgeSession({ cacheDir: inputs.judging.cacheDir, concurrency: 1, prices, ...(agent.budget && (agent.budget.usd !== undefined || agent.budget.tokens !== undefined) ? { budget: { ...(agent.budget.usd !== undefined ? { usd: agent.budget.usd } : {}), ...(agent.budget.tokens !== undefined ? { tokens: agent.budget.tokens } : {}) } } : {}) });
  const judgeSession = judged.length > 0 ? (inputs.judgeSession ?? openJudgeSession(inputs.judging)) : undefined;
  const model = agent.model ?? '';
  const runner: TaskSetup['runner'] =
    provider === 'command'
      ? { kind: 'command', template: agent.command!, relay: inputs.relay, model }
      : {
          kind: 'model',
          access: {
            provider: provider === 'anthropic' ? anthropicMessages : openAiChat,
            client: createOpenAiClient({
              baseUrl: baseUrl!,
              apiKeyEnv: keyEnv,
              env: inputs.env,
              ...(provider === 'anthropic' ? { api: { name: 'Anthropic', rootExample: BASE_URLS.anthropic, authHeaders: anthropicHeaders } } : {}),
            }),
            session,
            settings: { model, ...(agent.temperature === undefined ? {} : { temperature: agent.temperature }), ...(agent.maxTokens === undefined ? {} : { maxTokens: agent.maxTokens }) },
            maxAttempts: agent.maxAttempts ?? 3,
            requestTimeoutMs: agent.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
          },
          price: prices[model],
          commands: agent.allowCommands ? { timeoutMs: agent.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS, hide: [keyEnv] } : null,
        };
  const secretNames = [keyEnv, ...judged.map((a) => a.apiKeyEnv), typeof defaults?.['apiKeyEnv'] === 'string' ? defaults['apiKeyEnv'] : undefined];
  const secrets = [...new Set(secretNames.flatMap((name) => (name === undefined ? [] : [readApiKey(inputs.env, name)]).filter((v): v is string => v !== undefined)))];
  const notes = provider !== 'command' && tasks.some((t) => t.maxBudgetUsd !== undefined) && prices[model] === undefined ? [`maxBudgetUsd is not enforced: model ${model} has no price (agent.prices)`] : [];
  const setup: TaskSetup = {
    runner,
    ...(agent.systemPrompt === undefined ? {} : { systemPrompt: agent.systemPrompt }),
    timeoutMs: agent.timeoutMs ?? DEFAULT_TASK_TIMEOUT_MS,
    perTask: agent.budget?.perTask ?? {},
    ...(judgeSession ? { judge: createJudgeAssertion(defaults, { env: inputs.env, session: judgeSession }) } : {}),
    secrets,
    env: inputs.env,
  };
  return { run: true, agent: summary, withoutDocs, setup, session, ...(judgeSession ? { judgeSession } : {}), notes };
}
