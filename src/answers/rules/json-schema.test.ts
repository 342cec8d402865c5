import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractCodeBlocks } from './code-blocks.ts';
import { jsonSchemaRule, schemaProblem } from './json-schema.ts';

const schema = {
  type: 'object',
  required: ['answer', 'sources'],
  properties: { answer: { type: 'string' }, sources: { type: 'array', items: { type: 'string', pattern: '^https://' } } },
  additionalProperties: false,
};

function run(text: string, structured?: unknown) {
  return jsonSchemaRule(schema, text, structured, extractCodeBlocks(text));
}

describe('json_schema', () => {
  it('validates structuredContent first', () => {
    const result = run('not json', { answer: 'x', sources: ['https://a'] });
    assert.equal(result.passed, true);
    assert.match(result.message, /structuredContent matches/);
  });

  it('falls back to the text as JSON, then to the first ```json block', () => {
    assert.equal(run('{"answer": "x", "sources": []}').passed, true);
    const inBlock = run('Here:\n```json\n{"answer": "x", "sources": []}\n```');
    assert.equal(inBlock.passed, true);
    assert.match(inBlock.message, /block 1 matches/);
  });

  it('names the path of each error', () => {
    const result = run('', { answer: 1, sources: ['http://x'], extra: true });
    assert.equal(result.passed, false);
    assert.match(result.message, /\/answer: must be string/);
    assert.match(result.message, /\/sources\/0: must match pattern/);
    assert.match(result.message, /\/: must NOT have additional properties 'extra'/);
  });

  it('fails clearly when there is no JSON to validate', () => {
    assert.match(run('plain prose').message, /not JSON and has no ```json block/);
    assert.match(run('```json\n{oops}\n```').message, /block 1 \(json\) is not valid JSON/);
  });

  it('reports an invalid schema at load time', () => {
    assert.match(schemaProblem({ type: 'object', requird: ['x'] }) ?? '', /unknown keyword: "requird"/);
    assert.match(schemaProblem({ type: 'string', pattern: '(a)\\1' }) ?? '', /backreferences/);
    assert.equal(schemaProblem(schema), undefined);
  });
});
