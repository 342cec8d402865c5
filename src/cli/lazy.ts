/**
 * Every module the CLI loads on first use, in one place: a command pays only for what it
 * uses. The module cache keeps what was loaded.
 */

/** The Streamable HTTP client: only servers given by --server-url. */
export const loadHttpSession = () => import('../server/http-session.ts');
/** The config preparation a run does (profile, search and fetch sections): only inspect --config. */
export const loadPrepareConfig = () => import('../config/prepare-config.ts');
/** The config file's parser and validator: only inspect --config. */
export const loadConfigFileParser = () => import('../config/config-file.ts');
/** The API-key checks of the LLM judge: only pairwise judging (--judge-model). */
export const loadJudgeSecrets = () => import('../answers/evaluators/llm/secrets.ts');
/** The OpenAI-compatible client: only pairwise judging (--judge-model). */
export const loadOpenAiClient = () => import('../answers/evaluators/llm/openai-client.ts');
/** The judge session (cache, budget): only pairwise judging. */
export const loadJudgeSession = () => import('../answers/evaluators/llm/judge-session.ts');
/** The agent relay server: only the internal relay command an agent CLI starts. */
export const loadRelayServer = () => import('../agent/relay/relay-server.ts');
