/**
 * The agent loop: the task's prompt, then model turn after model turn, each tool call the
 * model asks for run through the toolbox and answered, until the model answers without
 * calling a tool (its final message) or a limit stops it: the turns (`maxTurns` model
 * responses), the time (the task's timeout), the budget (the task run's tokens and USD,
 * counted on every reply, cached or not, so a replayed run stops where the first did; the
 * run's budget, which the judging session refuses past). A run the model API fails for
 * good stops with `error`. Everything said and done is kept as the trajectory.
 */
import { costOf } from '../answers/evaluators/llm/judge-session.ts';
import type { AgentPrice, AgentStep, TaskArm, TaskStop, TaskUsage } from '../model/task.ts';
import type { AgentMessage, ToolResultMessage } from './conversation.ts';
import { excerpt } from './excerpt.ts';
import { askModel, type ModelAccess } from './model-call.ts';
import type { Toolbox } from './toolbox.ts';

export interface LoopInput {
  system: string;
  prompt: string;
  toolbox: Toolbox;
  model: ModelAccess;
  maxTurns: number;
  /** ms the run may take from now. */
  timeoutMs: number;
  /** What this run may spend. */
  budget: { tokens?: number; usd?: number };
  price: AgentPrice | undefined;
  repetition: number;
  arm: TaskArm;
}

export interface LoopOutcome {
  steps: AgentStep[];
  final: string;
  stop: TaskStop;
  stopDetail?: string;
  /** false when the very first model call was refused by the run's budget: the run never began. */
  started: boolean;
  usage: TaskUsage;
  costUsd: number | null;
}

const addUsage = (a: TaskUsage, b: TaskUsage): TaskUsage => ({ promptTokens: a.promptTokens + b.promptTokens, completionTokens: a.completionTokens + b.completionTokens, cachedTokens: a.cachedTokens + b.cachedTokens });

/** Why this run's own budget is spent, or undefined. */
function spent(budget: LoopInput['budget'], usage: TaskUsage, cost: number | null): string | undefined {
  const tokens = usage.promptTokens + usage.completionTokens;
  if (budget.tokens !== undefined && tokens >= budget.tokens) return `the task's budget of ${budget.tokens} tokens is spent (${tokens} used)`;
  if (budget.usd !== undefined && cost !== null && cost >= budget.usd) return `the task's budget of $${budget.usd} is spent ($${cost.toFixed(4)} used)`;
  return undefined;
}

export async function runLoop(input: LoopInput): Promise<LoopOutcome> {
  const deadline = performance.now() + input.timeoutMs;
  const messages: AgentMessage[] = [{ role: 'user', text: input.prompt }];
  const steps: AgentStep[] = [];
  let usage: TaskUsage = { promptTokens: 0, completionTokens: 0, cachedTokens: 0 };
  const cost = () => costOf(usage, input.price);
  const end = (stop: TaskStop, final: string, stopDetail?: string, started = true): LoopOutcome => ({ steps, final, stop, ...(stopDetail === undefined ? {} : { stopDetail }), started, usage, costUsd: cost() });
  const lastText = () => [...steps].reverse().find((s) => s.text !== '')?.text ?? '';

  for (let turn = 1; ; turn++) {
    if (turn > input.maxTurns) return end('turns', lastText(), `the agent still called tools after ${input.maxTurns} turns (maxTurns)`);
    const left = deadline - performance.now();
    if (left <= 0) return end('timeout', lastText(), `the run took longer than ${input.timeoutMs} ms`);
    const asked = await askModel(input.model, { system: input.system, messages, tools: input.toolbox.specs }, input, AbortSignal.timeout(Math.ceil(left)));
    if (!asked.ok) {
      if (asked.why === 'budget') return end('budget', lastText(), asked.message, turn > 1);
      if (asked.why === 'aborted') return end('timeout', lastText(), `the run took longer than ${input.timeoutMs} ms (a model call was under way)`);
      return end('error', lastText(), asked.message);
    }
    const { reply } = asked;
    usage = addUsage(usage, reply.usage);
    const step: AgentStep = { turn, text: excerpt(reply.text), toolCalls: [], finishReason: reply.finishReason, usage: reply.usage, ms: Math.round(asked.ms), cached: asked.cached };
    steps.push(step);
    if (reply.toolCalls.length === 0) {
      const note = reply.end === 'length' ? 'the final message was cut at the token limit' : reply.end === 'refusal' ? 'the model refused' : reply.end === 'other' ? `the model stopped (${reply.finishReason})` : undefined;
      return end('final', reply.text, note);
    }
    const over = spent(input.budget, usage, cost());
    if (over !== undefined) return end('budget', lastText(), over);
    messages.push({ role: 'assistant', text: reply.text, toolCalls: reply.toolCalls });
    const results: ToolResultMessage[] = [];
    for (const call of reply.toolCalls) {
      if (performance.now() >= deadline) {
        // The API needs every call answered; the run ends here anyway.
        results.push({ callId: call.id, name: call.name, content: 'not run: the task is out of time', isError: true });
        continue;
      }
      const done = await input.toolbox.call(call);
      step.toolCalls.push(done.step);
      results.push(done.message);
    }
    messages.push({ role: 'tool_results', results });
    if (performance.now() >= deadline) return end('timeout', lastText(), `the run took longer than ${input.timeoutMs} ms`);
  }
}
