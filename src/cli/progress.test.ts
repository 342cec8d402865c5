import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import type { ProgressEvent } from '../run/run-suite.ts';
import { createProgress, PROGRESS_LEGEND } from './progress.ts';

function sink(tty: boolean): { stream: NodeJS.WriteStream; text: () => string } {
  let text = '';
  const stream = new Writable({ write: (chunk: Buffer, _enc, done) => ((text += chunk.toString()), done()) }) as unknown as NodeJS.WriteStream;
  (stream as { isTTY?: boolean }).isTTY = tty;
  return { stream, text: () => text };
}

const event = (done: number, total: number, found: boolean): ProgressEvent =>
  ({ done, total, observation: { caseId: `c${done}`, repetition: 0, status: 'ok', rounds: [{ round: 1, hits: [{ id: 'a' }], nextCursor: null, ms: 1 }], foundInRound: found ? 1 : null } }) as ProgressEvent;

describe('progress', () => {
  it('piped: a line per 10% of the calls (not one per call), tallies, and the legend once', () => {
    const { stream, text } = sink(false);
    const p = createProgress(stream, false);
    for (let i = 1; i <= 325; i++) p.update(event(i, 325, i % 5 !== 0));
    p.done();
    const lines = text().trim().split('\n');
    assert.equal(lines[0], `docs-mcp-eval: ${PROGRESS_LEGEND}`);
    assert.equal(lines.length, 11, text());
    assert.match(lines.at(-1)!, /^\[325\/325\] 100% · ✓ 260 {2}○ 65 {2}∅ 0 {2}✗ 0 · [\d.]+s$/);
  });

  it('verbose: each case that did not simply pass, with its reason', () => {
    const { stream, text } = sink(false);
    const p = createProgress(stream, true);
    p.update(event(1, 2, true));
    p.update(event(2, 2, false));
    assert.match(text(), /^ {2}○ c2\n {4}no relevant doc in 1 round\(s\); top: a$/m);
    assert.doesNotMatch(text(), / {2}✓ c1/);
  });
});
