/**
 * Output survives any pipe: a multi-megabyte `--json` report and a large markdown report
 * piped into a reader that starts a second late (`| (sleep 1; cat)`) arrive whole, on
 * Node 24 and Node 20. Before, process.exit() ran while the pipe was full and the reader
 * got 65,536 bytes of a 3.8 MB report, with exit 0.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, it } from 'node:test';
import { quote } from 'shell-quote';
import type { Report } from '../src/model/report.ts';
import { CLI } from './support/cli.ts';
import { faultyCommand } from './support/faulty.ts';
import { findNode20 } from './support/node20.ts';

const CASES = 2_000;
const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-pipe-'));
const suite = path.join(dir, 'cases.yaml');
// Every case misses (the fixture server always answers a.md#x), so each is listed in the markdown too.
writeFileSync(suite, `name: pipe\ncases:\n${Array.from({ length: CASES }, (_, i) => `  - id: case-${i}\n    query: query number ${i}\n    expected: b.md#y-${i}\n`).join('')}`);

/** Runs the CLI with stdout into `(sleep 1; cat > file)`; returns the CLI's exit code and what the reader got. */
async function piped(node: string, name: string, json: boolean): Promise<{ code: number; received: Buffer; out: string; markdown: string }> {
  const out = path.join(dir, `${name}.json`);
  const markdown = path.join(dir, `${name}.md`);
  const received = path.join(dir, `${name}.stdout`);
  const codeFile = path.join(dir, `${name}.code`);
  const cli = quote([node, CLI, 'run', '--cases', suite, '--server-command', faultyCommand(), '--no-baseline', '--repetitions', '1', '--warmup', '0', '--out', out, '--markdown', markdown, ...(json ? ['--json'] : [])]);
  await promisify(execFile)('sh', ['-c', `{ ${cli} 2>/dev/null; echo $? > ${quote([codeFile])}; } | (sleep 1; cat > ${quote([received])})`], { timeout: 120_000 });
  return { code: Number(readFileSync(codeFile, 'utf8')), received: readFileSync(received), out, markdown };
}

const node20 = findNode20();
for (const [label, node] of [['Node 24', process.execPath], ['Node 20', node20]] as const) {
  describe(`output through a slow pipe on ${label}`, { skip: node ? false : 'no Node 20 on PATH' }, () => {
    it('a multi-megabyte --json report arrives whole and parses', async () => {
      const r = await piped(node!, `json-${label}`, true);
      assert.equal(r.code, 0, 'every case ran (and missed: no error)');
      const file = readFileSync(r.out);
      assert.ok(file.length > 2 * 1024 * 1024, `the report is ${file.length} bytes: big enough to fill a pipe many times`);
      assert.equal(r.received.length, file.length, `got ${r.received.length} of ${file.length} bytes`);
      const report = JSON.parse(r.received.toString('utf8')) as Report;
      assert.equal(report.cases.length, CASES);
    });

    it('a large markdown report arrives whole, its last lines included', async () => {
      const r = await piped(node!, `md-${label}`, false);
      const file = readFileSync(r.markdown);
      assert.ok(file.length > 100 * 1024, `the markdown is ${file.length} bytes`);
      assert.equal(r.received.length, file.length, `got ${r.received.length} of ${file.length} bytes`);
      assert.ok(r.received.equals(file));
    });
  });
}
