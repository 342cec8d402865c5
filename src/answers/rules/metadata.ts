/**
 * Response metadata: confidence and source counts a server reports beside its answer,
 * either in MCP structuredContent or (seed 000's server) appended to the text as
 *
 *   <response_metadata>
 *   ```json
 *   { "confidence": 72, "sourcesUsed": 4 }
 *   ```
 *   </response_metadata>
 *
 * with or without the fence. The value is parsed as JSON, never grepped out of the text,
 * and a missing value is reported as missing, not read as 0.
 */
import { extractCodeBlocks } from './code-blocks.ts';
import type { AnswerInput } from '../../model/answer-rules.ts';
import { isRecord } from '../../shared/plain-data.ts';

const OPEN_TAG = '<response_metadata>';
const CLOSE_TAG = '</response_metadata>';

/** The answer without its metadata blocks (an unclosed block runs to the end): what a reader reads. */
export function stripResponseMetadata(text: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const open = text.indexOf(OPEN_TAG, from);
    if (open < 0) return out + text.slice(from);
    out += text.slice(from, open);
    const close = text.indexOf(CLOSE_TAG, open + OPEN_TAG.length);
    if (close < 0) return out;
    from = close + CLOSE_TAG.length;
  }
}

type Parsed = { data: unknown } | { error: string };

/** The last metadata block of the text, parsed; undefined when the text has none. */
export function readTextMetadata(text: string): Parsed | undefined {
  const open = text.lastIndexOf(OPEN_TAG);
  if (open < 0) return undefined;
  const close = text.indexOf(CLOSE_TAG, open);
  let inner = text.slice(open + OPEN_TAG.length, close < 0 ? undefined : close).trim();
  if (inner.startsWith('```') || inner.startsWith('~~~')) inner = extractCodeBlocks(inner)[0]?.code ?? '';
  try {
    return { data: JSON.parse(inner) as unknown };
  } catch (error) {
    return { error: `<response_metadata> is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

export type Metric = 'confidence' | 'sources';

export type MetricReading =
  | { ok: true; value: number; source: 'structuredContent' | 'response_metadata'; field: string }
  | { ok: false; message: string };

/**
 * Reads one metric. structuredContent is looked at first (it is MCP's channel for data),
 * then the text's metadata block; each may nest the fields under `metadata`.
 */
export function readMetric(answer: AnswerInput, metric: Metric): MetricReading {
  const sources: { name: 'structuredContent' | 'response_metadata'; data: unknown }[] = [];
  const problems: string[] = [];
  if (isRecord(answer.structured)) sources.push({ name: 'structuredContent', data: answer.structured });
  const text = readTextMetadata(answer.text);
  if (text && 'data' in text) sources.push({ name: 'response_metadata', data: text.data });
  else if (text) problems.push(text.error);
  for (const source of sources) {
    for (const holder of [source.data, isRecord(source.data) ? source.data['metadata'] : undefined]) {
      const found = isRecord(holder) ? pick(holder, metric) : undefined;
      if (found) return { ok: true, value: found.value, source: source.name, field: found.field };
    }
  }
  if (sources.length === 0 && problems.length === 0) return { ok: false, message: 'no response metadata' };
  const where = sources.map((s) => s.name).join(' or ');
  const missing = where ? [`response metadata has no ${metric === 'confidence' ? 'confidence' : 'sourcesUsed or sources'} (looked in ${where})`] : [];
  return { ok: false, message: [...problems, ...missing].join('; ') };
}

function pick(data: Record<string, unknown>, metric: Metric): { value: number; field: string } | undefined {
  if (metric === 'confidence') {
    const value = toNumber(data['confidence']);
    return value === undefined ? undefined : { value, field: 'confidence' };
  }
  const used = toNumber(data['sourcesUsed']);
  if (used !== undefined) return { value: used, field: 'sourcesUsed' };
  const list = data['sources'];
  if (Array.isArray(list)) return { value: list.length, field: 'sources' };
  const count = toNumber(list);
  return count === undefined ? undefined : { value: count, field: 'sources' };
}

/** A finite number, or a string holding exactly one ("72"); anything else is no value. */
function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

