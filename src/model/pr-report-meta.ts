/**
 * meta.json of a pull request run's report artifact (`docs-mcp-eval-pr-report-<key>`):
 * which PR and commit the report is for, so the workflow_run comment workflow can post
 * it. Written by a run of the PR's code, so read as untrusted data: its JSON Schema is
 * generated from this type (scripts/report-schema.ts) and checked before any field is used.
 */
export interface PrReportMeta {
  prNumber: number;
  headSha: string;
  key: string;
  reportFile: string;
  markdownFile: string;
  /**
   * Whether the PR's own run posted the sticky comment (its token could write). The comment
   * workflow then leaves it alone: one owner per PR and key. Absent in artifacts of older
   * versions: treated as false. A forged true only silences the forger's own comment.
   */
  commented?: boolean;
}
