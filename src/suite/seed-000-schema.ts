/**
 * The JSON Schema of seed 000's dataset files (the crypto-docs evaluation plan): top-level
 * { name, project, version, tests }, each test { id, name, tool, difficulty, input,
 * expected: { validations, expectedKeywords?, forbiddenKeywords?, expectedImports? } }.
 * Rules, ids and difficulties are this project's own definitions (datasets/schema.json),
 * so a seed-000 file is held to the same rule shapes as a native one. Compiled at build
 * time (scripts/generate-validators.ts).
 */
import nativeSchema from '../../datasets/schema.json' with { type: 'json' };

const nonEmptyString = { type: 'string', minLength: 1 };
const stringList = { type: 'array', items: nonEmptyString };

export const seed000Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'project', 'version', 'tests'],
  properties: {
    $schema: { type: 'string' },
    name: nonEmptyString,
    // Seed 000 enumerates mina, solana and cosmos; any project name is accepted here.
    project: nonEmptyString,
    version: { type: 'string' },
    tests: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'tool', 'difficulty', 'input', 'expected'],
        properties: {
          id: { $ref: '#/definitions/caseId' },
          name: nonEmptyString,
          description: { type: 'string' },
          tool: nonEmptyString,
          project: nonEmptyString,
          difficulty: { $ref: '#/definitions/difficulty' },
          input: { type: 'object', additionalProperties: true },
          expected: {
            type: 'object',
            additionalProperties: false,
            properties: {
              // Optional, as in seed 000's schema.json (its TypeScript type requires it).
              validations: { type: 'array', items: { $ref: '#/definitions/rule' } },
              expectedKeywords: stringList,
              forbiddenKeywords: stringList,
              expectedImports: stringList,
            },
          },
          tags: stringList,
        },
      },
    },
  },
  definitions: {
    caseId: nativeSchema.definitions.caseId,
    difficulty: nativeSchema.definitions.difficulty,
    rule: nativeSchema.definitions.rule,
  },
};
