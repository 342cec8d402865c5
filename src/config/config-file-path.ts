/** Where docs-mcp-eval.yml is looked for: kept apart from its parser, which loads only when there is a file. */
import { existsSync } from 'node:fs';
import path from 'node:path';

export const CONFIG_FILE_NAME = 'docs-mcp-eval.yml';

/** The config file to read: the one named, else docs-mcp-eval.yml in the working directory if there is one. */
export function configFilePath(named: string | undefined, workDir: string): string | undefined {
  if (named !== undefined) return path.resolve(workDir, named);
  const found = path.join(workDir, CONFIG_FILE_NAME);
  return existsSync(found) ? found : undefined;
}
