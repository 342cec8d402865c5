/**
 * Every module the Action loads on first use, in one place: a run must get to its server's
 * spawn without them (test/action-startup-path.test.ts). Each import() target is a chunk of
 * the bundle (scripts/build.ts); the module cache keeps what was loaded. (own-code.ts loads
 * dist/ chunks by path, to hold them: not a lazy load of this kind.)
 */

/** The comment mode (PR comment commands): only mode: comment. */
export const loadCommentMode = () => import('./comment-mode.ts');
/** The merge mode (sharded runs merged): only mode: merge. */
export const loadMergeMode = () => import('./merge-mode.ts');
/** Publishing (comment, summary, artifacts, history): after the run. */
export const loadPublishRun = () => import('./publish-run.ts');
/** The GitHub edge (octokit, artifact client): on the first API call, never before the spawn. */
export const loadGitHubEdge = () => import('./github-edge.ts');
