import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blankInlineCode, extractCodeBlocks, infoLanguage, proseOnly } from './code-blocks.ts';

describe('extractCodeBlocks', () => {
  it('reads backtick and tilde fences with their language and lines', () => {
    const text = 'Intro\n```ts\nconst a = 1;\n```\ntext\n~~~python\nx = 1\n~~~\n';
    const blocks = extractCodeBlocks(text);
    assert.deepEqual(
      blocks.map((b) => [b.index, b.language, b.code, b.line, b.endLine, b.closed]),
      [
        [1, 'typescript', 'const a = 1;', 2, 4, true],
        [2, 'python', 'x = 1', 6, 8, true],
      ],
    );
  });

  it('keeps a shorter or different fence inside a block as content', () => {
    const text = '````md\n```js\nx\n```\n````\n~~~\n```\n~~~';
    const blocks = extractCodeBlocks(text);
    assert.deepEqual(
      blocks.map((b) => [b.language, b.code]),
      [
        ['markdown', '```js\nx\n```'],
        [undefined, '```'],
      ],
    );
  });

  it('reads info strings with attributes and strips an indented fence from list items', () => {
    const text = '1. Install:\n\n   ```ts title="a.ts" {1,3}\n   import x from "y";\n     nested();\n   ```\n';
    const [block] = extractCodeBlocks(text);
    assert.equal(block?.info, 'ts title="a.ts" {1,3}');
    assert.equal(block?.language, 'typescript');
    assert.equal(block?.code, 'import x from "y";\n  nested();');
  });

  it('does not take inline ```code``` on one line for a fence', () => {
    assert.deepEqual(extractCodeBlocks('Use ```npm i``` then go'), []);
  });

  it('runs an unclosed block to the end of the text and says so', () => {
    const [block] = extractCodeBlocks('x\n```go\nfunc main() {\n');
    assert.equal(block?.closed, false);
    assert.equal(block?.code, 'func main() {\n');
  });

  it('handles CRLF line ends', () => {
    const [block] = extractCodeBlocks('```js\r\nlet a;\r\n```\r\n');
    assert.equal(block?.code, 'let a;');
  });
});

describe('infoLanguage', () => {
  it('normalizes aliases and odd info-string shapes', () => {
    assert.equal(infoLanguage('golang'), 'go');
    assert.equal(infoLanguage('{.python}'), 'python');
    assert.equal(infoLanguage('js:app.js'), 'javascript');
    assert.equal(infoLanguage('language-rs'), 'rust');
    assert.equal(infoLanguage('solidity'), 'solidity');
    assert.equal(infoLanguage('Cairo'), 'cairo');
    assert.equal(infoLanguage(''), undefined);
  });
});

describe('proseOnly', () => {
  it('blanks code blocks and inline code but keeps the line count', () => {
    const text = 'See [1].\n```js\nconst a = b[0];\n```\nand `c[2]` here';
    const prose = proseOnly(text);
    assert.equal(prose.split('\n').length, text.split('\n').length);
    assert.ok(prose.includes('[1]'));
    assert.ok(!prose.includes('[0]'));
    assert.ok(!prose.includes('[2]'));
  });

  it('pairs backtick runs of equal length only, and leaves a lone run as text', () => {
    assert.equal(blankInlineCode('a ``x ` y`` b'), `a ${' '.repeat(9)} b`);
    assert.equal(blankInlineCode('a ` b'), 'a ` b');
  });
});
