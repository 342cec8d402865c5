/** The editor-facing schema is part of the product: every field must explain itself. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import schema from '../../datasets/schema.json' with { type: 'json' };

/** Walks every `properties` entry and reports those without a description (directly or via $ref). */
function undocumented(node: unknown, at: string, out: string[]): string[] {
  if (typeof node !== 'object' || node === null) return out;
  const record = node as Record<string, unknown>;
  if (typeof record.properties === 'object' && record.properties !== null) {
    for (const [name, child] of Object.entries(record.properties)) {
      const property = child as Record<string, unknown>;
      if (typeof property.description !== 'string' && typeof property.$ref !== 'string') out.push(`${at}.${name}`);
    }
  }
  for (const [key, child] of Object.entries(record)) undocumented(child, `${at}/${key}`, out);
  return out;
}

it('documents every field', () => {
  assert.deepEqual(undocumented(schema, '#', []), []);
});

it('forbids unknown fields on every fixed-shape object', () => {
  const open: string[] = [];
  const walk = (node: unknown, at: string): void => {
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    if (record.properties !== undefined && record.additionalProperties === undefined) open.push(at);
    for (const [key, child] of Object.entries(record)) walk(child, `${at}/${key}`);
  };
  walk(schema, '#');
  assert.deepEqual(open, []);
});
