/**
 * Every module the pipeline loads on first use, in one place: the run must reach its
 * servers' spawn without them (test/action-startup-path.test.ts). Each import() target is
 * a chunk of the bundle (scripts/build.ts); the module cache keeps what was loaded.
 */

/** The answer modules (rules, evaluators, network clients): only suites with answer cases. */
export const loadAnswerSetup = () => import('./answer-setup.ts');
/** The agent modules (providers, relay): only suites with task cases. */
export const loadTaskSetup = () => import('./task-setup.ts');
/** The agent loop, providers, workspace and assertions: once the servers run, only for tasks that run. */
export const loadTaskRunner = () => import('../agent/task-runner.ts');
/** git worktree handling: only same-job runs (compareRef). */
export const loadBaseCheckout = () => import('./base-checkout.ts');
/** The Streamable HTTP client: only servers with a url. */
export const loadHttpSession = () => import('../server/http-session.ts');
/** The case runner: while the servers boot, since nothing of it is needed before the spawn. */
export const loadRunSuite = () => import('../run/run-suite.ts');
/** The search tool's profile (shape, id extraction): with the case runner. */
export const loadSearchSpec = () => import('../run/search-spec.ts');
/** Id normalisation of judged ids: only when the server's ids are normalised. */
export const loadIdSource = () => import('../run/extract/id-source.ts');
/** Answer rules for --fail-fast and progress: only runs with answer cases. */
export const loadAnswerRules = () => import('../answers/rules/index.ts');
/** The median-latency precision check: only adaptive same-job A/B runs. */
export const loadLatencyPrecision = () => import('../compare/latency-precision.ts');
/** Scoring and the reports: after the run. */
export const loadArmReports = () => import('./arm-reports.ts');
/** Answer scoring (evaluators): after the run, never for retrieval-only runs. */
export const loadScoreRepeats = () => import('../answers/score-repeats.ts');
/** The comparison and gates: after the run. */
export const loadJudgeEvaluation = () => import('./judge-evaluation.ts');
