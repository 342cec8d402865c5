/**
 * Everything the Action needs from GitHub, behind one module that is imported
 * dynamically: octokit, @actions/artifact and their HTTP stacks cost ~200 ms to load,
 * and the server under test should not wait for them (they load while it runs).
 */
export { createOctokit, type Octokit } from '../publish/github/octokit.ts';
export { artifactName, downloadLatestArtifact, uploadFiles } from '../publish/github/artifacts.ts';
export { commitsBehind, downloadBaselineReport, findBaselineArtifact, pickBaselineArtifact } from '../publish/github/baseline-artifact.ts';
export { listTrustedArtifacts, listTrustedRuns } from '../publish/github/main-branch-artifacts.ts';
export { downloadRunArtifact } from '../publish/github/download-artifact.ts';
export { listBranchKey, readBranchFile } from '../publish/github/branch-contents.ts';
export { loadPrReport, PrArtifactMismatchError, type PrReportMeta } from '../publish/github/pr-artifact.ts';
export { CommentPermissionError, findStickyComments, upsertStickyComment } from '../publish/github/sticky-comment.ts';
export { findAcceptance } from '../publish/github/accept-label.ts';
