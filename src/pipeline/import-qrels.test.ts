/** TREC qrels replace the judgments of the cases they cover; the selected cases they do not cover are named. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RetrievalCase } from '../model/case.ts';
import { applyQrels, uncoveredNote } from './import-qrels.ts';

const retrieval = (id: string): RetrievalCase => ({ id, name: id, category: 'c', tags: [], source: { file: 'cases.yaml', line: 1 }, kind: 'retrieval', query: id, filters: {}, relevant: [{ id: 'own.md', grade: 1 }], limit: 5, maxRounds: 1 });

describe('--qrels', () => {
  it('replaces the covered cases\' judgments and names the selected cases it does not cover', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'dme-qrels-')), 'qrels.txt');
    writeFileSync(file, 'a 0 x.md 2\nb 0 y.md 0\nzz 0 z.md 1\n');
    const notes: string[] = [];
    const cases = ['a', 'b', 'c', 'd'].map(retrieval);
    const { cases: judged, covered } = await applyQrels(cases, file, (m) => notes.push(m));
    assert.deepEqual(judged.map((c) => (c as RetrievalCase).relevant), [[{ id: 'x.md', grade: 2 }], [{ id: 'y.md', grade: 0 }], [{ id: 'own.md', grade: 1 }], [{ id: 'own.md', grade: 1 }]]);
    assert.deepEqual([...covered], ['a', 'b']);
    assert.deepEqual(notes, ['1 qrels query matches no case: zz', `judgments of 2 case(s) from ${file}`]);
    assert.equal(uncoveredNote(judged, covered, file), `2 retrieval case(s) are not in ${file} and keep the dataset's own judgments (they count in the means): c, d; select cases (--id, --category, --tag) to judge only what the qrels cover`);
    assert.equal(uncoveredNote(judged.slice(0, 2), covered, file), undefined);
  });
});
