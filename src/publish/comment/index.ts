/** The PR comment: pure rendering over an evaluation and what the Action knows. */
export type { BaselineInfo, CommentContext } from './types.ts';
export { commentMarker } from './marker.ts';
export { renderComment, TRUNCATION_PLAN } from './render-comment.ts';
export { hasChangesBeyondNoise } from './has-changes.ts';
export { GITHUB_COMMENT_LIMIT, textSize } from './budget.ts';
