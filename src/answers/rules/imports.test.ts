import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractCodeBlocks } from './code-blocks.ts';
import { extractImports, searchImport } from './imports.ts';

const specs = (code: string, family: Parameters<typeof extractImports>[1]) => extractImports(code, family).map((f) => f.specifier);

function found(text: string, module: string, language?: string): boolean {
  return searchImport(text, extractCodeBlocks(text), module, language).found !== undefined;
}

describe('extractImports', () => {
  it('reads every TS/JS import form', () => {
    const code = [
      "import { Field, SmartContract,\n  state } from 'o1js';",
      'import type { Proof } from "o1js/dist/node";',
      "import * as ns from '@solana/web3.js';",
      "import Default, { named as alias } from 'a';",
      "import 'side-effect';",
      "export { x } from './local';",
      "const m = await import('dynamic');",
      "const fs = require('node:fs');",
      "import cp = require('child_process');",
    ].join('\n');
    assert.deepEqual(specs(code, 'js').sort(), ['./local', '@solana/web3.js', 'a', 'child_process', 'dynamic', 'node:fs', 'o1js', 'o1js/dist/node', 'side-effect'].sort());
  });

  it('reads Python import and from-import, skipping relative imports', () => {
    const code = 'import os, numpy.linalg as la\nfrom solana.rpc.api import Client\nfrom . import local\n    import json  # in a function\nx = 1; import sys';
    assert.deepEqual(specs(code, 'python'), ['os', 'numpy.linalg', 'json', 'sys', 'solana.rpc.api']);
  });

  it('reads Rust use paths and extern crate', () => {
    const code = 'use anchor_lang::prelude::*;\npub use ::solana_program::pubkey::Pubkey;\npub(crate) use std::io;\nextern crate serde;\nfn f() { use spl_token::state; }';
    assert.deepEqual(specs(code, 'rust'), ['anchor_lang::prelude', 'solana_program::pubkey::Pubkey', 'std::io', 'spl_token::state', 'serde']);
  });

  it('reads Go single, aliased and grouped imports', () => {
    const code = 'package main\n\nimport "fmt"\nimport sdk "github.com/cosmos/cosmos-sdk/types"\nimport (\n\t"context"\n\tbanktypes "github.com/cosmos/cosmos-sdk/x/bank/types"\n\t_ "embed"\n)';
    assert.deepEqual(specs(code, 'go'), ['fmt', 'github.com/cosmos/cosmos-sdk/types', 'context', 'github.com/cosmos/cosmos-sdk/x/bank/types', 'embed']);
  });
});

describe('searchImport', () => {
  it('counts a module and its subpaths, not a longer name', () => {
    assert.ok(found("```ts\nimport { Mina } from 'o1js/dist/node';\n```", 'o1js'));
    assert.ok(!found("```ts\nimport { x } from 'o1js-pack';\n```", 'o1js'));
    assert.ok(found('```python\nfrom solana.rpc.api import Client\n```', 'solana'));
    assert.ok(!found('```python\nimport solanax\n```', 'solana'));
    assert.ok(found('```go\nimport (\n  bank "github.com/cosmos/cosmos-sdk/x/bank"\n)\n```', 'github.com/cosmos/cosmos-sdk'));
    assert.ok(found('```rust\nuse anchor_lang::prelude::*;\n```', 'anchor-lang'));
    assert.ok(found('```rust\nuse anchor_lang::prelude::*;\n```', 'anchor_lang::prelude'));
    assert.ok(found("```js\nconst fs = require('node:fs');\n```", 'fs'));
  });

  it('looks in code blocks first and ignores prose when the answer has code', () => {
    const text = "You can `import { Field } from 'o1js'`.\n\n```ts\nimport { PublicKey } from '@solana/web3.js';\n```";
    assert.ok(!found(text, 'o1js'));
    assert.ok(found(text, '@solana/web3.js'));
  });

  it('scans the text when the answer has no code block', () => {
    assert.ok(found("Start with import { Field } from 'o1js'; then …", 'o1js'));
    assert.ok(!found('Use o1js to write zkApps.', 'o1js'));
  });

  it('restricts to one language when asked, keeping untagged blocks', () => {
    const text = "```python\nimport o1js\n```\n```\nimport x from 'y';\n```";
    assert.ok(!found(text, 'o1js', 'typescript'));
    assert.ok(found(text, 'o1js', 'py'));
    assert.ok(found(text, 'y', 'javascript'));
  });

  it('lists the imports it saw for the failure message', () => {
    const text = "```ts\nimport { a } from 'alpha';\nimport b from 'beta';\n```";
    assert.deepEqual(searchImport(text, extractCodeBlocks(text), 'gamma').seen, ['alpha', 'beta']);
  });
});
