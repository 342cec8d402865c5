import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runRules } from './run-rules.ts';
import type { AnswerInput, RuleSpec } from '../../model/answer-rules.ts';

const GOOD = [
  'A zkApp is a smart contract on Mina whose state is updated with zero-knowledge proofs [Source 1].',
  'Keep your private key safe; see [the docs](https://docs.minaprotocol.com/zkapps).',
  '',
  '```ts title="Counter.ts"',
  "import { Field, SmartContract, state, State, method } from 'o1js';",
  'export class Counter extends SmartContract {',
  '  @state(Field) count = State<Field>();',
  '  @method async increment() { this.count.set(this.count.getAndRequireEquals().add(1)); }',
  '}',
  '```',
  '<response_metadata>',
  '```json',
  '{ "confidence": 72, "sourcesUsed": 3 }',
  '```',
  '</response_metadata>',
].join('\n');

const BAD = 'Solana programs are written in Rust. Nomination is unrelated.\n\n```python\ndef f(:\n    pass\n```\n';

async function one(rule: RuleSpec, answer: AnswerInput) {
  const [result] = await runRules(answer, { rules: [rule] });
  assert.ok(result);
  return result;
}

async function passFail(rule: RuleSpec, good: AnswerInput, bad: AnswerInput) {
  const pass = await one(rule, good);
  assert.equal(pass.passed, true, `${rule.type} on the good answer: ${pass.message}`);
  const fail = await one(rule, bad);
  assert.equal(fail.passed, false, `${rule.type} on the bad answer: ${fail.message}`);
  return { pass, fail };
}

const good = { text: GOOD };
const bad = { text: BAD };

describe('runRules, each rule on a passing and a failing answer', () => {
  it('contains, case-insensitive by default and case-sensitive on request', async () => {
    await passFail({ type: 'contains', value: 'smartcontract' }, good, bad);
    await passFail({ type: 'contains', value: 'SmartContract', caseSensitive: true }, good, { text: 'smartcontract' });
  });

  it('contains_any', async () => {
    const { fail } = await passFail({ type: 'contains_any', values: ['circuit', 'proof'] }, good, bad);
    assert.equal(fail.message, 'Contains none of "circuit", "proof"');
  });

  it('contains_all reports which are missing', async () => {
    const { fail } = await passFail({ type: 'contains_all', values: ['SmartContract', '@state', '@method'] }, good, { text: 'SmartContract with @method' });
    assert.equal(fail.message, 'Missing "@state"');
    assert.deepEqual(fail.details, { missing: ['@state'] });
  });

  it('matches_regex, with flags, and fails cleanly on an unusable pattern', async () => {
    await passFail({ type: 'matches_regex', pattern: '@state\\(\\w+\\)' }, good, bad);
    await passFail({ type: 'matches_regex', pattern: '^export class', flags: 'm' }, good, { text: 'x export class' });
    const broken = await one({ type: 'matches_regex', pattern: '(a)\\1' }, good);
    assert.equal(broken.passed, false);
    assert.match(broken.message, /cannot be used: backreferences/);
  });

  it('matches_regex stays fast on a hostile pattern and a 50 kB answer', async () => {
    const start = performance.now();
    const result = await one({ type: 'matches_regex', pattern: '(a+)+$' }, { text: `${'a'.repeat(50_000)}!` });
    assert.equal(result.passed, false);
    assert.ok(performance.now() - start < 500);
  });

  it('has_code_block, with language aliases and dialects', async () => {
    await passFail({ type: 'has_code_block' }, good, { text: 'No code, only `inline` and ```npm i``` here.' });
    await passFail({ type: 'has_code_block', language: 'typescript' }, good, bad);
    await passFail({ type: 'has_code_block', language: 'py' }, bad, good);
    const tsx = await one({ type: 'has_code_block', language: 'typescript' }, { text: '```tsx\n<App />\n```' });
    assert.equal(tsx.passed, true);
    const empty = await one({ type: 'has_code_block' }, { text: '```ts\n\n```' });
    assert.equal(empty.passed, false);
    const { fail } = await passFail({ type: 'has_code_block', language: 'golang' }, { text: '```go\npackage main\n```' }, bad);
    assert.equal(fail.message, 'No go code block (blocks found: python)');
  });

  it('has_import', async () => {
    await passFail({ type: 'has_import', module: 'o1js' }, good, bad);
    await passFail({ type: 'has_import', module: 'o1js', language: 'ts' }, good, { text: '```python\nimport o1js\n```' });
  });

  it('min_length counts the answer without its metadata block', async () => {
    const { pass } = await passFail({ type: 'min_length', chars: 200 }, good, { text: `Short.\n<response_metadata>${'x'.repeat(500)}</response_metadata>` });
    assert.ok(pass.message.endsWith('(minimum 200)'));
    const exact = await one({ type: 'min_length', chars: 5 }, { text: '  héllo  \n<response_metadata>{}</response_metadata>' });
    assert.deepEqual([exact.passed, exact.details], [true, { length: 5 }]);
  });

  it('has_citation, not counting brackets in code', async () => {
    await passFail({ type: 'has_citation' }, good, { text: 'No sources.\n```js\nconst a = proofs[0]; // [Source 1]\n```' });
  });

  it('confidence_above, from either metadata shape or structuredContent', async () => {
    await passFail({ type: 'confidence_above', threshold: 40 }, good, { text: GOOD.replace('72', '12') });
    await passFail({ type: 'confidence_above', threshold: 40 }, { text: 'x', structured: { confidence: 40 } }, { text: 'x', structured: { confidence: 39.5 } });
    const bare = await one({ type: 'confidence_above', threshold: 40 }, { text: 'x <response_metadata>{"confidence": 80}</response_metadata>' });
    assert.equal(bare.passed, true);
  });

  it('confidence_above and sources_count fail with "no response metadata" when there is none', async () => {
    for (const rule of [{ type: 'confidence_above', threshold: 0 }, { type: 'sources_count', min: 0 }] as const) {
      const result = await one(rule, { text: 'I am "confidence": 99 sure, "sourcesUsed": 9.' });
      assert.deepEqual([result.passed, result.message], [false, 'no response metadata']);
    }
  });

  it('sources_count, from sourcesUsed or a sources list', async () => {
    await passFail({ type: 'sources_count', min: 2 }, good, { text: 'x', structured: { sources: ['only one'] } });
    await passFail({ type: 'sources_count', min: 2 }, { text: 'x', structured: { sources: ['a', 'b'] } }, { text: GOOD.replace('"sourcesUsed": 3', '"sourcesUsed": 1') });
  });

  it('json_schema', async () => {
    const schema = { type: 'object', required: ['answer'], properties: { answer: { type: 'string' } } };
    const { fail } = await passFail({ type: 'json_schema', schema }, { text: '', structured: { answer: 'x' } }, { text: '', structured: { answer: 3 } });
    assert.match(fail.message, /\/answer: must be string/);
  });

  it('code_parses', async () => {
    const { fail } = await passFail({ type: 'code_parses' }, good, bad);
    assert.match(fail.message, /^block 1 \(python\), line 1: /);
  });

  it('fails an unknown rule type instead of throwing', async () => {
    const result = await one({ type: 'sentiment' } as unknown as RuleSpec, good);
    assert.deepEqual([result.rule, result.passed], ['sentiment', false]);
  });
});

