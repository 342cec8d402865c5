import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { report } from '../../test/support/reports.ts';
import { writeReportJson } from './write-report-json.ts';

describe('writeReportJson', () => {
  it('writes exactly what JSON.stringify(report, null, 2) gives, plus a newline', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-json-'));
    for (const [name, r] of [
      ['some cases', report([{ id: 'a"b\nc', ranked: ['x', 'y'], relevant: [{ id: 'x', grade: 2 }], searchMs: [1.5, 2] }, { id: 'b', ranked: [], relevant: [{ id: 'z', grade: 1 }] }], { rssSamples: [1, 2, 3], buildMs: 5 })],
      ['no cases', report([])],
    ] as const) {
      const file = path.join(dir, `${name}.json`);
      await writeReportJson(r, file);
      assert.equal(readFileSync(file, 'utf8'), `${JSON.stringify(r, null, 2)}\n`, name);
    }
  });
});
