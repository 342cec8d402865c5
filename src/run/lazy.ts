/**
 * Every module the run stage loads on first use, in one place: the extraction engines load
 * only for the server shapes that use them. Each import() target is a chunk of the bundle
 * (scripts/build.ts); the module cache keeps what was loaded.
 */

/** The id extraction modules (a JSONPath engine, RE2): only shapes with search.ids or search.normalize. */
export const loadIdSource = () => import('./extract/id-source.ts');
/** The JSONPath engine: only an errorPath other than the default. */
export const loadJsonPath = () => import('./extract/json-path.ts');
