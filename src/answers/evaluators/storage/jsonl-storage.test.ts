import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AggregatedEvaluationResult } from '../../../model/evaluation.ts';
import { appendRecord, JsonlFileStorage, readAll } from './jsonl-storage.ts';

function result(n: number, padding = 0): AggregatedEvaluationResult {
  return {
    overallScore: n / 100,
    results: [{ criterionName: 'helpfulness', score: 4, evaluatorType: 'llm_judge', reasoning: 'x'.repeat(padding) }],
    normalized: { helpfulness: 0.75 },
    timestamp: 1_700_000_000_000 + n,
    metadata: { caseId: `case-${n}` },
  };
}

describe('JSONL storage', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'jsonl-storage-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('appends one line per result (creating the directory) and reads them back', async () => {
    const file = path.join(dir, 'nested', 'deeper', 'evaluations.jsonl');
    const storage = new JsonlFileStorage(file);
    await storage.saveResult(result(1));
    await storage.saveResult(result(2));
    const text = await readFile(file, 'utf8');
    assert.equal(text.split('\n').length, 3);
    assert.ok(text.startsWith('{"kind":"evaluation","overallScore":0.01,'));
    const { records, skipped } = await readAll(file);
    assert.deepEqual(skipped, []);
    assert.deepEqual(records.map((r) => [r.kind, r.timestamp]), [['evaluation', 1_700_000_000_001], ['evaluation', 1_700_000_000_002]]);
    const { results } = await storage.readResults();
    assert.deepEqual(results, [result(1), result(2)]);
  });

  it('a missing file reads as empty', async () => {
    assert.deepEqual(await readAll(path.join(dir, 'none.jsonl')), { records: [], skipped: [] });
  });

  it('other kinds share the file; the result cannot relabel its line', async () => {
    const file = path.join(dir, 'mixed.jsonl');
    await appendRecord(file, { kind: 'nightly', timestamp: 5, server: 'acme' });
    await new JsonlFileStorage(file).saveResult({ ...result(3), kind: 'nightly' } as AggregatedEvaluationResult);
    const { records } = await readAll(file);
    assert.deepEqual(records.map((r) => r.kind), ['nightly', 'evaluation']);
    assert.equal((await new JsonlFileStorage(file).readResults()).results.length, 1);
    await assert.rejects(appendRecord(file, { kind: '', timestamp: 1 }), /needs a kind/);
  });

  it('tolerates a torn last line, and reports unreadable lines instead of failing', async () => {
    const file = path.join(dir, 'torn.jsonl');
    const storage = new JsonlFileStorage(file);
    await storage.saveResult(result(1));
    await appendFile(file, '[1,2]\n{"kind":"evaluation","timestamp":1,"results":[{"crit');
    const { records, skipped } = await readAll(file);
    assert.equal(records.length, 1);
    assert.deepEqual(skipped, [
      { line: 2, reason: 'not an object' },
      { line: 3, reason: 'torn last line (an append did not finish)' },
    ]);
  });

  it('concurrent appends in one process never interleave, even lines larger than a write chunk', async () => {
    const file = path.join(dir, 'concurrent.jsonl');
    const storage = new JsonlFileStorage(file);
    // 600 KB lines exceed Node's 512 KiB appendFile chunk; small ones squeeze in between.
    await Promise.all(Array.from({ length: 40 }, (_, n) => storage.saveResult(result(n, n % 5 === 0 ? 600_000 : 100))));
    const { records, skipped } = await readAll(file);
    assert.deepEqual(skipped, []);
    assert.deepEqual(records.map((r) => r.timestamp - 1_700_000_000_000).sort((a, b) => a - b), Array.from({ length: 40 }, (_, n) => n));
  });

  it('concurrent appends from several processes keep every line whole', async () => {
    const file = path.join(dir, 'processes.jsonl');
    const script = path.join(dir, 'writer.ts');
    const module = path.resolve(import.meta.dirname, 'jsonl-storage.ts');
    await writeFile(
      script,
      `import { appendRecord } from ${JSON.stringify(module)};\n` +
        `const id = Number(process.argv[2]);\n` +
        `await Promise.all(Array.from({ length: 50 }, (_, n) => appendRecord(${JSON.stringify(file)}, { kind: 'test', timestamp: id * 1000 + n, pad: 'y'.repeat(20_000) })));\n`,
    );
    await Promise.all(
      [1, 2, 3, 4].map(
        (id) =>
          new Promise<void>((resolve, reject) => {
            const child = spawn(process.execPath, [script, String(id)], { stdio: 'inherit' });
            child.on('error', reject);
            child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`writer ${id} exited ${code}`))));
          }),
      ),
    );
    const { records, skipped } = await readAll(file);
    assert.deepEqual(skipped, []);
    assert.equal(records.length, 200);
    assert.equal(new Set(records.map((r) => r.timestamp)).size, 200);
  });

  it('a result JSON cannot hold fails its own save and leaves the file intact', async () => {
    const file = path.join(dir, 'bad.jsonl');
    const storage = new JsonlFileStorage(file);
    const circular = result(1) as AggregatedEvaluationResult & { metadata: Record<string, unknown> };
    circular.metadata['self'] = circular;
    await assert.rejects(storage.saveResult(circular), TypeError);
    await storage.saveResult(result(2));
    assert.equal((await readAll(file)).records.length, 1);
  });
});
