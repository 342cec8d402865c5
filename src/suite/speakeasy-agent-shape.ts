/**
 * How a speakeasy agent scenario file is told from the other formats (classify-file.ts),
 * without loading its importer: scenarios with a prompt, keyed by id (keys starting with
 * `_` are not scenarios) or listed, and neither `cases` nor `tests` at the top.
 */
import { isRecord } from '../shared/plain-data.ts';

export function isSpeakeasyAgent(data: unknown): boolean {
  const scenarios = Array.isArray(data) ? data : isRecord(data) && !('cases' in data) && !('tests' in data) ? Object.entries(data).filter(([key]) => !key.startsWith('_')).map(([, v]) => v) : [];
  return scenarios.length > 0 && scenarios.every((s) => isRecord(s) && typeof s['prompt'] === 'string');
}
