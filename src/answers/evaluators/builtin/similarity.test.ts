import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diceCoefficient, jaroWinkler, levenshteinSimilarity } from './similarity.ts';

const close = (actual: number, expected: number, digits = 4): void => {
  assert.equal(Number(actual.toFixed(digits)), expected, `${actual} ≉ ${expected}`);
};

describe('diceCoefficient', () => {
  it('matches the textbook values', () => {
    close(diceCoefficient('night', 'nacht'), 0.25);
    close(diceCoefficient('context', 'contact'), 0.5);
    assert.equal(diceCoefficient('same', 'same'), 1);
    assert.equal(diceCoefficient('abc', 'xyz'), 0);
  });

  it('counts repeated bigrams as a multiset', () => {
    // aa,aa vs aa: one shared pair out of three.
    close(diceCoefficient('aaa', 'aa'), 0.6667);
  });

  it('is case-sensitive (callers fold case when asked) and handles short strings', () => {
    close(diceCoefficient('Night', 'night'), 0.75);
    assert.equal(diceCoefficient('a', 'b'), 0);
    assert.equal(diceCoefficient('', ''), 1);
    assert.equal(diceCoefficient('', 'ab'), 0);
  });
});

describe('jaroWinkler', () => {
  it('matches the textbook values', () => {
    close(jaroWinkler('MARTHA', 'MARHTA'), 0.9611);
    close(jaroWinkler('DWAYNE', 'DUANE'), 0.84);
    close(jaroWinkler('DIXON', 'DICKSONX'), 0.8133);
  });

  it('caps the common-prefix bonus at four characters', () => {
    // jaro = (4/6 + 4/6 + 1) / 3 = 0.7778; + 4 × 0.1 × 0.2222 = 0.8667.
    close(jaroWinkler('abcdef', 'abcdxy'), 0.8667);
  });

  it('handles empty and disjoint strings', () => {
    assert.equal(jaroWinkler('', ''), 1);
    assert.equal(jaroWinkler('abc', ''), 0);
    assert.equal(jaroWinkler('abc', 'xyz'), 0);
    assert.equal(jaroWinkler('same', 'same'), 1);
  });
});

describe('levenshteinSimilarity', () => {
  it('is 1 − distance / longer length', () => {
    close(levenshteinSimilarity('kitten', 'sitting'), 0.5714); // 3 edits over 7
    assert.equal(levenshteinSimilarity('', ''), 1);
    assert.equal(levenshteinSimilarity('abc', ''), 0);
    assert.equal(levenshteinSimilarity('flaw', 'flaw'), 1);
  });
});
