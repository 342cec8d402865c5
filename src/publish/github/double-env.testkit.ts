/**
 * Test-only: one GitHub double for a whole test file, with the runner env pointed at it.
 * @actions/artifact's findBy mode builds its client from GITHUB_API_URL as read when
 * @actions/github is first imported, so callers import the modules under test
 * dynamically, after `start()`. (Tests of plain Octokit calls pass `baseUrl` instead.)
 */
import { startGitHubDouble, type GitHubDouble } from '../../../test/support/github-double/index.ts';

export interface DoubleEnv {
  double: GitHubDouble;
  stop(): Promise<void>;
}

export async function startDoubleEnv(): Promise<DoubleEnv> {
  const savedEnv = { ...process.env };
  const double = await startGitHubDouble();
  Object.assign(process.env, double.env());
  // @actions/core's `::debug::` workflow commands would flood the test output.
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk: string | Uint8Array, ...rest: never[]) =>
    typeof chunk === 'string' && chunk.startsWith('::') ? true : write(chunk, ...rest);
  return {
    double,
    async stop() {
      process.stdout.write = write;
      process.env = savedEnv;
      await double.close();
    },
  };
}
