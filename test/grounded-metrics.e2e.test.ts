/**
 * Grounded metrics end to end through the built CLI: a docs server whose search returns
 * documents (test/fixtures/grounded-docs-server.mjs), answer cases with `context: search`
 * and `context: citations`, faithfulness and context precision judged by the loopback
 * OpenAI double. The report keeps what the judge received; a case whose search finds
 * nothing is named by run health and not judged (never scored 0), and the run fails.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { quote } from 'shell-quote';
import type { Report } from '../src/model/report.ts';
import { ROOT, runCli } from './support/cli.ts';
import { startOpenAiDouble, type ChatBody, type OpenAiDouble } from './support/openai-double/index.ts';

const KEY_ENV = 'DME_TEST_GROUNDED_KEY';
const SERVER = path.join(ROOT, 'test/fixtures/grounded-docs-server.mjs');

function dataset(baseUrl: string): string {
  const judge = `baseUrl: "${baseUrl}", apiKeyEnv: ${KEY_ENV}, model: gpt-4o-mini, maxAttempts: 1`;
  const answer = (id: string, question: string, context: string) =>
    `  - { id: ${id}, kind: answer, tool: ask_docs, input: { question: "${question}" }, expect: { rules: [] }, context: ${context} }`;
  return [
    'name: grounded',
    'evaluators:',
    `  - { type: faithfulness, ${judge} }`,
    `  - { type: context_precision, ${judge} }`,
    'cases:',
    answer('searched', 'How does the client handle retries and backoff?', '{ from: search, top: 2 }'),
    answer('cited', 'How are retries done?', 'citations'),
    answer('nothing-found', 'Is there nothing about this?', 'search'),
    '',
  ].join('\n');
}

describe('grounded metrics through the CLI', () => {
  let judge: OpenAiDouble;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-grounded-'));
  const cases = path.join(dir, 'cases.yaml');

  before(async () => {
    judge = await startOpenAiDouble();
    writeFileSync(cases, dataset(judge.baseUrl));
    judge.setDefault('chat', {
      kind: 'reply',
      content: (body: ChatBody) => {
        const name = body.response_format?.json_schema?.name;
        if (name === 'answer_claims') return JSON.stringify({ claims: ['The client retries 3 times with exponential backoff.', 'Retries also apply to webhooks.'] });
        if (name === 'claim_verdicts') return JSON.stringify({ verdicts: [{ claim: 1, reason: 'in the retries guide', supported: true }, { claim: 2, reason: 'no document says so', supported: false }] });
        // Useful: the retries guide only.
        return JSON.stringify({ reason: 'r', useful: body.messages[1]?.content.includes('retries a failed request') ?? false });
      },
    });
  });
  after(() => judge.close());

  it('scores grounded cases, keeps their context, and names the case whose search found nothing', async () => {
    const r = await runCli(
      ['run', '--cases', cases, '--server-command', quote([process.execPath, SERVER]), '--no-baseline', '--warmup', '0', '--repetitions', '1',
        '--out', path.join(dir, 'r.json'), '--markdown', path.join(dir, 'r.md')],
      { env: { [KEY_ENV]: judge.apiKey } },
    );
    assert.equal(r.code, 1, r.stderr);
    const report = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8')) as Report;
    const byId = (id: string) => report.cases.find((c) => c.id === id)?.answer;

    const searched = byId('searched');
    assert.deepEqual(searched?.context?.documents.map((d) => d.id), ['guides/retries.md', 'sdks/python/client.md']);
    assert.match(searched?.context?.documents[0]?.text ?? '', /retries a failed request 3 times/, 'the judged text is in the report');
    assert.equal(searched?.criteria['faithfulness'], 0.5);
    assert.equal(searched?.criteria['context_precision'], 1, 'useful at rank 1 only: 1/1');
    assert.equal(searched?.score, 0.75);
    const claims = searched?.evaluations.find((e) => e.criterionName === 'faithfulness')?.metadata?.['claims'] as { claim: string; supported: boolean }[];
    assert.deepEqual(claims.map((c) => c.supported), [true, false]);

    const cited = byId('cited');
    assert.deepEqual(cited?.context?.documents.map((d) => d.id), ['guides/retries.md', 'guides/timeouts.md']);
    assert.equal(cited?.criteria['context_precision'], 1);

    const nothing = byId('nothing-found');
    assert.equal(nothing?.context?.error?.kind, 'no_results');
    assert.equal(nothing?.score, null, 'not judged, never 0');
    assert.equal(nothing?.criteria['faithfulness'], null);
    assert.deepEqual(Object.keys(report.health?.contextErrors ?? {}), ['nothing-found']);
    assert.deepEqual(report.health?.evaluatorErrors, {}, 'not blamed on the judge');
    assert.match(r.stderr, /1 of 3 answer cases got no context for the grounded metrics \(nothing-found; nothing-found: search_docs returned no results/);
    assert.match(readFileSync(path.join(dir, 'r.md'), 'utf8'), /Run health: failed\*\*: 1 of 3 answer cases got no context/);
    assert.deepEqual(judge.violations, []);
  });
});
