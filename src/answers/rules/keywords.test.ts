import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findKeyword } from './keywords.ts';

describe('findKeyword', () => {
  it('matches whole words, case-insensitively', () => {
    assert.equal(findKeyword('A zero-knowledge Proof.', 'proof'), 'Proof');
    assert.equal(findKeyword('Please proofread it', 'proof'), undefined);
    assert.equal(findKeyword('the proof_size field', 'proof'), undefined);
  });

  it('accepts a plural or possessive ending', () => {
    assert.equal(findKeyword('Build zkApps on Mina', 'zkapp'), 'zkApps');
    assert.equal(findKeyword("the proof's size", 'proof'), "proof's");
    assert.equal(findKeyword('two boxes', 'box'), 'boxes');
  });

  it('does not fire a forbidden name inside another word', () => {
    assert.equal(findKeyword('the nomination process', 'mina'), undefined);
    assert.equal(findKeyword('an anchored list', 'anchor'), undefined);
    assert.equal(findKeyword('Solana, not Mina.', 'mina'), 'Mina');
  });

  it('lets spaces and hyphens in a keyword match any such run', () => {
    assert.equal(findKeyword('your private key', 'private key'), 'private key');
    assert.equal(findKeyword('your Private\n  Key', 'private key'), 'Private\n  Key');
    assert.equal(findKeyword('a private-key file', 'private key'), 'private-key');
    assert.equal(findKeyword('zero knowledge proofs', 'zero-knowledge'), 'zero knowledge');
    assert.equal(findKeyword('privatekey', 'private key'), undefined);
  });

  it('puts no boundary on a punctuation edge and escapes regex characters', () => {
    assert.equal(findKeyword('class A { @state(Field) x }', '@state'), '@state');
    assert.equal(findKeyword('call Mina.setActiveInstance(net)', 'mina.setactiveinstance'), 'Mina.setActiveInstance');
    assert.equal(findKeyword('a+b', 'a+b'), 'a+b');
    assert.equal(findKeyword('anything', '  '), undefined);
  });
});
