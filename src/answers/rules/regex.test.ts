import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compilePattern, firstMatch, translateJsEscapes } from './regex.ts';

function problem(pattern: string, flags?: string): string {
  const compiled = compilePattern(pattern, flags);
  return compiled.ok ? '' : compiled.problem;
}

describe('compilePattern', () => {
  it('compiles RE2 syntax with the i, m and s flags', () => {
    const ci = compilePattern('smartcontract', 'i');
    assert.ok(ci.ok && ci.regex.test('class A extends SmartContract'));
    const multiline = compilePattern('^import', 'm');
    assert.ok(multiline.ok && multiline.regex.test('// x\nimport a'));
    const plain = compilePattern('^import');
    assert.ok(plain.ok && !plain.regex.test('// x\nimport a'));
    const dotall = compilePattern('a.b', 's');
    assert.ok(dotall.ok && dotall.regex.test('a\nb'));
  });

  it('explains what RE2 syntax cannot do', () => {
    assert.match(problem('(a)\\1'), /backreferences/);
    assert.match(problem('(?<n>a)\\k<n>'), /named backreferences/);
    assert.match(problem('foo(?=bar)'), /lookahead/);
    assert.match(problem('foo(?!bar)'), /lookahead/);
    assert.match(problem('a++'), /possessive/);
    assert.match(problem('a{2000}'), /repeat counts/);
    assert.match(problem('(?<=(x))a'), /lookbehind may not contain a capture group/);
    assert.match(problem('['), /invalid pattern: missing closing \]/);
    assert.match(problem('a', 'g'), /flag 'g' is not supported/);
  });

  it('accepts capture-free lookbehind, named groups and JS \\u escapes', () => {
    assert.equal(problem('(?<=\\$)\\d+'), '');
    assert.equal(problem('(?<year>\\d{4})'), '');
    const e = compilePattern('caf\\u00e9', 'u');
    assert.ok(e.ok && e.regex.test('un café'));
    assert.equal(translateJsEscapes('\\\\u0041\\u{1F600}'), '\\\\u0041\\x{1F600}');
  });

  it('matches a catastrophic-backtracking pattern on 50 kB in well under a second', () => {
    const input = `${'a'.repeat(50_000)}!`;
    for (const pattern of ['(a+)+$', '^(a|a)*$', '(a|aa)+$', '(.*a){12}$', '^(\\w+\\s?)*$']) {
      const compiled = compilePattern(pattern);
      assert.ok(compiled.ok, pattern);
      const start = performance.now();
      assert.equal(compiled.regex.test(input), false);
      assert.ok(performance.now() - start < 500, `${pattern} took ${performance.now() - start} ms`);
    }
  });

  it('reports the first match, shortened', () => {
    const compiled = compilePattern('o1js|snarkyjs');
    assert.ok(compiled.ok);
    assert.equal(firstMatch(compiled.regex, 'use o1js now'), 'o1js');
    assert.equal(firstMatch(compiled.regex, 'nothing'), undefined);
    const long = compilePattern('x+');
    assert.ok(long.ok);
    assert.equal(firstMatch(long.regex, 'x'.repeat(200), 10), `${'x'.repeat(10)}…`);
  });
});
