/**
 * Anthropic's Messages API with tool use: `system` apart, tools as `{ name, description,
 * input_schema }`, the model's calls as `tool_use` content blocks (`id`, `name`, `input`),
 * answered in the next user message by `tool_result` blocks (`tool_use_id`, `content`,
 * `is_error`); `stop_reason` end_turn / tool_use / max_tokens / stop_sequence / refusal;
 * usage in input, output, cache read and cache creation tokens. `max_tokens` is required.
 * The key goes in `x-api-key`, with `anthropic-version` (anthropicHeaders).
 */
import type { Conversation, ModelProvider, ModelReply, ModelToolCall, RequestSettings, TurnEnd } from '../conversation.ts';
import { isRecord } from '../../shared/plain-data.ts';

export const ANTHROPIC_VERSION = '2023-06-01';
/** Anthropic requires max_tokens; this when the agent sets none. */
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 4096;

export function anthropicHeaders(key: string): Record<string, string> {
  return { 'x-api-key': key, 'anthropic-version': ANTHROPIC_VERSION };
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function parsedInput(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}

function messages(conversation: Conversation): Record<string, unknown>[] {
  return conversation.messages.map((m) => {
    if (m.role === 'user') return { role: 'user', content: m.text };
    if (m.role === 'assistant') {
      const blocks: Record<string, unknown>[] = m.text === '' ? [] : [{ type: 'text', text: m.text }];
      for (const c of m.toolCalls) blocks.push({ type: 'tool_use', id: c.id, name: c.name, input: parsedInput(c.arguments) });
      return { role: 'assistant', content: blocks };
    }
    return { role: 'user', content: m.results.map((r) => ({ type: 'tool_result', tool_use_id: r.callId, content: r.content, ...(r.isError ? { is_error: true } : {}) })) };
  });
}

function endOf(reason: string): TurnEnd {
  if (reason === 'end_turn' || reason === 'stop_sequence') return 'final';
  if (reason === 'tool_use') return 'tool_use';
  if (reason === 'max_tokens') return 'length';
  if (reason === 'refusal') return 'refusal';
  return 'other';
}

export const anthropicMessages: ModelProvider = {
  name: 'anthropic',
  path: 'messages',
  request(conversation: Conversation, settings: RequestSettings) {
    return {
      model: settings.model,
      max_tokens: settings.maxTokens ?? DEFAULT_ANTHROPIC_MAX_TOKENS,
      ...(conversation.system ? { system: conversation.system } : {}),
      messages: messages(conversation),
      ...(conversation.tools.length > 0 ? { tools: conversation.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema })) } : {}),
      // Anthropic's temperature runs 0..1.
      ...(settings.temperature === undefined ? {} : { temperature: Math.min(1, settings.temperature) }),
    };
  },
  parse(body: unknown): ModelReply | string {
    if (!isRecord(body) || body['type'] !== 'message') return 'the body is not a message';
    const content = body['content'];
    if (!Array.isArray(content)) return 'content is not a list of blocks';
    const texts: string[] = [];
    const calls: ModelToolCall[] = [];
    for (const [i, block] of content.entries()) {
      if (!isRecord(block)) return `content[${i}] is not a block`;
      if (block['type'] === 'text' && typeof block['text'] === 'string') texts.push(block['text']);
      else if (block['type'] === 'tool_use') {
        if (typeof block['id'] !== 'string' || typeof block['name'] !== 'string') return `content[${i}] (tool_use) has no id or name`;
        calls.push({ id: block['id'], name: block['name'], arguments: JSON.stringify(block['input'] ?? {}) });
      }
      // thinking and other blocks are not part of the answer.
    }
    const reason = typeof body['stop_reason'] === 'string' ? body['stop_reason'] : 'unknown';
    const usage = isRecord(body['usage']) ? body['usage'] : {};
    const cacheRead = count(usage['cache_read_input_tokens']);
    // input_tokens counts only what was neither read from nor written to the prompt cache.
    const prompt = count(usage['input_tokens']) + count(usage['cache_creation_input_tokens']) + cacheRead;
    return {
      id: typeof body['id'] === 'string' ? body['id'] : '',
      model: typeof body['model'] === 'string' ? body['model'] : '',
      text: texts.join('\n'),
      toolCalls: calls,
      end: calls.length > 0 ? 'tool_use' : endOf(reason),
      finishReason: reason,
      usage: { promptTokens: prompt, completionTokens: count(usage['output_tokens']), cachedTokens: cacheRead },
    };
  },
};
