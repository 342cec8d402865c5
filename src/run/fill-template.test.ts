import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fillTemplate } from './fill-template.ts';

describe('fillTemplate', () => {
  const vars = { project: 'mina', limit: 5, case: { id: 'x-1' } };

  it('keeps the type of a whole-value template and interpolates inside text', () => {
    assert.deepEqual(fillTemplate({ project: '{project}', limit: '{limit}', q: 'about {project} ({case.id})' }, vars), {
      project: 'mina',
      limit: 5,
      q: 'about mina (x-1)',
    });
  });

  it('leaves unknown fields and non-string values alone', () => {
    assert.deepEqual(fillTemplate({ a: '{nope}', b: 'use {braces} here', c: 3, d: [true, '{project}'] }, vars), {
      a: '{nope}',
      b: 'use {braces} here',
      c: 3,
      d: [true, 'mina'],
    });
  });
});
