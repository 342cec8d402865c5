/**
 * The environment of what docs-mcp-eval runs for the user (the server under test, its
 * build, the base arm's setup command): the process's own, without what belongs to the
 * Action and the runner rather than to the step's user code. On a runner that is the
 * Action's inputs (`INPUT_*`: the GitHub token, `server-headers` secrets), the runner's
 * tokens and service URLs (`ACTIONS_*`: the runtime token, the OIDC request token),
 * `GITHUB_TOKEN`, and the file commands (`GITHUB_OUTPUT`, `GITHUB_ENV`, `GITHUB_STATE`,
 * `GITHUB_PATH`, `GITHUB_STEP_SUMMARY`) through which a server could set the Action's
 * outputs or the next steps' environment. A `run:` step gets none of the first three
 * either. The agent's key (`DOCS_MCP_EVAL_AGENT_API_KEY`, the Action's `agent-api-key`) is
 * for the model API alone: the server, its build and a task's commands never see it. What a server needs on purpose is passed with `server-env` (`--server-env`),
 * which is applied after this and always wins.
 */

/** Variables withheld, by name. */
const WITHHELD = [/^INPUT_/i, /^ACTIONS_/i, /^GITHUB_TOKEN$/i, /^GITHUB_(?:OUTPUT|ENV|STATE|PATH|STEP_SUMMARY)$/i, /^DOCS_MCP_EVAL_AGENT_API_KEY$/i];

export function isWithheld(name: string): boolean {
  return WITHHELD.some((pattern) => pattern.test(name));
}

/** `env` (default: this process's) without the withheld variables. */
export function scrubbedEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined && !isWithheld(name)) out[name] = value;
  return out;
}
