import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fitSections, textSize, type Section } from './budget.ts';

const sections: Section[] = [
  { id: 'head', variants: ['HEAD'] },
  { id: 'a', variants: ['a'.repeat(100), 'a'.repeat(10), ''] },
  { id: 'b', variants: ['b'.repeat(100), ''] },
];
const plan = [['b', 9], ['a', 9]] as const;

describe('textSize', () => {
  it('counts UTF-8 bytes: never fewer than code units or code points', () => {
    assert.equal(textSize('abc'), 3);
    assert.equal(textSize('é'), 2);
    assert.equal(textSize('✅'), 3);
    assert.equal(textSize('😀'), 4);
  });
});

describe('fitSections', () => {
  it('returns everything, without a note, when it fits', () => {
    assert.equal(fitSections(sections, plan, 1000, 'NOTE'), `HEAD\n\n${'a'.repeat(100)}\n\n${'b'.repeat(100)}\n`);
  });

  it('shortens in plan order and adds the note', () => {
    const text = fitSections(sections, plan, 130, 'NOTE');
    assert.equal(text, `HEAD\n\n${'a'.repeat(100)}\n\nNOTE\n`);
    assert.ok(textSize(text) <= 130);
  });

  it('gives room back to sections shortened more than needed', () => {
    // b must go, a must shrink; then b stays out and a gets the longest variant that fits.
    const text = fitSections(sections, [['a', 9], ['b', 9]], 40, 'NOTE');
    assert.equal(text, `HEAD\n\n${'a'.repeat(10)}\n\nNOTE\n`);
  });

  it('cuts at a line when the unshortenable sections alone are too long', () => {
    const text = fitSections([{ id: 'head', variants: ['line one\nline two\nline three'] }], [], 25, 'NOTE');
    assert.equal(text, 'line one\nline two\n\nNOTE\n');
  });
});
