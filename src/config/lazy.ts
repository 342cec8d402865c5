/**
 * Every module the config stage loads on first use, in one place: parsers and validators
 * load only when there is a file for them. Each import() target is a chunk of the bundle
 * (scripts/build.ts); the module cache keeps what was loaded.
 */

/** The config file's parser and validator: only when there is a config file. */
export const loadConfigFileParser = () => import('./config-file.ts');
/** The profile reader and its validator: only when there is a profile to read. */
export const loadProfileReader = () => import('../suite/profile.ts');
