/**
 * What the real API refuses, checked on every request the double receives: missing or
 * mistyped fields, unknown parameters, and structured-output schemas strict mode rejects
 * (every object closed with additionalProperties: false and all its properties required,
 * an object at the root). Each problem becomes a 400 like OpenAI's and a violation the
 * tests assert to be empty — so a client that passes against the double sends bodies the
 * real service accepts.
 */

export interface RequestProblem {
  message: string;
  param: string | null;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const CHAT_PARAMS = new Set([
  'model', 'messages', 'temperature', 'top_p', 'n', 'stream', 'stream_options', 'stop', 'max_tokens', 'max_completion_tokens',
  'presence_penalty', 'frequency_penalty', 'logit_bias', 'logprobs', 'top_logprobs', 'user', 'response_format', 'seed', 'tools',
  'tool_choice', 'parallel_tool_calls', 'store', 'metadata', 'reasoning_effort', 'service_tier', 'modalities', 'prediction',
  'audio', 'verbosity', 'web_search_options', 'safety_identifier', 'prompt_cache_key',
]);
const EMBEDDING_PARAMS = new Set(['model', 'input', 'encoding_format', 'dimensions', 'user']);
const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);
const SCHEMA_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

function unknownParams(body: Json, known: Set<string>): RequestProblem[] {
  return Object.keys(body)
    .filter((key) => !known.has(key))
    .map((key) => ({ message: `Unrecognized request argument supplied: ${key}`, param: key }));
}

function checkModel(body: Json): RequestProblem[] {
  if (body['model'] === undefined) return [{ message: "you must provide a model parameter", param: 'model' }];
  if (typeof body['model'] !== 'string' || body['model'] === '') return [{ message: "Invalid type for 'model': expected a non-empty string.", param: 'model' }];
  return [];
}

/** An assistant message's tool_calls: each { id, type: function, function: { name, arguments (JSON text) } }. */
function checkToolCalls(calls: unknown, at: string): RequestProblem[] {
  if (!Array.isArray(calls) || calls.length === 0) return [{ message: `Invalid '${at}.tool_calls': empty array. Expected an array with minimum length 1.`, param: `${at}.tool_calls` }];
  return calls.flatMap((call: unknown, j): RequestProblem[] => {
    const where = `${at}.tool_calls[${j}]`;
    const fn = isObject(call) ? call['function'] : undefined;
    if (!isObject(call) || typeof call['id'] !== 'string' || call['type'] !== 'function' || !isObject(fn)) return [{ message: `Invalid '${where}': expected { id, type: 'function', function }.`, param: where }];
    if (typeof fn['name'] !== 'string' || typeof fn['arguments'] !== 'string') return [{ message: `Invalid '${where}.function': name and arguments must be strings.`, param: `${where}.function` }];
    return [];
  });
}

/**
 * Tool messages answer the tool calls of the assistant message before them, every call
 * once, before anything else is said: the two 400s the real API gives otherwise.
 */
