import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { once } from 'node:events';
import { createOutputTail } from './stderr-tail.ts';

test('short output comes back whole, without a header', () => {
  const tail = createOutputTail();
  tail.write('one\ntwo\n');
  tail.write(Buffer.from('three\n'));
  assert.equal(tail.text(), 'one\ntwo\nthree');
  assert.equal(tail.totalBytes, 14);
});

test('keeps the last lines and says how much there was', () => {
  const tail = createOutputTail({ maxLines: 3, label: 'stderr' });
  for (let i = 1; i <= 10; i++) tail.write(`line ${i}\n`);
  assert.equal(tail.text(), '… 71 B of stderr, last 3 lines:\nline 8\nline 9\nline 10');
});

test('a 50 MB flood stays bounded by maxBytes and is reported', () => {
  const tail = createOutputTail({ maxLines: 40, maxBytes: 8192 });
  const block = Buffer.from(('x'.repeat(99) + '\n').repeat(655)); // ~64 KB
  for (let i = 0; i < 800; i++) {
    tail.write(block);
    assert.ok(tail.keptBytes <= 8192);
  }
  const text = tail.text();
  assert.ok(tail.totalBytes >= 50 * 1000 * 1000);
  assert.match(text, /^… 50\.0 MiB of stderr, last 40 lines:\n/);
  assert.equal(text.split('\n').length, 41);
  assert.ok(text.length < 8192 + 100);
});

test('one huge line is cut to maxBytes, never kept whole', () => {
  const tail = createOutputTail({ maxBytes: 1000 });
  tail.write('y'.repeat(5_000_000));
  const text = tail.text();
  assert.match(text, /^… 4\.8 MiB of stderr, last 1 lines:\ny{1000}$/);
});

test('a cut inside a UTF-8 character does not print a replacement char', () => {
  const tail = createOutputTail({ maxBytes: 7 });
  tail.write('ab\néééé'); // the cut lands mid-é
  assert.doesNotMatch(tail.text(), /\uFFFD/);
  assert.match(tail.text(), /éé+$/);
});

test('strips colours and keeps only the last redraw of a progress line', () => {
  const tail = createOutputTail();
  tail.write('\u001b[31merror\u001b[0m: bad\n 10%\r 50%\r100% done\n');
  assert.equal(tail.text(), 'error: bad\n100% done');
});

test('notes come after the output and survive a flood', () => {
  const tail = createOutputTail({ maxLines: 2, maxBytes: 64 });
  tail.note('[docs-mcp-eval] build timed out after 5s');
  for (let i = 0; i < 1000; i++) tail.write(`noise ${i}\n`);
  assert.match(tail.text(), /noise 999\n\[docs-mcp-eval\] build timed out after 5s$/);
});

test('attach() reads a stream', async () => {
  const tail = createOutputTail();
  const stream = Readable.from(['a\n', 'b\n']);
  tail.attach(stream);
  await once(stream, 'end');
  assert.equal(tail.text(), 'a\nb');
});
