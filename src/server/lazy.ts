/**
 * Every module the server stage loads on first use, in one place: none of them is needed
 * before the server's spawn (test/action-startup-path.test.ts). Each import() target is a
 * chunk of the bundle (scripts/build.ts); the module cache keeps what was loaded.
 */

/** The MCP SDK client with zod: once the server is spawned, not on the path to the spawn. */
export const loadStdioClient = () => import('./stdio-client.ts');
/** pidusage: by the first RSS sample, after the spawn. */
export const loadPidusage = () => import('pidusage');
/** pidtree (it spawns ps and imports node:util): only where /proc is missing, after the spawn. */
export const loadPidtree = () => import('pidtree');
