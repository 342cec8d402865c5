import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { querySlot } from './query-slot.ts';

const str = { type: 'string' };
const num = { type: 'number' };

describe('querySlot: where a search takes its query', () => {
  it('a string argument, with the limit and cursor beside it', () => {
    const slot = querySlot({ type: 'object', properties: { q: str, top_k: num, page_token: str }, required: ['q'] });
    assert.deepEqual(slot, { arguments: { q: '{query}', top_k: '{limit}', page_token: '{cursor}' }, where: 'q (string)', queryArg: 'q', limitArg: 'top_k', cursorArg: 'page_token' });
  });

  it('an array of keywords takes the query\'s words; another array of strings the query as one item', () => {
    const keywords = querySlot({ type: 'object', properties: { queryKeywords: { type: 'array', items: str }, maxResults: num }, required: ['queryKeywords'] });
    assert.deepEqual(keywords?.arguments, { queryKeywords: '{words}', maxResults: '{limit}' });
    assert.equal(keywords?.where, "queryKeywords (array of strings: the query's words)");
    assert.deepEqual(querySlot({ type: 'object', properties: { queries: { type: 'array', items: str } } })?.arguments, { queries: ['{query}'] });
  });

  it('a field of a nested object, and of the objects of an array, with required siblings filled from enum or default', () => {
    const nested = querySlot({ type: 'object', properties: { options: { type: 'object', properties: { text: str, fuzzy: { type: 'boolean', default: true } }, required: ['text', 'fuzzy'] } } });
    assert.deepEqual(nested?.arguments, { options: { fuzzy: true, text: '{query}' } });
    assert.equal(nested?.where, 'options.text (string, inside an object)');
    const qmdLike = querySlot({
      type: 'object',
      properties: {
        searches: { type: 'array', items: { type: 'object', properties: { type: { type: 'string', enum: ['lex', 'vec'] }, query: str }, required: ['type', 'query'] } },
        limit: num,
      },
    });
    assert.deepEqual(qmdLike?.arguments, { searches: [{ type: 'lex', query: '{query}' }], limit: '{limit}' });
    assert.equal(qmdLike?.where, 'searches[0].query (string, inside an array of objects)');
  });

  it('prefers a query-like name over other strings, and has no slot without a string anywhere', () => {
    assert.equal(querySlot({ type: 'object', properties: { language: str, question: str } })?.queryArg, 'question');
    assert.equal(querySlot({ type: 'object', properties: { mode: { type: 'string', enum: ['a'] }, n: num } }), undefined);
    assert.equal(querySlot(undefined), undefined);
  });
});
