/**
 * What Anthropic's Messages API refuses, checked on every request the double receives, so
 * a client that passes against it sends what the real service accepts: the headers
 * (x-api-key, anthropic-version), the required fields (model, max_tokens, messages),
 * unknown parameters, roles that must alternate starting with user, tool definitions
 * (name pattern, input_schema of type object), and tool use answered in order: every
 * tool_use of an assistant message gets its tool_result at the start of the next user
 * message, and no tool_result answers an id that was not asked for.
 */

export interface RequestProblem {
  message: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const PARAMS = new Set(['model', 'messages', 'max_tokens', 'system', 'tools', 'tool_choice', 'temperature', 'top_p', 'top_k', 'stop_sequences', 'stream', 'metadata', 'thinking', 'service_tier']);
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,128}$/;

function blocksOf(content: unknown): Json[] | undefined {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) && content.every(isObject) ? content : undefined;
}

function checkTools(tools: unknown): RequestProblem[] {
  if (tools === undefined) return [];
  if (!Array.isArray(tools)) return [{ message: 'tools: Input should be a valid list' }];
  const seen = new Set<string>();
  return tools.flatMap((tool: unknown, i): RequestProblem[] => {
    if (!isObject(tool) || typeof tool['name'] !== 'string') return [{ message: `tools.${i}.name: Field required` }];
    const name = tool['name'];
    if (!TOOL_NAME.test(name)) return [{ message: `tools.${i}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'` }];
    if (seen.has(name)) return [{ message: 'tools: Tool names must be unique.' }];
    seen.add(name);
    const schema = tool['input_schema'];
    if (!isObject(schema)) return [{ message: `tools.${i}.custom.input_schema: Field required` }];
    if (schema['type'] !== 'object') return [{ message: `tools.${i}.custom.input_schema.type: Input should be 'object'` }];
    return [];
  });
}

/** Roles alternate from user; tool uses are answered at the start of the next user turn, each once. */
function checkMessages(messages: unknown): RequestProblem[] {
  if (!Array.isArray(messages) || messages.length === 0) return [{ message: 'messages: Field required' }];
  const problems: RequestProblem[] = [];
  let pending: string[] = [];
  messages.forEach((message: unknown, i) => {
    if (!isObject(message) || (message['role'] !== 'user' && message['role'] !== 'assistant')) return void problems.push({ message: `messages.${i}.role: Input should be 'user' or 'assistant'` });
    const expected = i % 2 === 0 ? 'user' : 'assistant';
    if (message['role'] !== expected) problems.push({ message: `messages: roles must alternate between "user" and "assistant", starting with "user" (messages.${i} is ${String(message['role'])})` });
    const blocks = blocksOf(message['content']);
    if (!blocks) return void problems.push({ message: `messages.${i}.content: Input should be a valid string or list of content blocks` });
    if (message['role'] === 'user') {
      const results = blocks.filter((b) => b['type'] === 'tool_result');
      const leading = blocks.slice(0, pending.length).filter((b) => b['type'] === 'tool_result').map((b) => String(b['tool_use_id']));
      const missing = pending.filter((id) => !leading.includes(id));
      if (missing.length > 0) problems.push({ message: `messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.` });
      for (const r of results) {
        if (!pending.includes(String(r['tool_use_id']))) problems.push({ message: `messages.${i}.content: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(r['tool_use_id'])}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.` });
        const content = r['content'];
        if (content !== undefined && typeof content !== 'string' && blocksOf(content) === undefined) problems.push({ message: `messages.${i}.content: tool_result content should be a string or a list of blocks` });
      }
      pending = [];
    } else {
      pending = blocks.filter((b) => b['type'] === 'tool_use').map((b) => String(b['id']));
      for (const b of blocks.filter((x) => x['type'] === 'tool_use')) {
        if (typeof b['id'] !== 'string' || typeof b['name'] !== 'string' || !isObject(b['input'])) problems.push({ message: `messages.${i}.content: tool_use blocks need id, name and an input object` });
      }
    }
  });
  if (pending.length > 0) problems.push({ message: `messages: the last message is an assistant turn with \`tool_use\` blocks (${pending.join(', ')}) but no tool_result follows` });
  return problems;
}

export function checkMessagesRequest(body: unknown, headers: Record<string, string | string[] | undefined>): RequestProblem[] {
  const problems: RequestProblem[] = [];
  if (headers['anthropic-version'] === undefined) problems.push({ message: 'anthropic-version: header is required' });
  if (!isObject(body)) return [...problems, { message: 'There was an issue with your request body: not a JSON object' }];
  for (const key of Object.keys(body)) if (!PARAMS.has(key)) problems.push({ message: `${key}: Extra inputs are not permitted` });
  if (typeof body['model'] !== 'string' || body['model'] === '') problems.push({ message: 'model: Field required' });
  const max = body['max_tokens'];
  if (typeof max !== 'number' || !Number.isInteger(max) || max < 1) problems.push({ message: 'max_tokens: Field required' });
  const temperature = body['temperature'];
  if (temperature !== undefined && (typeof temperature !== 'number' || temperature < 0 || temperature > 1)) problems.push({ message: 'temperature: Input should be less than or equal to 1' });
  const system = body['system'];
  if (system !== undefined && typeof system !== 'string' && blocksOf(system) === undefined) problems.push({ message: 'system: Input should be a valid string or list of text blocks' });
  if (body['stream'] === true) problems.push({ message: 'the anthropic double does not stream' });
  if (body['tool_choice'] !== undefined && body['tools'] === undefined) problems.push({ message: 'tool_choice: may only be specified while providing tools' });
  return [...problems, ...checkTools(body['tools']), ...checkMessages(body['messages'])];
}
