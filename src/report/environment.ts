/** Where a run happened: enough to tell whether two latency figures are comparable. */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import type { Environment, GitInfo } from '../model/report.ts';

export function currentEnvironment(env: NodeJS.ProcessEnv = process.env): Environment {
  const environment: Environment = {
    os: `${os.type()} ${os.release()}`,
    arch: os.arch(),
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    node: process.version,
  };
  // GitHub-hosted runners name their image in these variables.
  if (env['ImageOS']) environment.runnerImage = `${env['ImageOS']} ${env['ImageVersion'] ?? ''}`.trim();
  return environment;
}

function git(args: string[], cwd: string): string | undefined {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The commit under test: the Actions variables when present, else the working tree's HEAD. */
export function currentGit(cwd: string, env: NodeJS.ProcessEnv = process.env): GitInfo {
  const info: GitInfo = {};
  const sha = env['GITHUB_SHA'] ?? git(['rev-parse', 'HEAD'], cwd);
  const ref = env['GITHUB_REF'] ?? git(['rev-parse', '--abbrev-ref', 'HEAD'], cwd);
  if (sha) info.sha = sha;
  if (ref) info.ref = ref;
  return info;
}
