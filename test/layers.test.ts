/**
 * The house keeps its plan (scripts/import-graph.ts, LAYERS): every import between the
 * stage folders of src/ points down a floor, the model imports nothing of ours, and no
 * files import each other in a circle. `npm run imports` draws the picture.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { arrowsUp, circles, LAYERS, readImportGraph, roomArrows, roomOf } from '../scripts/import-graph.ts';

describe('the layers of src/', () => {
  const graph = readImportGraph();
  const arrows = roomArrows(graph);

  it('every folder has a floor in the plan', () => {
    const planned = new Set(LAYERS.flat());
    const rooms = [...new Set([...graph.edges.keys()].map(roomOf))];
    assert.deepEqual(rooms.filter((r) => !planned.has(r)), [], 'add the new folder to LAYERS in scripts/import-graph.ts');
  });

  it('imports only run down: no arrow to the same floor or above', () => {
    assert.deepEqual(arrowsUp(arrows, LAYERS), []);
  });

  it('the model imports nothing of ours', () => {
    assert.deepEqual([...arrows.keys()].filter((a) => a.startsWith('model -> ')), []);
  });

  it('no import circles between files', () => {
    assert.deepEqual(circles(graph), []);
  });

  it("every folder says what enters and what leaves (its README.md), and src/README.md draws the plan's floors", () => {
    const src = path.resolve(import.meta.dirname, '../src');
    assert.deepEqual(LAYERS.flat().filter((room) => room !== '.' && !existsSync(path.join(src, room, 'README.md'))), []);
    const plan = readFileSync(path.join(src, 'README.md'), 'utf8');
    LAYERS.forEach((rooms, floor) => {
      const row = plan.split('\n').find((line) => line.startsWith(`| ${floor} |`)) ?? '';
      for (const room of rooms) assert.ok(row.includes(room === '.' ? 'index.ts' : `[${room}]`), `floor ${floor} of src/README.md lacks ${room}`);
    });
  });

  it('the check sees a violation when there is one', () => {
    const up = new Map(arrows);
    up.set('model -> report', 1);
    assert.deepEqual(arrowsUp(up, LAYERS), ['model -> report']);
    const loop = { edges: new Map([['a/x.ts', new Set(['b/y.ts'])], ['b/y.ts', new Set(['a/x.ts'])]]) };
    assert.deepEqual(circles(loop), [['a/x.ts', 'b/y.ts']]);
  });

  it("sees through a stage's lazy.ts: a circle closed by a deferred load is found as if the import() were inline", () => {
    const src = mkdtempSync(path.join(os.tmpdir(), 'layers-'));
    try {
      mkdirSync(path.join(src, 'a'));
      writeFileSync(path.join(src, 'a/lazy.ts'), "export const loadY = () => import('./y.ts');\nexport const loadZ = () => import('pkg');\n");
      writeFileSync(path.join(src, 'a/x.ts'), "import { loadY, loadZ } from './lazy.ts';\n");
      writeFileSync(path.join(src, 'a/y.ts'), "import { x } from './x.ts';\n");
      const seen = readImportGraph(src);
      assert.deepEqual([...seen.edges.get('a/x.ts')!], ['a/y.ts']);
      assert.deepEqual(circles(seen), [['a/x.ts', 'a/y.ts']]);
    } finally {
      rmSync(src, { recursive: true, force: true });
    }
  });
});
