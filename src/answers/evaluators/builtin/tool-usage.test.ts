import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EvaluationCriteria, EvaluationInput, ToolCallRecord } from '../../../model/evaluation.ts';
import { createToolUsage, TOOL_USAGE_CRITERION, toolUsageCriteria } from './tool-usage.ts';

const call = (tool: string, args: Record<string, unknown>, ok = true): ToolCallRecord => ({ tool, args, ok, ms: 10 });
const criteria: EvaluationCriteria[] = [TOOL_USAGE_CRITERION, { name: 'right_args', description: '', scale: 'pass/fail' }];

async function judge(rules: unknown[], history: ToolCallRecord[], extra: Partial<EvaluationInput> = {}) {
  const results = await createToolUsage({ type: 'tool_usage', rules }, criteria).evaluate({ response: '', criteria, messageHistory: history, ...extra }, criteria);
  return Object.fromEntries(results.map((r) => [r.criterionName, r]));
}

describe('tool_usage', () => {
  it('passes when a required tool was called, fails when it was not', async () => {
    const called = await judge([{ expectedTool: 'ask_docs' }], [call('ask_docs', {})]);
    assert.equal(called.tool_usage?.score, true);
    const missing = await judge([{ expectedTool: 'ask_docs' }], [call('search', {})]);
    assert.equal(missing.tool_usage?.score, false);
    assert.match(missing.tool_usage?.reasoning ?? '', /ask_docs was never called/);
    const optional = await judge([{ expectedTool: 'ask_docs', required: false }], []);
    assert.equal(optional.tool_usage?.score, true);
  });

  it('does not count failed calls unless requireOk is false', async () => {
    const failed = await judge([{ expectedTool: 'ask_docs' }], [call('ask_docs', {}, false)]);
    assert.equal(failed.tool_usage?.score, false);
    assert.match(failed.tool_usage?.reasoning ?? '', /all 1 calls to ask_docs failed/);
    assert.equal((await judge([{ expectedTool: 'ask_docs', requireOk: false }], [call('ask_docs', {}, false)])).tool_usage?.score, true);
  });

  it('checks arguments by value, pattern and oneOf, per criterion', async () => {
    const rules = [
      { expectedTool: 'ask_docs' },
      { criterion: 'right_args', expectedTool: 'ask_docs', args: { question: { pattern: 'refresh', flags: 'i' }, project: { oneOf: ['acme', 'acme-sdk'] }, limit: 5, filters: { lang: 'ts' } } },
    ];
    const good = await judge(rules, [call('ask_docs', { question: 'How do I REFRESH?', project: 'acme', limit: 5, filters: { lang: 'ts' } })]);
    assert.equal(good.right_args?.score, true);
    const bad = await judge(rules, [call('ask_docs', { question: 'auth', project: 'acme', limit: 5, filters: { lang: 'ts' } })]);
    assert.equal(bad.tool_usage?.score, true);
    assert.equal(bad.right_args?.score, false);
    assert.match(bad.right_args?.reasoning ?? '', /question "auth" does not match \/refresh\/i/);
    const wrongProject = await judge(rules, [call('ask_docs', { question: 'refresh', project: 'other', limit: 5, filters: { lang: 'ts' } })]);
    assert.match(wrongProject.right_args?.reasoning ?? '', /project "other" is not one of \["acme","acme-sdk"\]/);
  });

  it('argsMatch any needs one good call, all needs every call good; maxCalls caps the count', async () => {
    const history = [call('ask_docs', { q: 'x' }), call('ask_docs', { q: 'y' })];
    assert.equal((await judge([{ expectedTool: 'ask_docs', args: { q: 'y' } }], history)).tool_usage?.score, true);
    const all = await judge([{ expectedTool: 'ask_docs', args: { q: 'y' }, argsMatch: 'all' }], history);
    assert.equal(all.tool_usage?.score, false);
    assert.match(all.tool_usage?.reasoning ?? '', /1 of 2 calls to ask_docs had wrong arguments/);
    const capped = await judge([{ expectedTool: 'ask_docs', maxCalls: 1 }], history);
    assert.match(capped.tool_usage?.reasoning ?? '', /called 2 times, at most 1 allowed/);
  });

  it('maps logical tool names through context.toolMap', async () => {
    const mapped = await judge([{ expectedTool: 'ask_docs' }], [call('crypto_ask_docs', {})], { context: { toolMap: { ask_docs: 'crypto_ask_docs' } } });
    assert.equal(mapped.tool_usage?.score, true);
  });

  it('names the criteria its rules score, and rejects malformed rules', () => {
    assert.deepEqual(toolUsageCriteria({ type: 'tool_usage', rules: [{ criterion: 'a', expectedTool: 't' }, { expectedTool: 'u' }] }), ['tool_usage', 'a']);
    assert.deepEqual(toolUsageCriteria({ type: 'tool_usage', rules: [{ criterion: 'a', expectedTool: 't' }] }), ['a']);
    const build = (rules: unknown) => () => createToolUsage({ type: 'tool_usage', rules }, criteria);
    assert.throws(build([]), /needs rules/);
    assert.throws(build([{ tool: 'x' }]), /unknown key tool/);
    assert.throws(build([{ expectedTool: 'x', args: { q: { pattern: '(' } } }]), /rules\[0\]\.args\.q/);
    assert.throws(build([{ expectedTool: 'x', maxCalls: -1 }]), /maxCalls/);
    assert.throws(build([{ expectedTool: 'x', criterion: 'other' }]), /not among this evaluator's criteria/);
  });
});
