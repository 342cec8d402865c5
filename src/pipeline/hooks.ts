/** What a caller of evaluate() hears as the run goes: its phases and each case\'s progress. */
import type { ProgressEvent } from '../run/run-suite.ts';

export type Phase = 'suite' | 'build' | 'server' | 'run' | 'score' | 'compare';

export interface EvaluateHooks {
  onPhase?: (phase: Phase, detail: string) => void;
  onProgress?: (event: ProgressEvent) => void;
}
