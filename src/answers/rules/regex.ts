/**
 * matches_regex patterns, matched by re2js (a pure-JS port of RE2): time is linear in the
 * answer's length whatever the pattern, so `(a+)+$` against "aaaa…!" cannot hang a run the
 * way a backtracking RegExp does. The price is RE2's syntax: no backreferences, no
 * lookahead, no possessive quantifiers, repeat counts up to 1000. Lookbehind without
 * capture groups is accepted (re2js's linear-time LOOKBEHINDS mode). Patterns are checked
 * when the dataset loads (checkRuleSpecs), so an unsupported one is reported up front.
 */
import type { RE2JS } from 're2js';
import { re2 } from './load-re2.ts';

export type CompiledPattern = { ok: true; regex: RE2JS } | { ok: false; problem: string };

function flagBit(flag: string): number | undefined {
  const { RE2JS: R } = re2();
  const bits: Record<string, number> = {
    i: R.CASE_INSENSITIVE,
    m: R.MULTILINE,
    s: R.DOTALL,
    // RE2 always matches by code point; accepting `u` lets JS-style flags pass unchanged.
    u: 0,
  };
  return bits[flag];
}

const cache = new Map<string, CompiledPattern>();

export function compilePattern(pattern: string, flags = ''): CompiledPattern {
  const key = `${flags}/${pattern}`;
  let compiled = cache.get(key);
  if (!compiled) {
    compiled = compile(pattern, flags);
    cache.set(key, compiled);
  }
  return compiled;
}

function compile(pattern: string, flags: string): CompiledPattern {
  const { RE2JS: R } = re2();
  let bits = R.LOOKBEHINDS;
  for (const flag of flags) {
    const bit = flagBit(flag);
    if (bit === undefined) return { ok: false, problem: `flag '${flag}' is not supported (use i, m, s)` };
    bits |= bit;
  }
  try {
    return { ok: true, regex: R.compile(translateJsEscapes(pattern), bits) };
  } catch (error) {
    return { ok: false, problem: explain(error instanceof Error ? error.message : String(error)) };
  }
}

/**
 * JS's `\uXXXX` and `\u{X…}` escapes, which RE2 spells `\x{…}`; everything else is passed
 * through. Walks escape by escape so an escaped backslash (`\\u`) is left alone.
 */
export function translateJsEscapes(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern[i];
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const rest = pattern.slice(i + 1, i + 12);
    const braced = /^u\{([0-9a-fA-F]{1,6})\}/.exec(rest);
    const plain = braced ? undefined : /^u([0-9a-fA-F]{4})/.exec(rest);
    const hex = braced?.[1] ?? plain?.[1];
    if (hex !== undefined) {
      out += `\\x{${hex}}`;
      i += (braced ?? plain)?.[0].length ?? 0;
    } else {
      out += ch + (pattern[i + 1] ?? '');
      i += 1;
    }
  }
  return out;
}

/** RE2's parse error, said in terms of what the dataset author wrote and can change. */
function explain(message: string): string {
  const detail = message.replace(/^error parsing regexp: /, '');
  const why = 'matches_regex uses a linear-time engine (RE2 syntax) so no pattern can hang a run';
  if (/invalid escape sequence: `\\[1-9]/.test(detail)) return `backreferences (\\1…) are not supported: ${why}`;
  if (/invalid escape sequence: `\\k/.test(detail)) return `named backreferences (\\k<name>) are not supported: ${why}`;
  if (/`\(\?[=!]/.test(detail)) return `lookahead (?= …) and (?! …) is not supported: ${why}`;
  if (/invalid capture in lookbehind/.test(detail)) return `a lookbehind may not contain a capture group; write (?:…) inside it`;
  if (/invalid nested repetition operator: `[*+?}]\+/.test(detail)) return `possessive quantifiers (a++, a*+) are not supported: ${why}`;
  if (/invalid repeat count/.test(detail)) return `repeat counts above 1000 are not supported (${detail})`;
  return `invalid pattern: ${detail}`;
}

/** The first match, shortened for a report; undefined when the pattern does not match. */
export function firstMatch(regex: RE2JS, text: string, max = 80): string | undefined {
  if (!regex.test(text)) return undefined;
  const matcher = regex.matcher(text);
  if (!matcher.find()) return undefined;
  const match = matcher.group(0) ?? '';
  return match.length > max ? `${match.slice(0, max)}…` : match;
}
