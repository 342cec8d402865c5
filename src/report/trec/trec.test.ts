/**
 * TREC qrels and run files: a hand-checked example, the round trips, the property that
 * trec_eval's score sort sees exactly our ranking (whatever the ids' alphabetical order),
 * and bad files reported line by line.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseQrels, parseRun, TrecParseError } from './parse.ts';
import { toQrels, toRun } from './write.ts';

const cases = [
  {
    id: 'auth-tokens',
    relevant: [
      { id: 'guides/auth.md#tokens', grade: 2 },
      { id: 'guides/auth.md', grade: 1 },
      { id: 'sdks/retries.md', grade: 0 },
    ],
    rankedIds: ['sdks/retries.md', 'guides/auth.md#tokens', 'a.md'],
  },
  { id: 'retries', relevant: [{ id: 'sdks/retries.md', grade: 1 }], rankedIds: [] },
];

describe('toQrels / toRun: a hand-checked example', () => {
  it('writes qrels lines, grade 0 included', () => {
    assert.equal(
      toQrels(cases),
      ['auth-tokens 0 guides/auth.md#tokens 2', 'auth-tokens 0 guides/auth.md 1', 'auth-tokens 0 sdks/retries.md 0', 'retries 0 sdks/retries.md 1', ''].join('\n'),
    );
  });

  it('writes run lines with rank from 1 and strictly decreasing scores; an empty ranking has no lines', () => {
    assert.equal(
      toRun(cases, 'ref-server'),
      ['auth-tokens Q0 sdks/retries.md 1 3 ref-server', 'auth-tokens Q0 guides/auth.md#tokens 2 2 ref-server', 'auth-tokens Q0 a.md 3 1 ref-server', ''].join('\n'),
    );
  });

  it('writes nothing for no cases, and drops repeated ranked ids keeping the first', () => {
    assert.equal(toQrels([]), '');
    assert.equal(toRun([{ id: 'q', rankedIds: ['b', 'a', 'b'] }], 't'), 'q Q0 b 1 2 t\nq Q0 a 2 1 t\n');
  });
});

describe('round trips', () => {
  it('qrels: parseQrels(toQrels(x)) gives every judgment back, grade 0 included (trec_eval counts it judged)', () => {
    const parsed = parseQrels(toQrels(cases), 'qrels.txt');
    assert.deepEqual([...parsed], cases.map((c) => [c.id, c.relevant]));
  });

  it('qrels: a query with no relevant document (every grade 0) survives the round trip, so trec_eval -c averages it in', () => {
    const none = [{ id: 'nothing-relevant', relevant: [{ id: 'a.md', grade: 0 }, { id: 'b.md', grade: 0 }] }];
    assert.deepEqual([...parseQrels(toQrels(none), 'qrels.txt')], [['nothing-relevant', none[0]!.relevant]]);
  });

  it('run: trec_eval order of toRun(x) is x, even against reverse-alphabetical tie-breaking', () => {
    // Ids in ascending order: with equal scores trec_eval would read them reversed.
    const rankedIds = Array.from({ length: 120 }, (_, i) => `doc-${String(i).padStart(3, '0')}`);
    const shuffled = rankedIds.map((_, i) => rankedIds[(i * 37) % rankedIds.length] ?? ''); // 37 is coprime to 120: a permutation
    const runCases = [
      { id: 'ascending', rankedIds },
      { id: 'shuffled', rankedIds: shuffled },
      { id: 'unicode', rankedIds: ['é.md', 'z.md', 'ä.md', '𝔸.md', 'A.md'] },
    ];
    const parsed = parseRun(toRun(runCases, 'tag'), 'run.txt');
    for (const c of runCases) assert.deepEqual(parsed.get(c.id), c.rankedIds, c.id);
  });

  it('parseRun sorts like trec_eval: score descending, ties by docno descending, rank ignored', () => {
    const run = ['q Q0 a 1 1.5 t', 'q Q0 c 2 1.5 t', 'q Q0 b 3 2e0 t', 'q Q0 d 9 -1 t', 'q Q0 e 4 1.5 t'].join('\n');
    assert.deepEqual(parseRun(run, 'run.txt').get('q'), ['b', 'e', 'c', 'a', 'd']);
  });
});

describe('ids TREC columns cannot hold', () => {
  it('refuses whitespace and empty ids, listing every one', () => {
    const bad = [{ id: 'q 1', relevant: [{ id: 'Getting Started', grade: 1 }, { id: '', grade: 1 }, { id: 'ok', grade: 1.5 }] }];
    assert.throws(
      () => toQrels(bad),
      (error: Error) => {
        assert.match(error.message, /cannot write the TREC qrels: 4 problem\(s\)/);
        assert.match(error.message, /case id "q 1" contains whitespace \(" " at 1\)/);
        assert.match(error.message, /judged id "Getting Started" contains whitespace/);
        assert.match(error.message, /judged id "" is empty/);
        assert.match(error.message, /grade 1.5 of "ok" is not an integer/);
        return true;
      },
    );
  });

  it('refuses a whitespace tag, tabs and newlines in ids, repeated case ids and repeated judgments', () => {
    assert.throws(() => toRun([{ id: 'q', rankedIds: ['a'] }], 'my run'), /run tag "my run" contains whitespace/);
    assert.throws(() => toRun([{ id: 'q', rankedIds: ['a\tb', 'c\nd'] }], 't'), /2 problem\(s\)[\s\S]*"\\t"[\s\S]*"\\n"/);
    assert.throws(() => toRun([{ id: 'q', rankedIds: [] }, { id: 'q', rankedIds: [] }], 't'), /case id "q" appears more than once/);
    assert.throws(() => toQrels([{ id: 'q', relevant: [{ id: 'a', grade: 1 }, { id: 'a', grade: 2 }] }]), /"a" is judged more than once/);
  });
});

describe('parseQrels', () => {
  it('accepts tabs, extra spaces, CRLF, blank lines, any iter column and signed relevance', () => {
    const text = 'q1\t0\tdoc-a\t1\r\n\r\n  q1  Q0  doc-b  +2  \nq1 1 doc-c -1\nq2 0 doc-z 0\n';
    assert.deepEqual([...parseQrels(text, 'x.qrels')], [
      ['q1', [{ id: 'doc-a', grade: 1 }, { id: 'doc-b', grade: 2 }, { id: 'doc-c', grade: 0 }]],
      ['q2', [{ id: 'doc-z', grade: 0 }]],
    ]);
  });

  it('lists every bad line with file:line', () => {
    const text = ['q1 0 a 1', 'q1 0 b', 'q1 0 c high', '', 'q1 0 d 1 extra', 'q1 0 e 0.5', 'q1 0 a 2'].join('\n');
    assert.throws(
      () => parseQrels(text, 'judgments/q.qrels'),
      (error: unknown) => {
        assert.ok(error instanceof TrecParseError);
        assert.deepEqual(error.problems, [
          { line: 2, message: 'expected 4 columns (qid iter docno relevance), found 3' },
          { line: 3, message: 'relevance "high" is not an integer' },
          { line: 5, message: 'expected 4 columns (qid iter docno relevance), found 5' },
          { line: 6, message: 'relevance "0.5" is not an integer' },
          { line: 7, message: '"a" is judged again for query "q1" (first at line 1)' },
        ]);
        assert.match(error.message, /^judgments\/q\.qrels: 5 problem\(s\) in the TREC qrels file:\n {2}judgments\/q\.qrels:2: expected 4 columns/);
        return true;
      },
    );
  });
});

describe('parseRun', () => {
  it('lists bad lines with file:line', () => {
    const text = 'q Q0 a 1 x t\nq Q0 b 2 1\nq Q0 c 1 NaN t\nq Q0 d 1 1 t\nq Q0 d 2 0 t\n';
    assert.throws(
      () => parseRun(text, 'run.txt'),
      (error: unknown) =>
        error instanceof TrecParseError &&
        error.problems.map((p) => p.line).join(',') === '1,2,3,5' &&
        /run\.txt:5: "d" is listed again for query "q" \(first at line 4\)/.test(error.message),
    );
  });
});
