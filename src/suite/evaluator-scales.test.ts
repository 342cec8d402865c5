import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSuite } from './parse-suite.ts';
import { rejectionsOf } from '../../test/support/dataset-problems.ts';

const FILE = 'datasets/x/cases.yaml';

const suite = (criteria: string[], evaluators = '  - { type: llm_judge, criteria: [c0] }\n'): string =>
  [
    'name: s',
    'criteria:',
    ...criteria.map((scale, i) => `  - { name: c${i}, description: d, scale: ${scale} }`),
    'evaluators:',
    evaluators,
    'cases:',
    '  - id: a',
    '    kind: answer',
    '    tool: ask_docs',
    '    input: { question: q }',
    '    expect: { rules: [] }',
    '',
  ].join('\n');

describe('criterion scales at load time', () => {
  it('accepts every scale seed 004 names, ranges and best-first labels', () => {
    const ok = ['binary', 'pass/fail', 'likert5', 'numeric', '1-10', '0-100', 'A-F', '"[excellent, good, fair, poor]"'];
    assert.equal(parseSuite(suite(ok), FILE).criteria?.length, ok.length);
  });

  it('rejects an unknown scale with file, line, column and field (it would never be counted)', () => {
    const found = rejectionsOf(() => parseSuite(suite(['likert5', 'letter-grade', '10-1'], '  - { type: llm_judge, criteria: [c0, { name: own, description: d, scale: stars }] }\n'), FILE));
    assert.deepEqual(found, [
      `${FILE}:4:33 criteria[1].scale: unknown scale "letter-grade": use binary, pass/fail, likert5, numeric (0-1, or 0-100 as a percentage), a range such as 1-10, or ordered labels best first such as A-F or "[excellent, good, fair, poor]"`,
      `${FILE}:5:33 criteria[2].scale: scale "10-1": a range goes from the worst score to a higher best score (e.g. 1-10)`,
      `${FILE}:7:68 evaluators[0].criteria[1].scale: unknown scale "stars": use binary, pass/fail, likert5, numeric (0-1, or 0-100 as a percentage), a range such as 1-10, or ordered labels best first such as A-F or "[excellent, good, fair, poor]"`,
    ]);
  });
});
