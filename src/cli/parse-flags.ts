/** node:util parseArgs for every CLI command, its complaints turned into usage errors (exit 2). */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '../shared/run-errors.ts';

export function parseFlags<const O extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: O, allowPositionals: boolean) {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}
