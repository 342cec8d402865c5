/** What a part of a case's detail is given: the case as every run has it (detail.ts SECTIONS). */
import type { CaseResult } from '../../../model/report.ts';
import type { PageMeta } from '../page-types.ts';

export interface CaseView {
  meta: PageMeta;
  /** Run i's case; undefined where run i lacks it. */
  cases: (CaseResult | undefined)[];
  /** The first run's. */
  current: CaseResult;
  /** The run moves are measured against (cases.ts referenceRun). */
  ref: number;
}

export type SectionRenderer = (view: CaseView) => HTMLElement | null;
