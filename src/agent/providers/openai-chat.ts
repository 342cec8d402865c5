/**
 * OpenAI-compatible Chat Completions with tool calling (OpenAI, Azure's v1 API, OpenRouter,
 * vLLM, llama.cpp and Ollama servers): tools as `{ type: function, function: { name,
 * description, parameters } }`, the model's calls in `message.tool_calls` (arguments as JSON
 * text), each answered by a `role: tool` message with its `tool_call_id`; `finish_reason`
 * tool_calls / stop / length / content_filter; usage with `prompt_tokens_details.cached_tokens`.
 */
import type { Conversation, ModelProvider, ModelReply, ModelToolCall, RequestSettings, TurnEnd } from '../conversation.ts';
import { isRecord } from '../../shared/plain-data.ts';

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function messages(conversation: Conversation): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = conversation.system ? [{ role: 'system', content: conversation.system }] : [];
  for (const m of conversation.messages) {
    if (m.role === 'user') out.push({ role: 'user', content: m.text });
    else if (m.role === 'assistant') {
      out.push({
        role: 'assistant',
        content: m.text === '' && m.toolCalls.length > 0 ? null : m.text,
        ...(m.toolCalls.length > 0 ? { tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) } : {}),
      });
    } else for (const r of m.results) out.push({ role: 'tool', tool_call_id: r.callId, content: r.content });
  }
  return out;
}

function endOf(reason: string, calls: number): TurnEnd {
  if (calls > 0 || reason === 'tool_calls' || reason === 'function_call') return calls > 0 ? 'tool_use' : 'other';
  if (reason === 'stop') return 'final';
  if (reason === 'length') return 'length';
  if (reason === 'content_filter') return 'refusal';
  return 'other';
}

function toolCalls(value: unknown): ModelToolCall[] | string {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return 'choices[0].message.tool_calls is not a list';
  const calls: ModelToolCall[] = [];
  for (const [i, call] of value.entries()) {
    const fn = isRecord(call) ? call['function'] : undefined;
    if (!isRecord(call) || !isRecord(fn) || typeof fn['name'] !== 'string') return `tool_calls[${i}] has no function name`;
    const args = fn['arguments'];
    calls.push({ id: typeof call['id'] === 'string' && call['id'] !== '' ? call['id'] : `call_${i}`, name: fn['name'], arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) });
  }
  return calls;
}

export const openAiChat: ModelProvider = {
  name: 'openai',
  path: 'chat/completions',
  request(conversation: Conversation, settings: RequestSettings) {
    return {
      model: settings.model,
      messages: messages(conversation),
      ...(conversation.tools.length > 0
        ? { tools: conversation.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.inputSchema } })) }
        : {}),
      ...(settings.temperature === undefined ? {} : { temperature: settings.temperature }),
      ...(settings.maxTokens === undefined ? {} : { max_completion_tokens: settings.maxTokens }),
    };
  },
  parse(body: unknown): ModelReply | string {
    if (!isRecord(body)) return 'the body is not an object';
    const choice: unknown = Array.isArray(body['choices']) ? body['choices'][0] : undefined;
    const message = isRecord(choice) ? choice['message'] : undefined;
    if (!isRecord(choice) || !isRecord(message)) return 'choices[0].message is missing';
    const content = message['content'];
    if (content !== null && content !== undefined && typeof content !== 'string') return 'choices[0].message.content is not a string';
    const calls = toolCalls(message['tool_calls']);
    if (typeof calls === 'string') return calls;
    const reason = typeof choice['finish_reason'] === 'string' ? choice['finish_reason'] : 'unknown';
    const usage = isRecord(body['usage']) ? body['usage'] : {};
    const details = usage['prompt_tokens_details'];
    const refusal = typeof message['refusal'] === 'string' ? message['refusal'] : undefined;
    return {
      id: typeof body['id'] === 'string' ? body['id'] : '',
      model: typeof body['model'] === 'string' ? body['model'] : '',
      text: typeof content === 'string' ? content : (refusal ?? ''),
      toolCalls: calls,
      end: refusal !== undefined ? 'refusal' : endOf(reason, calls.length),
      finishReason: reason,
      usage: { promptTokens: count(usage['prompt_tokens']), completionTokens: count(usage['completion_tokens']), cachedTokens: isRecord(details) ? count(details['cached_tokens']) : 0 },
    };
  },
};
