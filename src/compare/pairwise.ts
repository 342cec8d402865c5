/**
 * Pairwise comparison of two configurations' answers (`compare --judge-model`): for each
 * answer case both ran, a judge is shown the question and the two answers and picks the
 * better one, or a tie. Judges favour a position (usually the first), so each pair is
 * judged in both orders (A first, then B first; which order goes first is drawn from the
 * seed, and so is the case order), and the case's outcome is what both orders agree on:
 * the same winner twice is a win, anything else (a tie, or a verdict that flips with the
 * order) is a tie. Position bias is reported as the share of decisive verdicts that
 * picked the first position (0.5 is none). The win/tie/loss counts get an exact sign test.
 * Pure over its inputs: the judge is a function (pairwise-judge.ts calls the API).
 */
import type { CaseResult, JudgingSummary, Report } from '../model/report.ts';
import { stripResponseMetadata } from '../answers/rules/metadata.ts';
import { seededRng, shuffled } from '../stats/random.ts';
import { signTest, type SignTest } from '../stats/sign-test.ts';

/** What the judge is asked: one question, two answers in positions 1 and 2. */
export interface PairPrompt {
  caseId: string;
  question: string;
  first: string;
  second: string;
}

/** The judge's answer: the better position, or a tie; `error` when the call failed. */
export type Verdict = { winner: 1 | 2 | 'tie'; reasoning: string } | { error: string };

export type PairJudge = (prompt: PairPrompt) => Promise<Verdict>;

export interface PairOrder {
  /** Which configuration was shown first. */
  first: 'a' | 'b';
  verdict: Verdict;
}

export interface PairOutcome {
  caseId: string;
  /** a / b: both orders picked it; tie: a tie, or the verdict flipped with the order; error: a call failed. */
  outcome: 'a' | 'b' | 'tie' | 'error';
  orders: PairOrder[];
  /** An answer was longer than the report's excerpt: judged on its start only. */
  cut: boolean;
}

export interface PairwiseResult {
  names: { a: string; b: string };
  seed: number;
  cases: PairOutcome[];
  /** a wins / ties / b wins, over the judged cases. */
  wins: { a: number; tie: number; b: number };
  /** Cases a judge call failed on (not counted above). */
  errors: number;
  /** Sign test of a's wins against b's (ties dropped). */
  test: SignTest;
  /** Decisive verdicts (not ties, not errors) and how many picked the first position. */
  position: { decisive: number; first: number; share: number | null };
  /** Answer cases only one configuration has (or that errored on one side): not judged. */
  skipped: string[];
  /** What the judge's calls used (tokens, calls, cache hits, cost), from the judging session; set by the caller. */
  judging?: JudgingSummary;
}

function answerText(c: CaseResult): string | undefined {
  // The judge reads the answer as a reader would: without the server's self-reported metadata.
  return c.answer ? stripResponseMetadata(c.answer.excerpt).trim() : undefined;
}

function isCut(c: CaseResult): boolean {
  return (c.answer?.chars ?? 0) > (c.answer?.excerpt.length ?? 0);
}

function combine(orders: readonly PairOrder[]): PairOutcome['outcome'] {
  const picks: ('a' | 'b' | 'tie')[] = [];
  for (const { first, verdict } of orders) {
    if ('error' in verdict) return 'error';
    if (verdict.winner === 'tie') picks.push('tie');
    else picks.push((verdict.winner === 1) === (first === 'a') ? 'a' : 'b');
  }
  return picks.every((p) => p === picks[0]) ? picks[0]! : 'tie';
}

export async function judgePairs(a: { name: string; report: Report }, b: { name: string; report: Report }, judge: PairJudge, seed: number): Promise<PairwiseResult> {
  const rng = seededRng(seed);
  const other = new Map(b.report.cases.map((c) => [c.id, c]));
  const pairs: { left: CaseResult; right: CaseResult }[] = [];
  const skipped: string[] = [];
  for (const left of a.report.cases.filter((c) => c.kind === 'answer')) {
    const right = other.get(left.id);
    if (right?.kind === 'answer' && left.answer && right.answer) pairs.push({ left, right });
    else skipped.push(left.id);
  }
  for (const right of b.report.cases) if (right.kind === 'answer' && !a.report.cases.some((c) => c.id === right.id)) skipped.push(right.id);

  // Every draw first (the plan depends on the seed only), then every call at once: the
  // judge (through the judging session) bounds how many are in flight.
  const plan = shuffled(pairs, rng).map(({ left, right }) => ({ left, right, order: rng.next() < 0.5 ? (['a', 'b'] as const) : (['b', 'a'] as const) }));
  const cases: PairOutcome[] = await Promise.all(
    plan.map(async ({ left, right, order }): Promise<PairOutcome> => {
      const texts = { a: answerText(left) ?? '', b: answerText(right) ?? '' };
      const orders: PairOrder[] = await Promise.all(
        order.map(async (first) => {
          const second = first === 'a' ? 'b' : 'a';
          return { first, verdict: await judge({ caseId: left.id, question: left.query, first: texts[first], second: texts[second] }) };
        }),
      );
      return { caseId: left.id, outcome: combine(orders), orders, cut: isCut(left) || isCut(right) };
    }),
  );
  cases.sort((x, y) => x.caseId.localeCompare(y.caseId));

  const count = (o: PairOutcome['outcome']) => cases.filter((c) => c.outcome === o).length;
  const wins = { a: count('a'), tie: count('tie'), b: count('b') };
  const verdicts = cases.flatMap((c) => c.orders.map((o) => o.verdict)).filter((v) => !('error' in v) && v.winner !== 'tie') as { winner: 1 | 2 }[];
  const first = verdicts.filter((v) => v.winner === 1).length;
  return {
    names: { a: a.name, b: b.name },
    seed,
    cases,
    wins,
    errors: count('error'),
    test: signTest(wins.a, wins.b),
    position: { decisive: verdicts.length, first, share: verdicts.length === 0 ? null : first / verdicts.length },
    skipped,
  };
}
