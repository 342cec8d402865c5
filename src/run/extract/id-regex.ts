/**
 * Regular expressions over a tool result's text, for servers that return ids only inside
 * prose or a markdown list. Matched by re2js (loaded lazily through the loader that
 * matches_regex uses): linear time whatever the pattern, so a server's text cannot hang a
 * run. RE2 syntax: no backreferences and no lookahead. The id is the named group of the
 * given name (`id`, `cursor`) when the pattern has one, else group 1, else the whole match.
 */
import type { RE2JS } from 're2js';
import { re2 } from '../../answers/rules/load-re2.ts';
import { translateJsEscapes } from '../../answers/rules/regex.ts';

export interface IdRegex {
  /** Every match's id, in text order (groups that did not take part are skipped). */
  all(text: string): string[];
  /** The first match's id, or undefined. */
  first(text: string): string | undefined;
}

function flagBits(flags: string, what: string): number {
  const { RE2JS: R } = re2();
  // `g` and `u` are accepted so JS-style flags pass: every match is always taken, by code point.
  const bits: Record<string, number> = { i: R.CASE_INSENSITIVE, m: R.MULTILINE, s: R.DOTALL, g: 0, u: 0 };
  let out = 0;
  for (const flag of flags) {
    const bit = bits[flag];
    if (bit === undefined) throw new Error(`${what}: flag '${flag}' is not supported (use i, m, s)`);
    out |= bit;
  }
  return out;
}

/** Compiles `pattern`; throws an Error naming `what` (e.g. "id pattern") and the problem. */
export function compileIdRegex(pattern: string, flags: string, what: string, groupName: string): IdRegex {
  if (pattern === '') throw new Error(`${what} is empty`);
  const bits = flagBits(flags, what);
  let regex: RE2JS;
  try {
    regex = re2().RE2JS.compile(translateJsEscapes(pattern), bits);
  } catch (error) {
    const detail = (error instanceof Error ? error.message : String(error)).replace(/^error parsing regexp: /, '');
    throw new Error(`${what} /${pattern}/ is not valid RE2 syntax (no backreferences or lookahead; linear-time matching): ${detail}`, { cause: error });
  }
  const named = regex.namedGroups()[groupName];
  const group: number | string = named !== undefined ? groupName : regex.groupCount() >= 1 ? 1 : 0;
  const each = (text: string, take: (id: string) => boolean): void => {
    const matcher = regex.matcher(text);
    while (matcher.find()) {
      const id = matcher.group(group);
      if (typeof id === 'string' && id !== '' && !take(id)) return;
    }
  };
  return {
    all(text) {
      const ids: string[] = [];
      each(text, (id) => ids.push(id) > 0);
      return ids;
    },
    first(text) {
      let found: string | undefined;
      each(text, (id) => {
        found = id;
        return false;
      });
      return found;
    },
  };
}