function toolSequenceProblems(messages: unknown[]): RequestProblem[] {
  const problems: RequestProblem[] = [];
  let open: Set<string> | undefined;
  const close = (i: number) => {
    if (open && open.size > 0) {
      problems.push({ message: `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...open].join(', ')}`, param: `messages.[${i}].role` });
    }
    open = undefined;
  };
  messages.forEach((message, i) => {
    if (!isObject(message)) return;
    if (message['role'] === 'tool') {
      const id = message['tool_call_id'];
      if (typeof id !== 'string' || open === undefined || !open.has(id)) {
        problems.push({ message: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.", param: `messages.[${i}].role` });
      } else open.delete(id);
      return;
    }
    close(i);
    if (message['role'] === 'assistant' && Array.isArray(message['tool_calls'])) {
      open = new Set(message['tool_calls'].flatMap((c: unknown) => (isObject(c) && typeof c['id'] === 'string' ? [c['id']] : [])));
    }
  });
  close(messages.length);
  return problems;
}

function checkMessages(messages: unknown): RequestProblem[] {
  if (messages === undefined) return [{ message: "Missing required parameter: 'messages'.", param: 'messages' }];
  if (!Array.isArray(messages) || messages.length === 0) return [{ message: "Invalid 'messages': expected a non-empty array.", param: 'messages' }];
  const problems: RequestProblem[] = [];
  messages.forEach((message: unknown, i) => {
    const at = `messages[${i}]`;
    if (!isObject(message)) return problems.push({ message: `Invalid type for '${at}': expected an object.`, param: at });
    if (typeof message['role'] !== 'string' || !ROLES.has(message['role'])) {
      problems.push({ message: `Invalid value for '${at}.role': expected one of ${[...ROLES].join(', ')}.`, param: `${at}.role` });
    }
    const content = message['content'];
    const parts = Array.isArray(content) && content.every((p) => isObject(p) && typeof p['type'] === 'string');
    // An assistant message that only calls tools may have no content at all.
    const callsOnly = message['role'] === 'assistant' && message['tool_calls'] !== undefined && (content === null || content === undefined);
    if (typeof content !== 'string' && !parts && !callsOnly && !(content === null && message['role'] === 'assistant')) {
      problems.push({ message: `Invalid type for '${at}.content': expected one of a string or array of objects.`, param: `${at}.content` });
    }
    if (message['tool_calls'] !== undefined) {
      if (message['role'] !== 'assistant') problems.push({ message: `Invalid parameter: only messages with role 'assistant' can have 'tool_calls'.`, param: `${at}.tool_calls` });
      else problems.push(...checkToolCalls(message['tool_calls'], at));
    }
    return undefined;
  });
  return [...problems, ...toolSequenceProblems(messages)];
}

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** tools: [{ type: function, function: { name (^[a-zA-Z0-9_-]{1,64}$), description?, parameters? (an object schema) } }], names unique. */
function checkTools(tools: unknown): RequestProblem[] {
  if (tools === undefined) return [];
  if (!Array.isArray(tools) || tools.length === 0) return [{ message: "Invalid 'tools': empty array. Expected an array with minimum length 1, but got an empty array instead.", param: 'tools' }];
  const seen = new Set<string>();
  return tools.flatMap((tool: unknown, i): RequestProblem[] => {
    const at = `tools[${i}]`;
    const fn = isObject(tool) ? tool['function'] : undefined;
    if (!isObject(tool) || tool['type'] !== 'function' || !isObject(fn)) return [{ message: `Invalid '${at}': expected { type: 'function', function: {...} }.`, param: at }];
    const name = fn['name'];
    if (typeof name !== 'string' || !TOOL_NAME.test(name)) {
      return [{ message: `Invalid '${at}.function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`, param: `${at}.function.name` }];
    }
    if (seen.has(name)) return [{ message: `Invalid 'tools': duplicate function name ${name}.`, param: 'tools' }];
    seen.add(name);
    const parameters = fn['parameters'];
    if (parameters !== undefined && (!isObject(parameters) || (parameters['type'] !== undefined && parameters['type'] !== 'object'))) {
      return [{ message: `Invalid schema for function '${name}': schema must be a JSON Schema of 'type: "object"'.`, param: `${at}.function.parameters` }];
    }
    return [];
  });
}

/** Strict structured-output rules, walked through the whole schema. */
function strictSchemaProblems(schema: unknown, context: string, out: string[]): void {
  if (!isObject(schema)) return;
  if (schema['type'] === 'object' || isObject(schema['properties'])) {
    const keys = Object.keys(isObject(schema['properties']) ? schema['properties'] : {});
    if (schema['additionalProperties'] !== false) out.push(`In context=${context}, 'additionalProperties' is required to be supplied and to be false.`);
    const required = Array.isArray(schema['required']) ? schema['required'] : [];
    const missing = keys.filter((key) => !required.includes(key));
    if (missing.length > 0) out.push(`In context=${context}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing[0]}'.`);
    for (const key of keys) strictSchemaProblems((schema['properties'] as Json)[key], `${context}.properties.${key}`, out);
  }
  if (schema['items'] !== undefined) strictSchemaProblems(schema['items'], `${context}.items`, out);
  for (const keyword of ['anyOf', '$defs', 'definitions']) {
    const nested = schema[keyword];
    if (Array.isArray(nested)) nested.forEach((s, i) => strictSchemaProblems(s, `${context}.${keyword}[${i}]`, out));
    else if (isObject(nested)) for (const [k, s] of Object.entries(nested)) strictSchemaProblems(s, `${context}.${keyword}.${k}`, out);
  }
  for (const keyword of ['allOf', 'not', 'if', 'then', 'else', 'patternProperties', 'dependentRequired']) {
    if (schema[keyword] !== undefined) out.push(`In context=${context}, '${keyword}' is not permitted.`);
  }
}

function checkResponseFormat(format: unknown, messages: unknown): RequestProblem[] {
  if (format === undefined) return [];
  const param = 'response_format';
  if (!isObject(format)) return [{ message: "Invalid type for 'response_format': expected an object.", param }];
  const type = format['type'];
  if (type === 'text') return [];
  if (type === 'json_object') {
    const text = JSON.stringify(messages ?? '').toLowerCase();
    return text.includes('json') ? [] : [{ message: "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.", param: 'messages' }];
  }
  if (type !== 'json_schema') return [{ message: "Invalid value for 'response_format.type': expected one of 'text', 'json_object' or 'json_schema'.", param: 'response_format.type' }];
  const spec = format['json_schema'];
  if (!isObject(spec)) return [{ message: "Missing required parameter: 'response_format.json_schema'.", param: 'response_format.json_schema' }];
  const problems: RequestProblem[] = [];
  if (typeof spec['name'] !== 'string' || !SCHEMA_NAME.test(spec['name'])) {
    problems.push({ message: "Invalid 'response_format.json_schema.name': must match ^[a-zA-Z0-9_-]{1,64}$.", param: 'response_format.json_schema.name' });
  }
  if (spec['strict'] !== undefined && typeof spec['strict'] !== 'boolean') problems.push({ message: "Invalid type for 'response_format.json_schema.strict'.", param: 'response_format.json_schema.strict' });
  const unknown = Object.keys(spec).filter((key) => !['name', 'strict', 'schema', 'description'].includes(key));
  for (const key of unknown) problems.push({ message: `Unrecognized request argument supplied: response_format.json_schema.${key}`, param: key });
  const schema = spec['schema'];
  if (!isObject(schema)) return [...problems, { message: "Invalid type for 'response_format.json_schema.schema': expected an object.", param: 'response_format.json_schema.schema' }];
  if (spec['strict'] === true) {
    const out: string[] = [];
    if (schema['type'] !== 'object' || schema['anyOf'] !== undefined) out.push("schema must be a JSON Schema of 'type: \"object\"', got 'type: \"" + String(schema['type']) + "\"'.");
    strictSchemaProblems(schema, 'root', out);
    const name = typeof spec['name'] === 'string' ? spec['name'] : '';
    for (const line of out) problems.push({ message: `Invalid schema for response_format '${name}': ${line}`, param: 'response_format' });
  }
  return problems;
}

export function checkChatRequest(body: unknown): RequestProblem[] {
  if (!isObject(body)) return [{ message: 'We could not parse the JSON body of your request.', param: null }];
  const problems = [...checkModel(body), ...unknownParams(body, CHAT_PARAMS), ...checkMessages(body['messages'])];
  const temperature = body['temperature'];
  if (temperature !== undefined && (typeof temperature !== 'number' || temperature < 0 || temperature > 2)) {
    problems.push({ message: "Invalid 'temperature': expected a number from 0 to 2.", param: 'temperature' });
  }
  if (body['stream'] === true) problems.push({ message: 'the openai double does not stream', param: 'stream' });
  problems.push(...checkTools(body['tools']));
  if (body['tool_choice'] !== undefined && body['tools'] === undefined) problems.push({ message: "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.", param: 'tool_choice' });
  problems.push(...checkResponseFormat(body['response_format'], body['messages']));
  return problems;
}

export function checkEmbeddingsRequest(body: unknown): RequestProblem[] {
  if (!isObject(body)) return [{ message: 'We could not parse the JSON body of your request.', param: null }];
  const problems = [...checkModel(body), ...unknownParams(body, EMBEDDING_PARAMS)];
  const input = body['input'];
  const texts = typeof input === 'string' ? [input] : Array.isArray(input) ? input : undefined;
  if (input === undefined) problems.push({ message: "Missing required parameter: 'input'.", param: 'input' });
  else if (!texts || texts.length === 0 || texts.length > 2048 || !texts.every((t) => typeof t === 'string')) {
    problems.push({ message: "Invalid 'input': expected a string or an array of 1 to 2048 strings.", param: 'input' });
  } else if (texts.some((t) => t === '')) {
    problems.push({ message: "'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference.", param: 'input' });
  }
  const format = body['encoding_format'];
  if (format !== undefined && format !== 'float' && format !== 'base64') problems.push({ message: "Invalid value for 'encoding_format'.", param: 'encoding_format' });
  const dimensions = body['dimensions'];
  if (dimensions !== undefined && (typeof dimensions !== 'number' || !Number.isInteger(dimensions) || dimensions < 1)) {
    problems.push({ message: "Invalid 'dimensions': expected a positive integer.", param: 'dimensions' });
  }
  return problems;
}
