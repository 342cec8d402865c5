/** The JSON Schema of speakeasy's cases.json array (compiled at build time, see scripts/generate-validators.ts). */
const nonEmptyString = { type: 'string', minLength: 1 };

export const speakeasySchema = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'query'],
    oneOf: [{ required: ['expectedChunkId'] }, { required: ['expected_chunk_id'] }],
    properties: {
      id: {
        type: 'string',
        pattern: '^[A-Za-z0-9][A-Za-z0-9._:/-]*$',
        patternErrorMessage: 'ids use letters, digits and . _ : / - and start with a letter or digit',
      },
      name: nonEmptyString,
      category: nonEmptyString,
      query: nonEmptyString,
      expectedChunkId: nonEmptyString,
      expected_chunk_id: nonEmptyString,
      filters: { type: 'object', additionalProperties: { type: 'string' } },
      limit: { type: 'integer', minimum: 1, maximum: 100 },
      maxRounds: { type: 'integer', minimum: 1, maximum: 20 },
      max_rounds_allowed: { type: 'integer', minimum: 1, maximum: 20 },
    },
  },
};
