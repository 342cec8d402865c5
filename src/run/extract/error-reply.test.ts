/** Which tool results are the server's error replies: isError, and a top-level error member (or the configured path). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileErrorReply, defaultErrorReply } from './error-reply.ts';

const text = (t: string, extra: Record<string, unknown> = {}) => ({ content: [{ type: 'text', text: t }], ...extra });

describe('error replies', () => {
  it('isError is always an error reply, with the text', () => {
    assert.equal(defaultErrorReply(text('index not loaded', { isError: true })), '"index not loaded"');
  });

  it('a top-level error member in JSON text or structuredContent is one (the default)', () => {
    assert.equal(defaultErrorReply(text('{"error": "index not found"}')), '"index not found"');
    assert.equal(defaultErrorReply(text('  {"error": {"code": 42, "message": "bad query"}}')), '"bad query"');
    assert.equal(defaultErrorReply({ content: [], structuredContent: { error: 'quota exceeded' } }), '"quota exceeded"');
    assert.equal(defaultErrorReply(text('{"error": true}')), '"true"');
  });

  it('an empty, null or false error member is not one, nor is a result without it', () => {
    for (const t of ['{"error": null, "hits": []}', '{"error": "", "hits": []}', '{"error": false}', '{"hits": [{"chunk_id": "a"}]}', '# Answer\n\n{"error": "x"}', 'not json {']) {
      assert.equal(defaultErrorReply(text(t)), undefined, t);
    }
  });

  it('a configured JSONPath is used instead; null keeps only isError', async () => {
    const nested = await compileErrorReply('$.status.error');
    assert.equal(nested(text('{"status": {"error": "down"}, "hits": []}')), '"down"');
    assert.equal(nested(text('{"error": "top level is not the path"}')), undefined);
    const off = await compileErrorReply(null);
    assert.equal(off(text('{"error": "x"}')), undefined);
    assert.equal(off(text('x', { isError: true })), '"x"');
    await assert.rejects(compileErrorReply('$.['), /errorPath '\$\.\[' is not valid JSONPath/);
  });
});
