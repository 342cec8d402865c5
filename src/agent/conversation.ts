/**
 * The agent's conversation in one neutral shape, which each provider turns into its API's
 * request (providers/openai-chat.ts, providers/anthropic-messages.ts) and reads back from
 * its response. Plain data, so a model's reply can be cached and replayed.
 */
import type { TaskUsage } from '../model/task.ts';

/** A tool as the model is offered it. `name` is the wire name (see toolbox.ts). */
export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments (an MCP tool's inputSchema, as listed). */
  inputSchema: Record<string, unknown>;
}

/** A tool call as the model wrote it: `arguments` is its JSON text, parsed (and refused when broken) by the toolbox. */
export interface ModelToolCall {
  id: string;
  name: string;
  arguments: string;
}

export interface ToolResultMessage {
  callId: string;
  name: string;
  content: string;
  isError: boolean;
}

export type AgentMessage =
  | { role: 'user'; text: string }
  | { role: 'assistant'; text: string; toolCalls: ModelToolCall[] }
  | { role: 'tool_results'; results: ToolResultMessage[] };

export interface Conversation {
  system: string;
  messages: AgentMessage[];
  tools: ToolSpec[];
}

/**
 * How the model's turn ended, in our words: `final` (it answered), `tool_use` (it wants
 * tools run), `length` (cut at the token limit), `refusal`, `other` (the provider's reason
 * is kept in `finishReason`).
 */
export type TurnEnd = 'final' | 'tool_use' | 'length' | 'refusal' | 'other';

export interface ModelReply {
  id: string;
  model: string;
  text: string;
  toolCalls: ModelToolCall[];
  end: TurnEnd;
  /** The provider's own words (stop, tool_calls, end_turn, tool_use, max_tokens, ...). */
  finishReason: string;
  usage: TaskUsage;
}

/** The sampling settings every request carries. */
export interface RequestSettings {
  model: string;
  temperature?: number;
  maxTokens?: number;
}

/** One chat API: its endpoint, its request body, and its response read back (or why it cannot be). */
export interface ModelProvider {
  readonly name: 'openai' | 'anthropic';
  /** Path under the API root: chat/completions, messages. */
  readonly path: string;
  request(conversation: Conversation, settings: RequestSettings): Record<string, unknown>;
  parse(body: unknown): ModelReply | string;
}
