/** The `yaml` package, loaded on first use (shared/lazy-require.ts): its positioned document model locates dataset problems, and the converter writes YAML; most runs need neither. */
import type * as Yaml from 'yaml';
import { lazyRequire } from './lazy-require.ts';

export const yamlModule = lazyRequire<typeof Yaml>('yaml');
