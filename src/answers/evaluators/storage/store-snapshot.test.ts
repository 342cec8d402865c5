/**
 * --store keeps seed 004's whole AggregatedEvaluationResult per answer case: the input
 * snapshot (question, tool input, answer text, reference, context), every criterion's
 * score and reasoning, the overall score, the config snapshot and the timestamp.
 */
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { scoreAnswer } from '../../score-answer.ts';
import { scoreAnswers } from '../../score-repeats.ts';
import { parseSuite } from '../../../suite/index.ts';
import { createRegistry } from '../registry.ts';
import { JsonlFileStorage } from './jsonl-storage.ts';

const SUITE = `name: stored
criteria:
  - { name: coverage, description: Names the expected keywords, scale: numeric }
evaluators:
  - { type: keyword_coverage, criterion: coverage }
cases:
  - id: init
    kind: answer
    tool: ask_docs
    project: mina
    input: { question: "How do I start a zkApp?", project: "{project}" }
    groundTruth: "Extend SmartContract and deploy it."
    expect: { rules: [{ type: min_length, chars: 5 }], keywords: [SmartContract, deploy] }
`;

describe('--store: the full evaluation of each answer case', () => {
  it('appends the input snapshot, the scores with reasoning and the config snapshot, not only the case id', async () => {
    const suite = parseSuite(SUITE, 'stored.yaml');
    const c = suite.cases[0];
    assert.ok(c?.kind === 'answer');
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'dme-store-')), 'evaluations.jsonl');
    const storage = new JsonlFileStorage(file);
    const text = 'Extend SmartContract, then run the deploy script.\n<response_metadata>{"confidence": 80}</response_metadata>';
    // The call as the runner made it: {project} filled from the case (run/run-answer-case.ts).
    const sent = { tool: 'crypto_ask_docs', args: { question: 'How do I start a zkApp?', project: 'mina' }, ok: true, ms: 3 };
    const observation = { caseId: 'init', repetition: 0, status: 'ok' as const, rounds: [], foundInRound: null, answer: { tool: 'crypto_ask_docs', text, ms: 3, calls: [sent] } };
    const answer = await scoreAnswer(c, observation, { criteria: suite.criteria ?? [], evaluators: suite.evaluators ?? [], registry: createRegistry(), toolMap: {}, storage });
    assert.equal(answer?.confidence, 80);

    const { results, skipped } = await storage.readResults();
    assert.deepEqual(skipped, []);
    assert.equal(results.length, 1);
    const stored = results[0]!;
    const snapshot = stored.inputSnapshot;
    assert.ok(snapshot, 'the input snapshot is stored');
    assert.match(snapshot.prompt ?? '', /How do I start a zkApp\?/);
    // What the evaluators judged: the whole answer, its <response_metadata> block (the server's own confidence, kept as answer.confidence) stripped.
    assert.equal(snapshot.response, 'Extend SmartContract, then run the deploy script.', 'the whole answer text as judged, not an excerpt');
    assert.equal(snapshot.groundTruth, 'Extend SmartContract and deploy it.');
    assert.ok(snapshot.context && 'validations' in snapshot.context, 'the context the evaluators saw');
    // The tool input as sent, not the case's template.
    assert.deepEqual(stored.metadata?.input, { caseId: 'init', name: 'init', tool: 'ask_docs', input: { question: 'How do I start a zkApp?', project: 'mina' }, project: 'mina' });
    assert.equal(stored.overallScore, 1);
    assert.deepEqual(stored.normalized, { coverage: 1 });
    assert.equal(stored.results[0]?.criterionName, 'coverage');
    assert.equal(typeof stored.results[0]?.reasoning, 'string');
    assert.deepEqual(stored.evaluationConfigSnapshot, { evaluatorTypes: ['keyword_coverage'], criteriaNames: ['coverage'], storageProviderType: 'jsonl-file', metadataKeys: ['caseId', 'name', 'tool', 'input', 'project'] });
    assert.equal(typeof stored.timestamp, 'number');
  });

  it('a repeated answer case stores one evaluation per answer, each saying which ask it judged', async () => {
    const suite = parseSuite(SUITE, 'stored.yaml');
    const c = suite.cases[0];
    assert.ok(c?.kind === 'answer');
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'dme-store-')), 'evaluations.jsonl');
    const storage = new JsonlFileStorage(file);
    const asks = ['Extend SmartContract, then deploy.', 'Run the deploy script.'].map((text, repetition) => ({
      caseId: 'init', repetition, status: 'ok' as const, rounds: [], foundInRound: null, answer: { tool: 'crypto_ask_docs', text, ms: 3, calls: [] },
    }));
    await scoreAnswers(c, asks, { criteria: suite.criteria ?? [], evaluators: suite.evaluators ?? [], registry: createRegistry(), toolMap: {}, storage });
    const { results } = await storage.readResults();
    assert.deepEqual(results.map((r) => {
      const input = r.metadata?.input as { ask?: number; asks?: number } | undefined;
      return [input?.ask, input?.asks, r.inputSnapshot?.response];
    }), [
      [1, 2, 'Extend SmartContract, then deploy.'],
      [2, 2, 'Run the deploy script.'],
    ]);
  });
});
