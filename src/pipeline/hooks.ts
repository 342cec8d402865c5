/** What a caller of evaluate() hears as the run goes: its phases, each case\'s progress, and judging's. */
import type { ProgressEvent } from '../run/run-suite.ts';
import type { JudgingSummary } from '../model/report.ts';

/** After each answer case is judged: how many of the arm's answer cases are, and what judging used so far (this arm). */
export interface JudgingProgress {
  /** Which arm's cases (0 = the only arm, or the base in A/B). */
  arm: number;
  done: number;
  total: number;
  usage: JudgingSummary['totals'];
  /** The judging budget, when one is set. */
  budget?: { usd?: number; tokens?: number };
}

export type Phase = 'suite' | 'build' | 'server' | 'run' | 'score' | 'compare';

export interface EvaluateHooks {
  onPhase?: (phase: Phase, detail: string) => void;
  onProgress?: (event: ProgressEvent) => void;
  /** After each answer case is judged, as data (library use). */
  onJudging?: (event: JudgingProgress) => void;
  /** Where judging progress lines go (judging-progress.ts writes them, after the run: nothing of it loads before the server's spawn). */
  judgingLog?: JudgingSink;
}

/** A log for progress lines: `redraw` on a terminal (each line replaces the last), else every line is kept. */
export interface JudgingSink {
  redraw: boolean;
  write(text: string): void;
}
