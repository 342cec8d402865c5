/** The JSON Schema of a profile file (see profile.ts); compiled at build time (scripts/generate-validators.ts). */
const nonEmptyString = { type: 'string', minLength: 1 };

export const profileSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    name: nonEmptyString,
    description: { type: 'string' },
    toolMap: { type: 'object', additionalProperties: nonEmptyString },
    inputDefaults: { type: 'object', additionalProperties: true },
  },
};
