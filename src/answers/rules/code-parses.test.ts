import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractCodeBlocks } from './code-blocks.ts';
import { codeParses } from './code-parses.ts';

const run = (text: string, languages?: string[]) => codeParses(extractCodeBlocks(text), languages, {});

describe('code_parses', () => {
  it('passes when every checked block parses', async () => {
    const result = await run("```ts\nimport { Field } from 'o1js';\nconst x = Field(1);\n```\n\n```py\nprint('ok')\n```");
    assert.equal(result.passed, true, result.message);
    assert.equal(result.message, '2 code block(s) parse');
  });

  it('names the block, language and line of each error', async () => {
    const text = "```ts\nconst ok = 1;\n```\n\n```python\nimport os\n\ndef f(:\n    pass\n```\n\n```go\nfunc main() {\n\tx := \n}\n```";
    const result = await run(text);
    assert.equal(result.passed, false);
    assert.match(result.message, /^block 2 \(python\), line 3: missing '\)'/);
    assert.match(result.message, /block 3 \(go\), line 2: /);
  });

  it('skips untagged blocks and languages without a parser, with a note', async () => {
    const result = await run('```\nnot code at all {{{\n```\n\n```solidity\ncontract A {\n```\n\n```sh\nnpm i o1js\n```');
    assert.equal(result.passed, true);
    assert.equal(result.message, 'no code block in a checked language; not checked: block 1 (untagged), block 2 (solidity: no parser), block 3 (shell: no parser)');
  });

  it('checks only the languages asked for', async () => {
    const result = await run('```rust\nfn main( {\n```\n\n```js\nlet a = 1;\n```', ['javascript']);
    assert.equal(result.passed, true);
    assert.match(result.message, /not checked: block 1 \(rust: not in languages\)/);
  });

  it('notes a block cut off without its closing fence', async () => {
    const result = await run('```js\nfunction f() {\n');
    assert.equal(result.passed, false);
    assert.match(result.message, /no closing fence: block 1/);
  });

  it('fails, not skips, when the parser files cannot be found', async () => {
    const result = await codeParses(extractCodeBlocks('```py\nx = 1\n```'), undefined, { grammarsDir: '/nonexistent/grammars' });
    assert.equal(result.passed, false);
    assert.match(result.message, /block 1 \(python\): cannot check: tree-sitter runtime not found/);
  });
});
