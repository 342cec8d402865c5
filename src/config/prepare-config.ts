/**
 * From what the user gave (flags or Action inputs) to the one validated Config: the
 * config file (named, or docs-mcp-eval.yml in the working directory) underneath, flags
 * on top; then the server shape: a built-in profile or a profile file, with the config
 * file's search/fetch sections over it, checked (a bad JSONPath or regex is a usage
 * error now, before any server starts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../shared/run-errors.ts';
import { searchProfileFrom } from '../run/search-spec.ts';
import { folderProfile } from '../suite/load-suite.ts';
import { BUILTIN_PROFILES, DEFAULT_SHAPE, overlayShape } from './builtin-profiles.ts';
import { configFilePath } from './config-file-path.ts';
import type { Config } from './config.ts';
import { resolveConfig, type RunOptions } from './run-options.ts';
import { loadConfigFileParser, loadProfileReader } from './lazy.ts';

/** Flags over the file: each set flag wins; maps (server env, tool map, per-metric minimum effects, judging, agent) merge key by key. */
export function mergeOptions(file: RunOptions, flags: RunOptions): RunOptions {
  const merged: RunOptions = { ...file, ...flags };
  if (file.serverEnv || flags.serverEnv) merged.serverEnv = { ...file.serverEnv, ...flags.serverEnv };
  if (file.toolMap || flags.toolMap) merged.toolMap = { ...file.toolMap, ...flags.toolMap };
  if (file.minEffectFor || flags.minEffectFor) merged.minEffectFor = { ...file.minEffectFor, ...flags.minEffectFor };
  if (file.judging || flags.judging) merged.judging = { ...file.judging, ...flags.judging };
  if (file.agent || flags.agent) merged.agent = { ...file.agent, ...flags.agent };
  // A server given by flags replaces the file's whole server, not half of it.
  if (flags.serverCommand !== undefined || flags.serverUrl !== undefined) {
    if (flags.serverUrl === undefined) delete merged.serverUrl;
    if (flags.serverCommand === undefined) delete merged.serverCommand;
  }
  return merged;
}

export async function prepareConfig(flags: RunOptions, baseDir: string): Promise<Config> {
  const workDir = path.resolve(baseDir, flags.cwd ?? '.');
  const file = configFilePath(flags.config, workDir);
  // The config file's parser and validator load only when there is a file.
  const options = file ? mergeOptions(await (await loadConfigFileParser()).loadConfigFile(file), flags) : flags;
  const builtin = options.profile !== undefined && !existsSync(path.resolve(workDir, options.profile)) ? BUILTIN_PROFILES[options.profile] : undefined;
  const { profile: _named, ...withoutProfile } = options;
  const config = resolveConfig(builtin ? withoutProfile : options, baseDir);
  if (builtin) config.profile = null;
  if (options.profile !== undefined && !builtin && !existsSync(config.profile ?? '')) {
    throw new UsageError(`profile "${options.profile}" is neither a file nor a built-in profile (${Object.keys(BUILTIN_PROFILES).join(', ')})`);
  }
  // A dataset folder's own profile.yaml (datasets/crypto-docs/) is its profile unless one is named.
  if (options.profile === undefined) config.profile = (await folderProfile(config.cases)) ?? null;
  let shape = builtin?.shape ?? DEFAULT_SHAPE;
  if (config.profile) {
    // Its validator loads only when there is a profile to read.
    const { loadProfile } = await loadProfileReader();
    const profile = await loadProfile(config.profile);
    shape = overlayShape(shape, {
      ...(profile.search ? { search: profile.search } : {}),
      ...(profile.fetch !== undefined ? { fetch: profile.fetch } : {}),
      ...(profile.errorPath !== undefined ? { errorPath: profile.errorPath } : {}),
    });
  }
  if (options.shape) shape = overlayShape(shape, options.shape);
  try {
    await searchProfileFrom(shape);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new UsageError(message.startsWith('errorPath') ? message : `search.ids: ${message}`);
  }
  return { ...config, shape };
}
