/**
 * Every module the suite loader loads on first use, in one place: a format's parser (and
 * its validators) loads only for the files that need it. Each import() target is a chunk
 * of the bundle (scripts/build.ts); the module cache keeps what was loaded.
 */

/** The seed-000 importer and its validator: only seed-000 files. */
export const loadSeed000Importer = () => import('./import-seed-000.ts');
/** The speakeasy importer and its validator: only speakeasy files. */
export const loadSpeakeasyImporter = () => import('./import-speakeasy.ts');
/** The speakeasy agent-task importer: only speakeasy-agent files. */
export const loadSpeakeasyAgentImporter = () => import('./import-speakeasy-agent.ts');
/** The answer checks with the evaluator registry: only native files holding answer material. */
export const loadAnswerChecks = () => import('./answer-checks.ts');
/** The task checks with the task validator: only native files holding task cases or an agent block. */
export const loadTaskChecks = () => import('./task-checks.ts');
