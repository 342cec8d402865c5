/**
 * compileIdSource refuses a bad source up front, with a message that says what to fix:
 * the point is that a config problem shows before any server is started.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compileIdSource, type IdSource } from './id-source.ts';

function refuses(source: unknown, message: RegExp): void {
  assert.throws(() => compileIdSource(source as IdSource), message);
}

describe('compileIdSource', () => {
  it('accepts each kind of source', () => {
    for (const source of [
      { from: 'json', path: '$.hits[*].chunk_id', cursor: '$.next_cursor' },
      { from: 'json', path: '$.results[?@.score > 0.5].filepath', in: 'text' },
      { from: 'json', path: '$.items[?length(@.tags) > 0].id', in: 'structured' },
      { from: 'resource_links' },
      { from: 'regex', pattern: String.raw`\]\((?<id>[^)#\s]+)`, flags: 'gi', cursor: 'cursor: (\\S+)' },
    ] satisfies IdSource[]) {
      assert.equal(compileIdSource(source).source, source);
    }
  });

  it('refuses invalid JSONPath with the column and a hint', () => {
    refuses({ from: 'json', path: '$.hits[' }, /id path '\$\.hits\[' is not valid JSONPath \(RFC 9535\) at column 8/);
    refuses({ from: 'json', path: 'hits[*].chunk_id' }, /a JSONPath starts with \$/);
    refuses({ from: 'json', path: '  ' }, /id path is empty/);
    refuses({ from: 'json', path: '$.hits[*].id', cursor: '$.next[' }, /cursor path '\$\.next\['/);
  });

  it('refuses unknown functions, which the library would silently match nothing with', () => {
    refuses({ from: 'json', path: '$.hits[?starts_with(@.id, "a")].id' }, /unknown function starts_with\(\)/);
  });

  it('refuses match() and search(), which run on a backtracking RegExp', () => {
    refuses({ from: 'json', path: "$.hits[?match(@.id, 'guides/.*')].id" }, /match\(\) is not supported.*regex id source/);
    refuses({ from: 'json', path: "$.hits[?!search(@.id, 'x')].id" }, /search\(\) is not supported/);
  });

  it('refuses a bad `in` or non-string paths (config files are untyped)', () => {
    refuses({ from: 'json', path: '$.a', in: 'both' }, /in must be auto, text or structured/);
    refuses({ from: 'json', path: 42 }, /path must be a JSONPath string/);
  });

  it('refuses regexes RE2 cannot run, and unknown flags', () => {
    refuses({ from: 'regex', pattern: String.raw`(\w+)\1` }, /id pattern .* is not valid RE2 syntax/);
    refuses({ from: 'regex', pattern: '(?=x)y' }, /not valid RE2 syntax/);
    refuses({ from: 'regex', pattern: '(a' }, /not valid RE2 syntax/);
    refuses({ from: 'regex', pattern: '(a)', flags: 'y' }, /flag 'y' is not supported/);
    refuses({ from: 'regex', pattern: '' }, /id pattern is empty/);
    refuses({ from: 'regex', pattern: '(a)', cursor: '(b' }, /cursor pattern/);
  });

  it('refuses an unknown source kind', () => {
    refuses({ from: 'xpath', path: '//id' }, /unknown id source "xpath" \(use json, resource_links or regex\)/);
  });
});
