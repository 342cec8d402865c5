import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readMetric, stripResponseMetadata } from './metadata.ts';

const fenced = 'Answer.\n<response_metadata>\n```json\n{ "confidence": 72, "sourcesUsed": 4 }\n```\n</response_metadata>';
const bare = 'Answer.\n<response_metadata>{"confidence": "55", "sources": ["a", "b"]}</response_metadata>\n';

describe('response metadata', () => {
  it('reads the block with the ```json fence (seed 000 shape)', () => {
    assert.deepEqual(readMetric({ text: fenced }, 'confidence'), { ok: true, value: 72, source: 'response_metadata', field: 'confidence' });
    assert.deepEqual(readMetric({ text: fenced }, 'sources'), { ok: true, value: 4, source: 'response_metadata', field: 'sourcesUsed' });
  });

  it('reads the block without a fence, a numeric string, and a sources array', () => {
    assert.deepEqual(readMetric({ text: bare }, 'confidence'), { ok: true, value: 55, source: 'response_metadata', field: 'confidence' });
    assert.deepEqual(readMetric({ text: bare }, 'sources'), { ok: true, value: 2, source: 'response_metadata', field: 'sources' });
  });

  it('prefers structuredContent, nested metadata included', () => {
    const answer = { text: fenced, structured: { metadata: { confidence: 90, sourcesUsed: 1 } } };
    assert.deepEqual(readMetric(answer, 'confidence'), { ok: true, value: 90, source: 'structuredContent', field: 'confidence' });
  });

  it('falls back to the text block when structuredContent lacks the field', () => {
    const answer = { text: fenced, structured: { answer: 'x' } };
    assert.deepEqual(readMetric(answer, 'sources'), { ok: true, value: 4, source: 'response_metadata', field: 'sourcesUsed' });
  });

  it('says "no response metadata" when there is none, not a 0', () => {
    assert.deepEqual(readMetric({ text: 'Confidence: 99 "confidence": 99' }, 'confidence'), { ok: false, message: 'no response metadata' });
  });

  it('names a missing field and invalid JSON', () => {
    const missing = readMetric({ text: '<response_metadata>{"x":1}</response_metadata>' }, 'confidence');
    assert.equal(missing.ok, false);
    assert.match(!missing.ok ? missing.message : '', /has no confidence \(looked in response_metadata\)/);
    const broken = readMetric({ text: '<response_metadata>{confidence: 1}</response_metadata>' }, 'confidence');
    assert.match(!broken.ok ? broken.message : '', /not valid JSON/);
  });

  it('strips every metadata block, and an unclosed one to the end', () => {
    assert.equal(stripResponseMetadata(fenced).trim(), 'Answer.');
    assert.equal(stripResponseMetadata('a<response_metadata>{}</response_metadata>b<response_metadata>{"x"'), 'ab');
  });
});
