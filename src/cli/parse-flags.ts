/** node:util parseArgs for every CLI command, its complaints turned into usage errors (exit 2), and the JSON-valued flags. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '../shared/run-errors.ts';

export function parseFlags<const O extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: O, allowPositionals: boolean) {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/** A flag whose value is a JSON object (tool arguments, templates allowed); anything else is a usage error showing `example`. */
export function jsonObjectFlag(text: string | undefined, flag: string, example: string): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // said below
  }
  throw new UsageError(`${flag} must be a JSON object, e.g. '${example}'; got ${text}`);
}
