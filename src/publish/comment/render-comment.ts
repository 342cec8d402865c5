/**
 * The sticky PR comment: marker, title, one-line verdict, delta table, then detail that
 * can be shortened to fit GitHub's limit. Marker, verdict, delta table and baseline line
 * are never shortened.
 */
import type { Evaluation } from '../../model/comparison.ts';
import { fitSections, GITHUB_COMMENT_LIMIT, type Step } from './budget.ts';
import { truncationNote } from './context-lines.ts';
import { commentSections, REGRESSIONS_FIRST_25 } from './sections.ts';
import type { CommentContext } from './types.ts';

const ALL = 99;

/**
 * What goes first when the comment is too long, least important first: the flipped cases
 * named under the delta table down to three (the regression list names them too), improvements
 * (good news can wait for the full report), the judge reasoning down to its count, the per-category table, most of the error
 * list and regressions beyond the first 25, the latency table, then the rest of the
 * regression list (its count stays; the statistics block goes before it), then the environment and link lines. Whatever
 * room is left afterwards goes back in the reverse order (fitSections).
 */
export const TRUNCATION_PLAN: readonly Step[] = [
  // The flipped cases under the delta table: the case lists below hold them too, so fewer are named first; their count always stays.
  ['flips', 1],
  ['improvements', ALL],
  // Judge reasoning: fewer cases, then only its count; the full report keeps all of it.
  ['reasoning', 3],
  // Task trajectories: fewer, then only their count under the agent line.
  ['tasks', 3],
  // Judging cost: its one-line totals stay long after the table goes.
  ['judging', 1],
  ['categories', 1],
  ['categories', ALL],
  ['errors', 1],
  ['regressions', REGRESSIONS_FIRST_25],
  ['latency', ALL],
  ['evidence', ALL],
  ['addedRemoved', ALL],
  ['errors', ALL],
  ['regressions', ALL],
  ['links', ALL],
  ['environment', ALL],
  ['flips', 2],
  ['judging', ALL],
  ['reasoning', ALL],
  ['tasks', ALL],
];

export function renderComment(evaluation: Evaluation, ctx: CommentContext, maxChars: number = GITHUB_COMMENT_LIMIT): string {
  return fitSections(commentSections(evaluation, ctx), TRUNCATION_PLAN, maxChars, truncationNote(ctx));
}
