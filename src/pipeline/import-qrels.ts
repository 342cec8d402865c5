/**
 * Judgments from TREC qrels (`qid 0 docno rel`, the format trec_eval, ranx and most IR
 * test collections ship): they replace a retrieval case's own judgments when the qrels
 * have its id as a query id. Cases the qrels do not mention keep theirs; qrels queries
 * that match no case are named, since they usually mean mismatched ids.
 */
import { readFile } from 'node:fs/promises';
import { parseQrels } from '../report/trec/parse.ts';
import type { Case } from '../model/case.ts';
import { UsageError } from '../shared/run-errors.ts';

export async function applyQrels(cases: readonly Case[], file: string, note: (message: string) => void): Promise<Case[]> {
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
  let replaced = 0;
  const out = cases.map((c) => {
    const judged = qrels.get(c.id);
    if (c.kind !== 'retrieval' || judged === undefined) return c;
    replaced++;
    return { ...c, relevant: judged };
  });
  note(`judgments of ${replaced} case(s) from ${file}`);
  return out;
}
