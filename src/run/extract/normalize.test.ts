/**
 * Id normalisation: each rule alone, their order, and the point of it all — judged ids and
 * server ids written differently meet in one spelling whichever side carries the extras.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeId, normalizeIds, type Normalize } from './normalize.ts';

describe('normalizeId', () => {
  it('changes nothing without rules', () => {
    assert.equal(normalizeId('Guides/Auth.md#Tokens', {}), 'Guides/Auth.md#Tokens');
  });

  it('drops the fragment', () => {
    assert.equal(normalizeId('guides/auth.md#tokens', { dropFragment: true }), 'guides/auth.md');
    assert.equal(normalizeId('guides/auth.md', { dropFragment: true }), 'guides/auth.md');
    assert.equal(normalizeId('a.md#x#y', { dropFragment: true }), 'a.md');
  });

  it('strips the first listed prefix that matches, once', () => {
    const n: Normalize = { stripPrefix: ['https://example.com/docs/', 'docs://', 'docs:'] };
    assert.equal(normalizeId('docs://guides/auth.md', n), 'guides/auth.md');
    assert.equal(normalizeId('https://example.com/docs/guides/auth.md', n), 'guides/auth.md');
    assert.equal(normalizeId('docs://docs://x', n), 'docs://x');
    assert.equal(normalizeId('guides/auth.md', n), 'guides/auth.md');
  });

  it('strips a suffix after the fragment is gone', () => {
    const n: Normalize = { dropFragment: true, stripSuffix: ['.mdx', '.md'] };
    assert.equal(normalizeId('guides/auth.md#tokens', n), 'guides/auth');
    assert.equal(normalizeId('guides/auth.mdx', n), 'guides/auth');
    assert.equal(normalizeId('guides/auth', n), 'guides/auth');
  });

  it('lowercases the id and compares prefixes and suffixes case-insensitively', () => {
    const n: Normalize = { lowercase: true, stripPrefix: ['Docs://'], stripSuffix: ['.MD'] };
    assert.equal(normalizeId('DOCS://Guides/Auth.md', n), 'guides/auth');
  });

  it('ignores empty prefixes and suffixes', () => {
    assert.equal(normalizeId('a.md', { stripPrefix: [''], stripSuffix: [''] }), 'a.md');
  });

  it('makes judged and returned ids meet in both directions', () => {
    const n: Normalize = { stripPrefix: ['docs://'], dropFragment: true };
    // Judged as a file, returned as chunks.
    assert.equal(normalizeId('guides/auth.md', n), normalizeId('guides/auth.md#tokens', n));
    // Judged as a chunk, returned as a resource uri of the page.
    assert.equal(normalizeId('guides/auth.md#tokens', n), normalizeId('docs://guides/auth.md', n));
  });
});

describe('normalizeIds', () => {
  it('keeps the first position of ids that normalise alike and drops empty ones', () => {
    const ids = ['a.md#1', 'b.md#1', 'a.md#2', '#top', 'c.md', 'b.md'];
    assert.deepEqual(normalizeIds(ids, { dropFragment: true }), ['a.md', 'b.md', 'c.md']);
  });

  it('only de-duplicates without rules', () => {
    assert.deepEqual(normalizeIds(['x', 'y', 'x', ''], undefined), ['x', 'y']);
  });
});
