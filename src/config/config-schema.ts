/**
 * The JSON Schema of docs-mcp-eval.yml. The source of truth is this object; the build
 * compiles it to a standalone validator and writes datasets/config.schema.json for
 * editors (`# yaml-language-server: $schema=...`).
 */
import { shapeProperties } from '../suite/profile-schema.ts';
import nativeSchema from '../../datasets/schema.json' with { type: 'json' };

const nonEmptyString = { type: 'string', minLength: 1 };
const count = (min: number) => ({ type: 'integer', minimum: min });
const fraction = { anyOf: [{ type: 'number', minimum: 0, exclusiveMaximum: 1 }, { type: 'string', pattern: '^\\s*\\d+(\\.\\d+)?\\s*%\\s*$' }] };

export const configSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'docs-mcp-eval configuration (docs-mcp-eval.yml)',
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    cases: { ...nonEmptyString, description: 'Dataset file or directory, relative to this file.' },
    profile: { ...nonEmptyString, description: 'A built-in profile (reference, speakeasy, qmd, docusaurus-plugin-mcp-server) or a profile file; search, fetch and toolMap below override it.' },
    server: {
      type: 'object',
      additionalProperties: false,
      description: 'stdio: command (+ args, cwd, env). Streamable HTTP: url (+ headers); with command too, docs-mcp-eval starts the server and waits for the url.',
      properties: {
        command: { ...nonEmptyString, description: 'Command line (shell quoting, no operators).' },
        args: { type: 'array', items: { type: 'string' }, description: 'Arguments appended to command, each quoted as one.' },
        cwd: nonEmptyString,
        env: { type: 'object', additionalProperties: { type: 'string' } },
        url: { type: 'string', pattern: '^https?://', description: 'Streamable HTTP endpoint, e.g. http://127.0.0.1:3000/mcp' },
        headers: { type: 'object', additionalProperties: { type: 'string' }, description: 'Values may name environment variables: "Bearer ${DOCS_TOKEN}".' },
        readyTimeout: { ...count(1), description: 'ms to wait for a started HTTP server to answer an initialize (default: defaults.initTimeout)' },
      },
    },
    build: {
      type: 'object',
      description: 'The index build: command (through the shell), cwd, timeout (ms, default 600000), output (what it writes: its size is index.bytes); timed, and run before the server starts.',
      additionalProperties: false,
      required: ['command'],
      properties: {
        command: nonEmptyString,
        cwd: nonEmptyString,
        timeout: { ...count(1), description: 'ms the build may run (default 600000)' },
        output: { ...nonEmptyString, description: 'What the build writes, a file or a folder, relative to this file: its size on disk after the build is the report\'s index.bytes' },
      },
    },
    ...shapeProperties,
    baseline: { type: 'string', description: 'Report to compare with, relative to this file; "none" for no comparison.' },
    judging: {
      type: 'object',
      additionalProperties: false,
      description: 'How LLM-judge and embedding calls are made: cache, concurrency, budget, prices (docs/answer-quality.md, "Cost, cache and budget").',
      properties: {
        cache: { type: 'boolean', description: 'Cache judge and embedding answers on disk (default true; --no-cache turns it off).' },
        cacheDir: { ...nonEmptyString, description: 'Cache directory, relative to this file (default .docs-mcp-eval/cache).' },
        concurrency: { ...count(1), description: 'Evaluator API calls in flight at most (default 4).' },
        budget: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          description: 'Stop judging once this is spent; later cases are "not judged (budget)".',
          properties: { usd: { type: 'number', exclusiveMinimum: 0 }, tokens: count(1) },
        },
        prices: {
          type: 'object',
          description: 'USD per million tokens, per model: { gpt-4o-mini: { input: 0.15, output: 0.6 } }. A model without a price has cost "unknown".',
          additionalProperties: {
            type: 'object',
            additionalProperties: false,
            required: ['input', 'output'],
            properties: { input: { type: 'number', minimum: 0 }, output: { type: 'number', minimum: 0 }, cachedInput: { type: 'number', minimum: 0 } },
          },
        },
      },
    },
    // The same block as a dataset's `agent:` (datasets/schema.json), over it key by key.
    agent: { ...nativeSchema.definitions.agent, description: "The task cases' agent: provider, baseUrl, model, apiKeyEnv, temperature, maxTokens, systemPrompt, prices, budget, allowCommands, withoutDocs, command (docs/agent-tasks.md). Over the dataset's agent: key by key; --agent-model, --agent-base-url and --without-docs over this." },
    defaults: {
      type: 'object',
      additionalProperties: false,
      description: 'Run settings; command-line flags and Action inputs override them.',
      properties: {
        k: { anyOf: [count(1), { type: 'array', items: count(1), minItems: 1 }, { type: 'string', pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*\\s*$' }], description: 'Metric cutoff, or several (5, [1, 5, 10] or "1,5,10"): every @k metric at each; the largest is the primary one.' },
        repetitions: { ...count(1), description: 'Times each case runs, reshuffled each time (default 5).' },
        maxRepetitions: { ...count(1), description: 'Same-job A/B: more repetitions, up to this many, until the median-latency CIs are narrow enough (default 20).' },
        answerRepetitions: { ...count(1), description: 'Times each answer case is asked unless the case sets `repetitions` (default 1: answer tools may be paid for); its score is the mean over the answers.' },
        warmup: { ...count(0), description: 'Unmeasured search calls before the cases (default 5).' },
        timeout: { ...count(1), description: 'ms per tool call (default 30000).' },
        initTimeout: { ...count(1), description: "ms the server has to answer the MCP initialize and list its tools (default 30000); a started HTTP server's readiness wait too, unless server.readyTimeout is set." },
        seed: { ...count(0), description: 'Seed of the shuffle (default random; recorded in the report).' },
        blockSize: { ...count(1), description: 'Cases per same-job A/B block (default 1).' },
        serverCpus: { type: 'string', pattern: '^(auto|none|\\d+(-\\d+)?(,\\d+(-\\d+)?)*)$', description: 'CPUs for the servers: auto (same-job A/B: both on one CPU), none, or a taskset list such as 3 or 2,3.' },
        alpha: { ...fraction, description: 'Significance level of the paired test on quality metrics (default 0.05).' },
        minEffect: { anyOf: [fraction, { type: 'object', additionalProperties: fraction }], description: 'Smallest timing/memory change called real: 0.05, or per metric { search.p95: 0.1 } (default 0.05).' },
        failOn: { type: 'array', items: nonEmptyString, description: 'Gates: a change gate ("mrr@5 < -0.02", "search.p95 > +15%") or a value gate ("mrr@5 < 0.5", "errors > 0"); a failed one exits 3.' },
        historyMinRuns: { ...count(2), description: 'Main-branch runs of this dataset on this machine the history needs before it judges timing and memory rows (default 5).' },
        maxErrors: { anyOf: [count(0), { type: 'string', pattern: '^\\s*\\d+(\\.\\d+)?\\s*%\\s*$' }], description: 'Errored or not-run cases allowed before the run fails: a count, or a share such as "10%" (default 0).' },
        allowEvaluatorErrors: { type: 'boolean', description: 'Evaluator errors (a judge that is down) warn instead of failing the run; those cases stay not judged.' },
      },
    },
  },
};
