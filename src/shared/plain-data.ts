/**
 * Reading untyped data (parsed YAML/JSON, tool results, event payloads) without casts
 * scattered everywhere: one definition of "a plain object" and two field readers.
 */

/** A non-null, non-array object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The list at `value[key]` (or `value` itself for key ''), [] when it is not one. */
export function listAt(value: unknown, key: string): unknown[] {
  const list = key === '' ? value : isRecord(value) ? value[key] : undefined;
  return Array.isArray(list) ? list : [];
}

/** The string at `value[key]`, or undefined. */
export function stringAt(value: unknown, key: string): string | undefined {
  const field = isRecord(value) ? value[key] : undefined;
  return typeof field === 'string' ? field : undefined;
}
