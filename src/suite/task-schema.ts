/**
 * The native dataset schema (datasets/schema.json, complete for editors) compiled as two
 * validators (scripts/generate-validators.ts), so a dataset without task cases never loads
 * what checks them: the core validator, before any server starts for every dataset, takes
 * a task case and the `agent` block as they are; the task validator, loaded only for data
 * that holds them (holdsTaskMaterial), checks exactly those. Each problem is reported once,
 * by one of the two.
 */
import nativeSchema from '../../datasets/schema.json' with { type: 'json' };

type Json = Record<string, unknown>;

/** The native schema with task cases and the agent block accepted unchecked (the task validator checks them). */
export function coreSchema(schema: typeof nativeSchema = nativeSchema): Json {
  const copy = structuredClone(schema) as unknown as { definitions: Json; [key: string]: unknown };
  const { assertion: _assertion, ...definitions } = copy.definitions;
  return {
    ...copy,
    definitions: {
      ...definitions,
      taskCase: { description: 'A task case: checked by the task validator.', type: 'object' },
      agent: { description: 'The agent: checked by the task validator.', type: 'object' },
    },
  };
}

/** Only the task cases (by `kind: task`) and the agent block, with the native definitions they use. */
export function tasksSchema(schema: typeof nativeSchema = nativeSchema): Json {
  const { definitions } = schema;
  return {
    type: 'object',
    properties: {
      agent: { $ref: '#/definitions/agent' },
      cases: { type: 'array', items: { if: { $ref: '#/definitions/isTaskCase' }, then: { $ref: '#/definitions/taskCase' } } },
    },
    definitions,
  };
}
