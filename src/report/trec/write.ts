/**
 * Writing a run's judgments and rankings as TREC qrels and run files, so standard IR
 * tooling (trec_eval, ranx, ir_measures) can re-score our results or score them with
 * measures we do not compute.
 *
 * - qrels: `qid 0 docno relevance`, every judgment (grade 0 too: trec_eval counts it as
 *   judged non-relevant, which measures like bpref use).
 * - run: `qid Q0 docno rank score tag`. trec_eval ignores the rank column and sorts by
 *   score descending, ties by docno descending, so scores are written strictly decreasing
 *   (n, n-1, …, 1 for n ids): every tool then sees exactly our order. A query with no ids
 *   has no lines; use `trec_eval -c` to average over every query in the qrels.
 *
 * Columns are whitespace-separated with no quoting, so an id (or case id, or tag) that is
 * empty or contains whitespace cannot be written. Such ids are refused with an Error that
 * lists them all, rather than escaped: any reversible escape must reinterpret some
 * character (say `%`) in ids, and then qrels from other tools — full of percent-encoded
 * URIs — would no longer read back as written. Normalise such ids first (e.g. to paths).
 */

export interface QrelsCase {
  id: string;
  relevant: readonly { id: string; grade: number }[];
}

export interface RunCase {
  id: string;
  rankedIds: readonly string[];
}

/** Why `value` cannot be a TREC column, or undefined when it can. */
export function fieldProblem(value: string): string | undefined {
  if (value === '') return 'is empty';
  const space = /\s/u.exec(value);
  return space ? `contains whitespace (${JSON.stringify(space[0])} at ${space.index}); TREC columns cannot hold it` : undefined;
}

class Problems {
  readonly list: string[] = [];
  field(what: string, value: string): boolean {
    const problem = fieldProblem(value);
    if (problem !== undefined) this.list.push(`${what} ${JSON.stringify(value)} ${problem}`);
    return problem === undefined;
  }
  throwIfAny(file: string): void {
    if (this.list.length > 0) {
      throw new Error(`cannot write the TREC ${file}: ${this.list.length} problem(s):\n${this.list.map((p) => `  ${p}`).join('\n')}`);
    }
  }
}

function uniqueCaseIds(cases: readonly { id: string }[], problems: Problems): void {
  const seen = new Set<string>();
  for (const c of cases) {
    if (seen.has(c.id)) problems.list.push(`case id ${JSON.stringify(c.id)} appears more than once`);
    seen.add(c.id);
  }
}

/** TREC qrels for every judgment, in case and judgment order. Throws listing every id that cannot be written. */
export function toQrels(cases: readonly QrelsCase[]): string {
  const problems = new Problems();
  uniqueCaseIds(cases, problems);
  const lines: string[] = [];
  for (const c of cases) {
    const qidOk = problems.field('case id', c.id);
    const seen = new Set<string>();
    for (const j of c.relevant) {
      const where = `case ${JSON.stringify(c.id)}:`;
      const docOk = problems.field(`${where} judged id`, j.id);
      if (!Number.isInteger(j.grade)) problems.list.push(`${where} grade ${j.grade} of ${JSON.stringify(j.id)} is not an integer (qrels relevance is)`);
      if (seen.has(j.id)) problems.list.push(`${where} ${JSON.stringify(j.id)} is judged more than once`);
      seen.add(j.id);
      if (qidOk && docOk) lines.push(`${c.id} 0 ${j.id} ${j.grade}`);
    }
  }
  problems.throwIfAny('qrels');
  return lines.map((l) => `${l}\n`).join('');
}

/**
 * A TREC run: each case's ranked ids (duplicates dropped, the first kept) with rank from 1
 * and score n - rank + 1, strictly decreasing so trec_eval's sort keeps our order.
 * Throws listing every id (and a bad tag) that cannot be written.
 */
export function toRun(cases: readonly RunCase[], tag: string): string {
  const problems = new Problems();
  problems.field('run tag', tag);
  uniqueCaseIds(cases, problems);
  const lines: string[] = [];
  for (const c of cases) {
    const qidOk = problems.field('case id', c.id);
    const ranked = [...new Set(c.rankedIds)];
    ranked.forEach((id, i) => {
      if (problems.field(`case ${JSON.stringify(c.id)}: ranked id`, id) && qidOk) {
        lines.push(`${c.id} Q0 ${id} ${i + 1} ${ranked.length - i} ${tag}`);
      }
    });
  }
  problems.throwIfAny('run');
  return lines.map((l) => `${l}\n`).join('');
}
