/**
 * An example custom evaluator for docs-mcp-eval: is the answer a sensible length?
 *
 * Score (numeric, 0..1): 1 inside [min, max] characters, falling off proportionally
 * outside (half the minimum scores 0.5; twice the maximum scores 0.5).
 *
 * The default export is a factory: the runner calls it once per evaluator config with
 * that config (your options sit beside `type` and `module`) and the criteria the config
 * scores. Exporting an evaluator object or a class works too.
 *
 * @param {{ min?: number; max?: number }} config
 * @param {{ name: string }[]} criteria
 */
export default function answerLength(config, criteria) {
  const min = config.min ?? 200;
  const max = config.max ?? 4000;
  // Throwing here fails the run when it preloads custom evaluators, before any server starts.
  if (!(Number.isInteger(min) && Number.isInteger(max) && min >= 0 && min <= max)) {
    throw new Error(`answer-length: min and max must be whole numbers with min <= max (got ${min}, ${max})`);
  }
  return {
    type: 'answer_length',
    async evaluate(input) {
      const length = [...input.response.trim()].length;
      const score = length < min ? length / min : length > max ? max / length : 1;
      return criteria.map((c) => ({
        criterionName: c.name,
        evaluatorType: 'answer_length',
        score,
        reasoning: `${length} characters (wanted ${min}..${max})`,
        metadata: { length, min, max },
      }));
    },
  };
}
