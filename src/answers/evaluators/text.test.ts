import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkFieldPath, fieldText, readField } from './fields.ts';
import { countTerm, foldWhitespace } from './text.ts';

describe('countTerm', () => {
  const loose = { caseSensitive: false, wholeWord: false };
  const words = { caseSensitive: false, wholeWord: true };

  it('matches substrings, case-insensitively by default', () => {
    assert.equal(countTerm('Tokens and TOKEN', 'token', loose), 2);
    assert.equal(countTerm('Tokens and TOKEN', 'token', { caseSensitive: true, wholeWord: false }), 0);
  });

  it('whole words respect Unicode letters, not just ASCII', () => {
    assert.equal(countTerm('tokens token', 'token', words), 1);
    assert.equal(countTerm('un café, cafés', 'café', words), 1);
    assert.equal(countTerm('ключ ключи', 'ключ', words), 1);
    assert.equal(countTerm('ÉCOLE école', 'école', words), 2);
  });

  it('terms with punctuation and regex characters match literally', () => {
    assert.equal(countTerm('Use C++ or C#.', 'C++', words), 1);
    assert.equal(countTerm('a.b axb', 'a.b', loose), 1);
    assert.equal(countTerm('import from node:test', 'node:test', words), 1);
    assert.equal(countTerm('x-y', 'x-y', words), 1);
  });

  it('an empty term never matches', () => {
    assert.equal(countTerm('anything', '', loose), 0);
  });
});

describe('foldWhitespace', () => {
  it('folds runs of any whitespace and trims', () => {
    assert.equal(foldWhitespace('  a\n\t b\u00a0 c '), 'a b c');
  });
});

describe('fields', () => {
  const input = { response: 'r', criteria: [], context: { expect: { keywords: ['a', 'b'] } }, groundTruth: 'g' };

  it('reads dotted paths and array indexes', () => {
    assert.deepEqual(readField(input, 'context.expect.keywords'), ['a', 'b']);
    assert.equal(readField(input, 'context.expect.keywords.1'), 'b');
    assert.equal(readField(input, 'context.missing.deep'), undefined);
  });

  it('rejects paths outside the input', () => {
    assert.doesNotThrow(() => checkFieldPath('groundTruth', 'referenceField'));
    assert.throws(() => checkFieldPath('answer', 'sourceField'), /option sourceField: 'answer' is not a field/);
    assert.throws(() => checkFieldPath('context..x', 'sourceField'), /not a field/);
  });

  it('turns values into comparable text', () => {
    assert.equal(fieldText('x'), 'x');
    assert.equal(fieldText(['a', 'b']), 'a\nb');
    assert.equal(fieldText({ a: 1 }), '{"a":1}');
    assert.equal(fieldText(null), undefined);
  });
});
