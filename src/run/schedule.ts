/**
 * The order calls are made in. Each repetition visits every case in a fresh seeded
 * shuffle, so a slow stretch of the runner (another job, thermal throttling, a GC)
 * does not always land on the same cases. With two arms (same-job A/B: base and head
 * servers), each repetition's order is cut into blocks and every block runs on both
 * arms back to back, the arm that goes first alternating (AB, BA, AB, ...): drift
 * over the run hits both arms alike, and neither is always the one that runs warm.
 */
import { seededRng, shuffled } from '../stats/random.ts';

export interface Slot {
  /** Index into the arms (0 = the only arm, or the base in A/B). */
  arm: number;
  /** Index into the cases. */
  caseIndex: number;
  repetition: number;
  /** Block number over the whole run (A/B); equals the repetition with one arm. */
  block: number;
}

export interface ScheduleOptions {
  cases: number;
  repetitions: number;
  arms: number;
  seed: number;
  /** Cases per block (A/B only). */
  blockSize: number;
}

export function schedule(options: ScheduleOptions): Slot[] {
  const rng = seededRng(options.seed);
  const indices = Array.from({ length: options.cases }, (_, i) => i);
  const size = Math.max(1, options.blockSize);
  const slots: Slot[] = [];
  let block = 0;
  for (let repetition = 0; repetition < options.repetitions; repetition++) {
    const order = shuffled(indices, rng);
    if (options.arms === 1) {
      for (const caseIndex of order) slots.push({ arm: 0, caseIndex, repetition, block: repetition });
      continue;
    }
    for (let start = 0; start < order.length; start += size, block++) {
      const chunk = order.slice(start, start + size);
      const arms = Array.from({ length: options.arms }, (_, i) => (i + block) % options.arms);
      for (const arm of arms) for (const caseIndex of chunk) slots.push({ arm, caseIndex, repetition, block });
    }
  }
  return slots;
}