describe('runRules, expected and forbidden keywords and imports', () => {
  it('adds one result per keyword, forbidden keyword and import, after the rules', async () => {
    const results = await runRules(good, {
      rules: [{ type: 'has_citation' }],
      keywords: ['zkapp', 'private key', 'proof', 'recursion'],
      forbiddenKeywords: ['solana', 'anchor'],
      imports: ['o1js', '@solana/web3.js'],
    });
    assert.deepEqual(
      results.map((r) => [r.rule, r.passed]),
      [
        ['has_citation', true],
        ['keyword', true],
        ['keyword', true],
        ['keyword', true],
        ['keyword', false],
        ['forbidden_keyword', true],
        ['forbidden_keyword', true],
        ['expected_import', true],
        ['expected_import', false],
      ],
    );
    assert.equal(results[4]?.message, 'Missing expected keyword "recursion"');
  });

  it('fails a forbidden keyword that appears, naming it, but not inside another word', async () => {
    const results = await runRules(bad, { rules: [], forbiddenKeywords: ['solana', 'mina'] });
    assert.deepEqual(
      results.map((r) => [r.passed, r.message]),
      [
        [false, 'Contains forbidden keyword "solana" (as "Solana")'],
        [true, 'Avoids forbidden keyword "mina"'],
      ],
    );
  });

  it('does not read keywords out of the metadata block', async () => {
    const text = 'Answer about Solana.\n<response_metadata>{"sources": ["https://docs.minaprotocol.com", "mina"]}</response_metadata>';
    const [result] = await runRules({ text }, { rules: [], forbiddenKeywords: ['mina'] });
    assert.equal(result?.passed, true);
  });
});
