import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createJudgeSession } from '../../answers/evaluators/llm/judge-session.ts';
import type { TaskAssertion } from '../../model/task.ts';
import { startOpenAiDouble, type OpenAiDouble } from '../../../test/support/openai-double/index.ts';
import { createWorkspace, type Workspace } from '../workspace.ts';
import { checkAssertions, taskPassed } from './check-assertions.ts';
import { createJudgeAssertion, judgeProblems } from './judge.ts';

const FINAL = 'Wrote solution.ts: the Idempotency-Key header, with retries.';

describe('task assertions', () => {
  let ws: Workspace;
  let judge: OpenAiDouble;

  before(async () => {
    ws = await createWorkspace();
    await ws.write('solution.ts', "import { NimbusClient } from '@nimbus/sdk';\nconst client = new NimbusClient({ apiKey: process.env.NIMBUS_API_KEY });\n");
    await ws.write('broken.py', 'def f(:\n  pass\n');
    await ws.write('notes.md', 'Retry with the same key.');
    judge = await startOpenAiDouble();
  });
  after(async () => {
    await Promise.all([ws.remove(), judge.close()]);
    assert.deepEqual(judge.violations, []);
  });

  const check = (assertions: TaskAssertion[], final = FINAL, env: Record<string, string | undefined> = {}) => checkAssertions(assertions, { prompt: 'p', final, workspace: ws, env });

  it('checks the final message: contains (case-sensitive), not_contains, matches (RE2, flags)', async () => {
    const results = await check([
      { type: 'contains', value: 'Idempotency-Key' },
      { type: 'contains', value: 'idempotency-key' },
      { type: 'not_contains', value: 'X-Request-Id' },
      { type: 'not_contains', value: 'retries' },
      { type: 'matches', pattern: 'idempotency-\\w+', flags: 'i' },
    ]);
    assert.deepEqual(results.map((r) => [r.passed, r.message]), [
      [true, 'final message contains "Idempotency-Key"'],
      [false, 'final message does not contain "idempotency-key"'],
      [true, 'final message does not contain "X-Request-Id"'],
      [false, 'final message contains "retries", which it must not'],
      [true, 'final message: Matches /idempotency-\\w+/i: "Idempotency-Key"'],
    ]);
  });

  it('checks workspace files, and says when one is missing or leads out', async () => {
    const results = await check([
      { type: 'file_exists', path: 'solution.ts' },
      { type: 'file_exists', path: 'missing.ts' },
      { type: 'file_contains', path: 'solution.ts', value: 'NimbusClient' },
      { type: 'file_not_contains', path: 'solution.ts', value: 'nimbus-go' },
      { type: 'file_matches', path: 'notes.md', pattern: '^Retry' },
      { type: 'file_contains', path: 'missing.ts', value: 'x' },
      { type: 'file_contains', path: '../x', value: 'x' },
    ]);
    assert.deepEqual(results.map((r) => r.passed), [true, false, true, true, true, false, false]);
    assert.equal(results[1]!.message, 'missing.ts does not exist');
    assert.equal(results[5]!.message, '"missing.ts" does not exist');
    assert.match(results[6]!.message, /leads out of the workspace/);
  });

  it('runs the answer rules on a code file as a code block of its language, or on the final message', async () => {
    const results = await check([
      { type: 'rules', path: 'solution.ts', rules: [{ type: 'has_code_block', language: 'typescript' }, { type: 'code_parses' }], imports: ['@nimbus/sdk'] },
      { type: 'rules', path: 'broken.py', rules: [{ type: 'code_parses', languages: ['python'] }] },
      { type: 'rules', keywords: ['Idempotency-Key'], forbiddenKeywords: ['X-Request-Id'] },
    ]);
    assert.deepEqual(results.map((r) => [r.label, r.passed]), [['solution.ts', true], ['broken.py', false], ['final message', true]]);
    assert.match(results[1]!.message, /broken\.py: .*python/i);
  });

  it('runs scripts in the workspace (exit 0 passes), skips them by when_env, and stops them at their timeout', async () => {
    const results = await check(
      [
        { type: 'script', command: 'grep -q NimbusClient solution.ts', name: 'uses-client' },
        { type: 'script', command: 'echo nope >&2; exit 3', name: 'fails' },
        { type: 'script', command: 'true', name: 'live', when_env: 'NIMBUS_API_KEY', soft: true },
        { type: 'script', command: 'sleep 30', name: 'slow', timeoutMs: 300 },
      ],
      FINAL,
      {},
    );
    assert.deepEqual(results.map((r) => [r.label, r.passed, r.skipped ?? false]), [['uses-client', true, false], ['fails', false, false], ['live', false, true], ['slow', false, false]]);
    assert.match(results[1]!.message, /fails: exit 3: nope/);
    assert.match(results[3]!.message, /slow: timed out after 300 ms/);
  });

  it('names a script by one line, even a multi-line command without a name', async () => {
    const [result] = await check([{ type: 'script', command: 'test -f solution.ts &&\n  grep -q NimbusClient solution.ts' }]);
    assert.equal(result!.label, 'test -f solution.ts && grep -q NimbusClient solution.ts');
    assert.equal(result!.passed, true);
  });

  it('passes a finished run whose hard assertions all pass; soft and skipped ones do not decide', async () => {
    const results = await check([
      { type: 'contains', value: 'Idempotency-Key' },
      { type: 'contains', value: 'absent', soft: true },
      { type: 'script', command: 'true', when_env: 'UNSET_VARIABLE_FOR_TEST' },
    ]);
    assert.equal(taskPassed(results, 'final'), true);
    assert.equal(taskPassed(results, 'turns'), false, 'a run cut off is never a pass');
    assert.equal(taskPassed(results.slice(1), 'final'), false, 'no hard assertion checked: not a pass');
  });

  it('asks the judge one binary criterion, through the judging session', async () => {
    const env = { JUDGE_KEY: judge.apiKey };
    const session = createJudgeSession({ cache: null, concurrency: 1, prices: {} });
    const ask = createJudgeAssertion({ type: 'llm_judge', model: 'judge-model', baseUrl: judge.baseUrl, apiKeyEnv: 'JUDGE_KEY' }, { env, session });
    judge.script('chat', { kind: 'reply', content: JSON.stringify({ results: [{ criterion: 'task_assertion', reasoning: 'It names the header.', score: true }] }) });
    judge.script('chat', { kind: 'error', status: 500 }, { kind: 'error', status: 500 }, { kind: 'error', status: 500 });
    const results = await checkAssertions([{ type: 'llm_judge', criterion: 'names the idempotency header' }, { type: 'llm_judge', criterion: 'again', maxAttempts: 1 }], { prompt: 'p', final: FINAL, workspace: ws, env, judge: ask });
    assert.deepEqual(results.map((r) => [r.passed, r.error ?? false]), [[true, false], [false, true]]);
    assert.match(results[0]!.message, /meets "names the idempotency header" \(It names the header\.\)/);
    assert.match(results[1]!.message, /not judged: .*HTTP 500/);
    // One billed answer: the 500s are not billed.
    assert.equal(session.take([]).totals.calls, 1);
    assert.deepEqual(judgeProblems([{ type: 'llm_judge', criterion: 'c' }], undefined, { env: {} }), ['llm_judge assertion "c": option model is required (e.g. gpt-4o-mini)']);
  });
});
