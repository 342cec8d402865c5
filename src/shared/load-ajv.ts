/** Ajv, loaded on first use (shared/lazy-require.ts): json_schema rules, judge answers and dataset schemas compiled at run time need it; most runs start without it. */
import type * as AjvModule from 'ajv';
import { lazyRequire } from './lazy-require.ts';

export const ajvModule = lazyRequire<typeof AjvModule>('ajv');
