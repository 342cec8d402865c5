import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isWithheld, scrubbedEnv } from './child-env.ts';

describe('the environment of what runs for the user', () => {
  it("withholds the Action's inputs, the runner's tokens, the file commands and the agent's key; keeps the rest", () => {
    const env = scrubbedEnv({
      PATH: '/usr/bin',
      HOME: '/home/runner',
      GITHUB_WORKSPACE: '/work',
      INPUT_GITHUB_TOKEN: 'ghs_input',
      ACTIONS_RUNTIME_TOKEN: 'runtime',
      GITHUB_TOKEN: 'ghs_env',
      GITHUB_OUTPUT: '/tmp/out',
      DOCS_MCP_EVAL_AGENT_API_KEY: 'sk-agent',
      OPENAI_API_KEY: 'sk-user',
      UNSET: undefined,
    });
    assert.deepEqual(env, { PATH: '/usr/bin', HOME: '/home/runner', GITHUB_WORKSPACE: '/work', OPENAI_API_KEY: 'sk-user' });
    assert.equal(isWithheld('docs_mcp_eval_agent_api_key'), true);
    assert.equal(isWithheld('DOCS_MCP_EVAL_AGENT_API_KEY_FILE'), false);
  });
});
