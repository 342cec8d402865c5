/**
 * Reading TREC qrels and run files, so judgments made for (or exported to) standard IR
 * tooling can come back in, and so a run file can be checked the way trec_eval reads it.
 * Both read strictly, collecting every problem with its file:line before throwing one
 * Error that lists them all: a judgment file with one bad line in a thousand should be
 * fixed in one go, not one line per attempt. Blank lines are skipped; there is no comment
 * syntax (trec_eval has none). Ids are taken as written: nothing is unescaped.
 */
import { Buffer } from 'node:buffer';

export interface QrelsProblem {
  line: number;
  message: string;
}

export interface Judged {
  id: string;
  grade: number;
}

/** Thrown by the parsers: `problems` for programs, the message (every file:line) for people. */
export class TrecParseError extends Error {
  readonly file: string;
  readonly problems: QrelsProblem[];
  constructor(file: string, kind: string, found: QrelsProblem[]) {
    const problems = [...found].sort((a, b) => a.line - b.line);
    const lines = problems.map((p) => `  ${file}:${p.line}: ${p.message}`).join('\n');
    super(`${file}: ${problems.length} problem(s) in the TREC ${kind} file:\n${lines}`);
    this.name = 'TrecParseError';
    this.file = file;
    this.problems = problems;
  }
}

/** Each non-blank line split on whitespace, with its 1-based number; wrong column counts become problems. */
function rows(text: string, columns: number, shape: string, problems: QrelsProblem[]): { line: number; fields: string[] }[] {
  const out: { line: number; fields: string[] }[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const fields = raw.trim().split(/\s+/).filter((f) => f !== '');
    if (fields.length === 0) return;
    if (fields.length !== columns) {
      problems.push({ line: i + 1, message: `expected ${columns} columns (${shape}), found ${fields.length}` });
      return;
    }
    out.push({ line: i + 1, fields });
  });
  return out;
}

/** The line a (query, docno) pair was first seen on, or undefined after recording this line as its first. */
function firstSeen(firstLine: Map<string, number>, qid: string, docno: string, line: number): number | undefined {
  const key = `${qid}\u0000${docno}`;
  const first = firstLine.get(key);
  if (first === undefined) firstLine.set(key, line);
  return first;
}

/**
 * qrels (`qid iter docno relevance`; iter is ignored, as trec_eval does) -> qid -> every
 * judgment in file order. Lines with relevance <= 0 are judged non-relevant, as trec_eval
 * counts them: kept with grade 0 (a negative relevance reads as 0), so a query whose lines
 * are all <= 0 is a query with no relevant document, which trec_eval -c averages in as 0.
 * Relevance must be an integer; a docno judged twice for one query is a problem
 * (trec_eval refuses it too).
 */
export function parseQrels(text: string, file: string): Map<string, Judged[]> {
  const problems: QrelsProblem[] = [];
  const judged = new Map<string, Judged[]>();
  const firstLine = new Map<string, number>();
  for (const { line, fields } of rows(text, 4, 'qid iter docno relevance', problems)) {
    const [qid = '', , docno = '', relevance = ''] = fields;
    if (!/^[-+]?\d+$/.test(relevance)) {
      problems.push({ line, message: `relevance ${JSON.stringify(relevance)} is not an integer` });
      continue;
    }
    const first = firstSeen(firstLine, qid, docno, line);
    if (first !== undefined) {
      problems.push({ line, message: `${JSON.stringify(docno)} is judged again for query ${JSON.stringify(qid)} (first at line ${first})` });
      continue;
    }
    const list = judged.get(qid) ?? [];
    judged.set(qid, list);
    const grade = Number.parseInt(relevance, 10);
    list.push({ id: docno, grade: Math.max(0, grade) });
  }
  if (problems.length > 0) throw new TrecParseError(file, 'qrels', problems);
  return judged;
}

/** strcmp of the UTF-8 bytes, trec_eval's docno order. */
function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/**
 * A run (`qid Q0 docno rank score tag`) -> qid -> docnos in the order trec_eval evaluates
 * them: score descending, ties by docno descending; the rank column is ignored, as
 * trec_eval ignores it. A docno listed twice for one query is a problem.
 */
export function parseRun(text: string, file: string): Map<string, string[]> {
  const problems: QrelsProblem[] = [];
  const byQuery = new Map<string, { docno: string; score: number }[]>();
  const firstLine = new Map<string, number>();
  for (const { line, fields } of rows(text, 6, 'qid Q0 docno rank score tag', problems)) {
    const [qid = '', , docno = '', , scoreText = ''] = fields;
    const score = Number(scoreText);
    if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(scoreText) || !Number.isFinite(score)) {
      problems.push({ line, message: `score ${JSON.stringify(scoreText)} is not a number` });
      continue;
    }
    const first = firstSeen(firstLine, qid, docno, line);
    if (first !== undefined) {
      problems.push({ line, message: `${JSON.stringify(docno)} is listed again for query ${JSON.stringify(qid)} (first at line ${first})` });
      continue;
    }
    const list = byQuery.get(qid) ?? [];
    byQuery.set(qid, list);
    list.push({ docno, score });
  }
  if (problems.length > 0) throw new TrecParseError(file, 'run', problems);
  const ranked = new Map<string, string[]>();
  for (const [qid, list] of byQuery) {
    ranked.set(qid, list.sort((a, b) => b.score - a.score || compareBytes(b.docno, a.docno)).map((r) => r.docno));
  }
  return ranked;
}
