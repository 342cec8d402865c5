/**
 * Reading the two response bodies defensively: "OpenAI-compatible" servers differ in what
 * they omit (usage, ids), so only what the evaluators rely on is required; anything else
 * missing becomes a clear message instead of a TypeError deep in an evaluator.
 */

export interface Usage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /** prompt_tokens_details.cached_tokens: prompt tokens the provider served from its prompt cache (billed lower). */
  cachedTokens?: number;
}

export interface ChatCompletion {
  id: string;
  model: string;
  /** The first choice's text; null when the model refused or produced none. */
  content: string | null;
  refusal: string | null;
  /** 'stop', 'length' (truncated), 'content_filter', … */
  finishReason: string;
  /** Absent when the server does not report usage. */
  usage?: Usage;
}

export interface Embeddings {
  model: string;
  /** In input order (sorted by the API's `index`). */
  vectors: number[][];
  usage?: Usage;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function readUsage(value: unknown): Usage | undefined {
  if (!isObject(value)) return undefined;
  const promptTokens = count(value['prompt_tokens']);
  const completionTokens = count(value['completion_tokens']);
  const details = value['prompt_tokens_details'];
  const cachedTokens = isObject(details) ? count(details['cached_tokens']) : 0;
  return { promptTokens, completionTokens, totalTokens: count(value['total_tokens']) || promptTokens + completionTokens, ...(cachedTokens > 0 ? { cachedTokens } : {}) };
}

/** The completion, or a message saying what is wrong with the body. */
export function parseChatCompletion(body: unknown): ChatCompletion | string {
  if (!isObject(body)) return 'the body is not an object';
  const choices = body['choices'];
  if (!Array.isArray(choices) || choices.length === 0) return 'no choices';
  const choice: unknown = choices[0];
  if (!isObject(choice) || !isObject(choice['message'])) return 'choices[0].message is missing';
  const message = choice['message'];
  const content = message['content'];
  if (content !== null && content !== undefined && typeof content !== 'string') return 'choices[0].message.content is not a string';
  const refusal = message['refusal'];
  const usage = readUsage(body['usage']);
  return {
    id: typeof body['id'] === 'string' ? body['id'] : '',
    model: typeof body['model'] === 'string' ? body['model'] : '',
    content: typeof content === 'string' ? content : null,
    refusal: typeof refusal === 'string' ? refusal : null,
    finishReason: typeof choice['finish_reason'] === 'string' ? choice['finish_reason'] : 'unknown',
    ...(usage === undefined ? {} : { usage }),
  };
}

/** The vectors in input order, or a message saying what is wrong with the body. */
export function parseEmbeddings(body: unknown, expected: number): Embeddings | string {
  if (!isObject(body) || !Array.isArray(body['data'])) return 'no data array';
  const vectors: (number[] | undefined)[] = new Array<number[] | undefined>(expected);
  for (const [position, item] of (body['data'] as unknown[]).entries()) {
    if (!isObject(item)) return `data[${position}] is not an object`;
    const embedding = item['embedding'];
    if (!Array.isArray(embedding) || !embedding.every((x) => typeof x === 'number' && Number.isFinite(x))) {
      return `data[${position}].embedding is not an array of numbers (encoding_format float)`;
    }
    const index = typeof item['index'] === 'number' ? item['index'] : position;
    if (!Number.isInteger(index) || index < 0 || index >= expected) return `data[${position}].index ${index} is out of range`;
    vectors[index] = embedding as number[];
  }
  const missing = vectors.findIndex((v) => v === undefined);
  if (missing !== -1 || vectors.length !== expected) return `no embedding for input ${missing}`;
  const dims = new Set(vectors.map((v) => v?.length));
  if (dims.size !== 1) return 'the embeddings have different lengths';
  const usage = readUsage(body['usage']);
  return {
    model: typeof body['model'] === 'string' ? body['model'] : '',
    vectors: vectors as number[][],
    ...(usage === undefined ? {} : { usage }),
  };
}
