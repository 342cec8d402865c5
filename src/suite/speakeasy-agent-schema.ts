/**
 * The JSON Schema of speakeasy's agent scenario files (docs-mcp-eval `agent-eval`): a
 * mapping of scenario id -> scenario (keys starting with `_`, such as `_defaults` and
 * `_config`, are not scenarios), or the older list of scenarios. Assertions are this
 * project's own definition (datasets/schema.json), of which speakeasy's six types are a
 * subset with the same fields. Fields speakeasy uses to build and name its own docs server
 * are accepted and reported as not used (import-speakeasy-agent.ts). Compiled at build time
 * (scripts/generate-validators.ts).
 */
import nativeSchema from '../../datasets/schema.json' with { type: 'json' };

const nonEmptyString = { type: 'string', minLength: 1 };

/** Fields speakeasy reads that have no meaning here: the server under test is ours to start. */
export const UNUSED_SCENARIO_FIELDS = ['docsDir', 'docsSpec', 'indexDir', 'mcpServerName', 'description', 'toolDescriptions', 'mcpServerInstructions', 'links', 'models'] as const;

const scenario = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'prompt', 'assertions'],
  properties: {
    id: { $ref: '#/definitions/caseId' },
    name: nonEmptyString,
    prompt: nonEmptyString,
    category: nonEmptyString,
    systemPrompt: nonEmptyString,
    setup: nonEmptyString,
    maxTurns: { type: 'integer', minimum: 1, maximum: 500 },
    maxBudgetUsd: { type: 'number', exclusiveMinimum: 0 },
    assertions: { type: 'array', minItems: 1, items: { $ref: '#/definitions/assertion' } },
    ...Object.fromEntries(UNUSED_SCENARIO_FIELDS.map((field) => [field, {}])),
  },
};

export const speakeasyAgentSchema = {
  if: { type: 'array' },
  then: { type: 'array', minItems: 1, items: scenario },
  else: {
    type: 'object',
    minProperties: 1,
    patternProperties: { '^_': {} },
    additionalProperties: scenario,
  },
  definitions: {
    caseId: nativeSchema.definitions.caseId,
    assertion: nativeSchema.definitions.assertion,
    rule: nativeSchema.definitions.rule,
  },
};
