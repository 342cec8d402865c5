/**
 * Judgments from TREC qrels (`qid 0 docno rel`, the format trec_eval, ranx and most IR
 * test collections ship): they replace a retrieval case's own judgments when the qrels
 * have its id as a query id. Cases the qrels do not mention keep theirs and count in the
 * means: they are named (a few, then how many), as are qrels queries that match no case,
 * since either usually means mismatched ids.
 */
import { readFile } from 'node:fs/promises';
import { parseQrels } from '../report/trec/parse.ts';
import type { Case } from '../model/case.ts';
import { UsageError } from '../shared/run-errors.ts';
import { firstFew } from '../shared/first-few.ts';

/** The cases with the qrels' judgments, and the ids of the cases the qrels covered. */
export async function applyQrels(cases: readonly Case[], file: string, note: (message: string) => void): Promise<{ cases: Case[]; covered: Set<string> }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read the qrels file ${file}: ${(err as Error).message}`);
  }
  let qrels;
  try {
    qrels = parseQrels(text, file);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const ids = new Set(cases.map((c) => c.id));
  const unknown = [...qrels.keys()].filter((q) => !ids.has(q));
  if (unknown.length > 0) note(`${unknown.length} qrels quer${unknown.length === 1 ? 'y matches' : 'ies match'} no case: ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ', …' : ''}`);
  const covered = new Set<string>();
  const out = cases.map((c) => {
    const judged = qrels.get(c.id);
    if (c.kind !== 'retrieval' || judged === undefined) return c;
    covered.add(c.id);
    return { ...c, relevant: judged };
  });
  note(`judgments of ${covered.size} case(s) from ${file}`);
  return { cases: out, covered };
}

/**
 * The selected retrieval cases the qrels did not cover, said once the filters are applied
 * (a case filtered out needs no judgments): they keep the dataset's judgments and count.
 */
export function uncoveredNote(selected: readonly Case[], covered: ReadonlySet<string>, file: string): string | undefined {
  const uncovered = selected.filter((c) => c.kind === 'retrieval' && !covered.has(c.id)).map((c) => c.id);
  if (uncovered.length === 0) return undefined;
  return `${uncovered.length} retrieval case(s) are not in ${file} and keep the dataset's own judgments (they count in the means): ${firstFew(uncovered, 10)}; select cases (--id, --category, --tag) to judge only what the qrels cover`;
}
