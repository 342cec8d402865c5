import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Case, TaskCase } from '../model/case.ts';
import { loadSuite } from './load-suite.ts';
import { parseSuite } from './parse-suite.ts';
import { applyMergeKeys } from './import-speakeasy-agent.ts';
import { rejectionsOf } from '../../test/support/dataset-problems.ts';

function task(item: Case | undefined): TaskCase {
  assert.ok(item?.kind === 'task');
  return item;
}

// Written for this test in speakeasy's agent-scenario layout (their format, our content).
const SCENARIOS = `_defaults:
  ts: &ts
    category: sdk-usage
    setup: npm init -y --silent
    docsDir: ../../docs
    mcpServerName: nimbus-docs
_config:
  system_prompt: You are a careful engineer.
  feedback_tool: { name: rate_docs }

ts-client:
  <<: *ts
  name: Initialize the Nimbus client
  prompt: Write solution.ts that creates a NimbusClient.
  maxTurns: 8
  maxBudgetUsd: 0.5
  assertions:
    - type: file_contains
      path: solution.ts
      value: NimbusClient
    - type: script
      command: npx tsc --noEmit solution.ts
      name: typecheck
      soft: true
    - type: script
      command: npx tsx solution.ts
      name: runs
      when_env: NIMBUS_API_KEY
      soft: true

idempotency-guide:
  name: "Cross-cutting: idempotency"
  prompt: Which header carries the idempotency key?
  category: guide-discovery
  systemPrompt: Answer briefly.
  docsSpec: { url: https://example.com/docs.git }
  assertions:
    - { type: contains, value: Idempotency-Key }
    - { type: matches, pattern: "retr(y|ies)", flags: i }
    - { type: not_contains, value: X-Request-Id }
`;

describe('speakeasy agent scenario importer', () => {
  it('reads a scenario mapping as task cases: merge keys applied, _ keys skipped, _config.system_prompt the default', () => {
    const suite = parseSuite(SCENARIOS, '/fixtures/agent-scenarios/nimbus.yaml');
    assert.equal(suite.format, 'speakeasy-agent');
    assert.equal(suite.name, 'nimbus');
    assert.deepEqual(suite.cases.map((c) => c.id), ['ts-client', 'idempotency-guide']);
    const client = task(suite.cases[0]);
    assert.equal(client.name, 'Initialize the Nimbus client');
    assert.equal(client.category, 'sdk-usage');
    assert.equal(client.setup, 'npm init -y --silent');
    assert.equal(client.maxTurns, 8);
    assert.equal(client.maxBudgetUsd, 0.5);
    assert.equal(client.systemPrompt, 'You are a careful engineer.');
    assert.deepEqual(client.assertions[1], { type: 'script', command: 'npx tsc --noEmit solution.ts', name: 'typecheck', soft: true });
    assert.equal(client.source.line, 11);
    const guide = task(suite.cases[1]);
    assert.equal(guide.systemPrompt, 'Answer briefly.');
    assert.equal(guide.maxTurns, 15);
    assert.equal(guide.assertions.length, 3);
  });

  it('says which of their fields are not used, once', () => {
    const suite = parseSuite(SCENARIOS, 'nimbus.yaml');
    assert.deepEqual(suite.notes, [
      'nimbus.yaml: docsDir (1 scenario), docsSpec (1 scenario), mcpServerName (1 scenario) not used: the server under test is the one docs-mcp-eval starts (--server-command or docs-mcp-eval.yml), under the names it lists',
      'nimbus.yaml: _config.feedback_tool not used: the agent is judged by the assertions, not asked to rate the docs',
    ]);
  });

  it('reads the older list layout, ids from names', () => {
    const suite = parseSuite(JSON.stringify([{ name: 'Find the header', prompt: 'p', assertions: [{ type: 'contains', value: 'x' }] }, { id: 'own', name: 'n', prompt: 'q', assertions: [{ type: 'contains', value: 'y' }] }]), 'scenarios.json');
    assert.equal(suite.format, 'speakeasy-agent');
    assert.deepEqual(suite.cases.map((c) => c.id), ['find-the-header', 'own']);
  });

  it('is found by loadSuite from a file, and reports problems with line and field', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-scenarios-'));
    const file = path.join(dir, 'nimbus.yaml');
    writeFileSync(file, SCENARIOS);
    assert.equal((await loadSuite(file)).cases.length, 2);
    const problems = rejectionsOf(() => parseSuite('bad id!:\n  name: n\n  prompt: p\n  assertions: [{ type: script }]\nok:\n  prompt: p\n  name: n\n  assertions: [{ type: file_contains, path: ../x, value: v }]\n', 'bad.yaml'));
    assert.ok(problems.some((p) => /bad\.yaml:1.*"bad id!"/.test(p)), problems.join('\n'));
    assert.ok(problems.some((p) => /bad\.yaml:4.*\["bad id!"\]\.assertions\[0\].*command/.test(p)), problems.join('\n'));
    assert.ok(problems.some((p) => /bad\.yaml:8.*ok\.assertions\[0\]\.path.*leads out/.test(p)), problems.join('\n'));
  });

  it('applies merge keys as YAML defines them: own keys win, then the earlier source', () => {
    assert.deepEqual(applyMergeKeys({ '<<': [{ a: 1, b: 1 }, { b: 2, c: 2 }], c: 3 }), { a: 1, b: 1, c: 3 });
    assert.deepEqual(applyMergeKeys([{ '<<': { x: 1 }, y: 2 }]), [{ x: 1, y: 2 }]);
  });
});
