import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { checkSyntax } from './parse.ts';

const VALID: Record<string, string> = {
  typescript: "import { Field, SmartContract, state, State, method } from 'o1js';\n\nexport class Counter extends SmartContract {\n  @state(Field) count = State<Field>();\n\n  @method async increment() {\n    const c = this.count.getAndRequireEquals();\n    this.count.set(c.add(1));\n  }\n}\n",
  tsx: 'export const App = <T,>(props: { items: T[] }) => <ul>{props.items.map((i) => <li>{String(i)}</li>)}</ul>;\n',
  javascript: "const { Connection } = require('@solana/web3.js');\nconst conn = new Connection('https://api.devnet.solana.com');\nconsole.log(await conn.getSlot());\n",
  jsx: 'const el = <div className="x">{value}</div>;\n',
  python: 'from solana.rpc.api import Client\n\ndef slot(url: str) -> int:\n    return Client(url).get_slot().value\n',
  rust: 'use anchor_lang::prelude::*;\n\n#[program]\npub mod counter {\n    use super::*;\n    pub fn increment(ctx: Context<Update>) -> Result<()> {\n        ctx.accounts.counter.count += 1;\n        Ok(())\n    }\n}\n',
  go: 'package main\n\nimport (\n\t"fmt"\n\tsdk "github.com/cosmos/cosmos-sdk/types"\n)\n\nfunc main() {\n\tfmt.Println(sdk.NewInt(1))\n}\n',
};

const BROKEN: Record<string, { code: string; line: number }> = {
  typescript: { code: 'const a = 1;\nconst x: number = ;\n', line: 2 },
  tsx: { code: 'const a = <div>;\n', line: 1 },
  javascript: { code: 'function f() {\n  return 1\n}\n}\n', line: 4 },
  python: { code: 'x = 1\n\ndef f(:\n    pass\n', line: 3 },
  rust: { code: 'fn main() {\n    let x = ;\n}\n', line: 2 },
  go: { code: 'package main\n\nfunc main() {\n\tx := \n}\n', line: 4 },
};

describe('checkSyntax', () => {
  for (const [language, code] of Object.entries(VALID)) {
    it(`accepts valid ${language}`, async () => {
      const outcome = await checkSyntax(language, code);
      assert.equal(outcome.status, 'ok', JSON.stringify(outcome));
    });
  }

  for (const [language, { code, line }] of Object.entries(BROKEN)) {
    it(`reports broken ${language} with its line`, async () => {
      const outcome = await checkSyntax(language, code);
      assert.equal(outcome.status, 'errors', JSON.stringify(outcome));
      if (outcome.status !== 'errors') return;
      assert.equal(outcome.issues[0]?.line, line, JSON.stringify(outcome.issues));
      assert.match(outcome.issues[0]?.message ?? '', /syntax error|missing/);
    });
  }

  it('accepts snippets: top-level statements in Go and Rust', async () => {
    assert.equal((await checkSyntax('go', 'fmt.Println("x")\n')).status, 'ok');
    assert.equal((await checkSyntax('rust', 'let x = 5;\nprintln!("{}", x);\n')).status, 'ok');
  });

  it('parses a ```ts block holding JSX with the tsx grammar as fallback', async () => {
    const outcome = await checkSyntax('typescript', 'const el = <Button onClick={() => go()}>Go</Button>;\n');
    assert.deepEqual(outcome, { status: 'ok', grammar: 'tree-sitter-tsx.wasm' });
  });

  it('counts every error and describes the first few', async () => {
    const code = Array.from({ length: 6 }, (_, i) => `let v${i} = ;`).join('\n');
    const outcome = await checkSyntax('javascript', code, { maxIssues: 2 });
    assert.equal(outcome.status, 'errors');
    if (outcome.status !== 'errors') return;
    assert.equal(outcome.issues.length, 2);
    assert.equal(outcome.total, 6);
  });

  it('says where it looked when the runtime is not there', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'dme-grammars-'));
    const outcome = await checkSyntax('python', 'x = 1', { grammarsDir: empty });
    assert.equal(outcome.status, 'unavailable');
    assert.match(outcome.status === 'unavailable' ? outcome.reason : '', /tree-sitter runtime not found \(looked in .*dme-grammars-/);
  });

  it('has no parser for other languages', async () => {
    assert.deepEqual(await checkSyntax('solidity', 'contract A {}'), { status: 'unavailable', reason: 'no parser for solidity' });
  });
});
