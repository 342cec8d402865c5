/**
 * A valid instance of a (structured-output) JSON schema, for the double's default chat
 * reply: what a well-behaved model returns. Arrays whose items are an anyOf get one item per
 * alternative, so a judge schema (one alternative per criterion) is answered in full.
 */

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

export function sampleInstance(schema: unknown): unknown {
  if (!isSchema(schema)) return null;
  if (Array.isArray(schema['enum'])) return schema['enum'][0];
  if ('const' in schema) return schema['const'];
  const alternatives = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(alternatives)) return sampleInstance(alternatives[0]);
  const type = Array.isArray(schema['type']) ? (schema['type'] as unknown[]).find((t) => t !== 'null') : schema['type'];
  const bound = (key: string): number | undefined => (typeof schema[key] === 'number' ? schema[key] : undefined);
  switch (type) {
    case 'object': {
      const properties = isSchema(schema['properties']) ? schema['properties'] : {};
      return Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, sampleInstance(value)]));
    }
    case 'array': {
      const items = schema['items'];
      const anyOf = isSchema(items) ? items['anyOf'] : undefined;
      return Array.isArray(anyOf) ? anyOf.map(sampleInstance) : [sampleInstance(items)];
    }
    case 'string':
      return 'sampled by the openai double';
    case 'integer':
      return bound('maximum') ?? bound('minimum') ?? 1;
    case 'number':
      return bound('maximum') ?? bound('minimum') ?? 0.5;
    case 'boolean':
      return true;
    default:
      return null;
  }
}
