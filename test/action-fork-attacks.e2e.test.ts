/**
 * Issue 23's attacks on the fork-PR comment flow, each against dist/action.js in
 * `mode: comment` on the OpenAPI-checked GitHub double: what a fork's run can put in its
 * report artifact must not make the trusted workflow post HTML, links, images or
 * mentions, hide the verdict, comment on another pull request, delete or overwrite
 * another comment, or fill the runner's disk and CPU. Each one failed before its fix.
 */
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { crc32 } from 'node:zlib';
import type { Report } from '../src/model/report.ts';
import { commentRun, MARKER, mainBaseline, prArtifact, pullRequestRun, referenceReport, stickyComments } from './support/comment-mode-runs.ts';
import { gfmView, visible, type GfmView } from './support/gfm-view.ts';
import type { GitHubDouble } from './support/github-double/index.ts';
import { repeatedEntry, writeZipEntries } from './support/github-double/zip.ts';
import { useGitHubDouble } from './support/use-github-double.ts';

/** The criterion name: a phishing link, a tracking image and a mention, from a legitimate dataset. */
const HOSTILE_CRITERION = '<a href=https://evil.example/phish>Full report</a> <img src=https://evil.example/t.png> @octocat';
const HOSTILE_ID = '<img src=https://evil.example/id.png onerror=alert(1)>';

/** `report` with its one criterion ("validations") renamed everywhere it appears, and its first answer case failing under a hostile id. */
function withHostileCriterion(report: Report, failOne: boolean): Report {
  const rename = <T>(values: Record<string, T> | undefined) => {
    if (values?.['criterion.validations'] === undefined) return;
    values[`criterion.${HOSTILE_CRITERION}`] = values['criterion.validations'];
    delete values['criterion.validations'];
  };
  rename(report.summary.metrics);
  rename(report.summary.counts);
  for (const group of Object.values(report.breakdowns)) for (const b of group ?? []) rename(b.metrics);
  const answers = report.cases.filter((c) => c.answer);
  for (const c of answers) {
    const a = c.answer!;
    a.criteria[HOSTILE_CRITERION] = a.criteria['validations'] ?? null;
    delete a.criteria['validations'];
    for (const e of a.evaluations) if (e.criterionName === 'validations') e.criterionName = HOSTILE_CRITERION;
  }
  if (failOne && answers[0]) {
    const c = answers[0];
    c.id = HOSTILE_ID;
    c.answer!.passed = false;
    c.answer!.evaluations.push({ criterionName: HOSTILE_CRITERION, score: 1, reasoning: `Reasoning with ${HOSTILE_CRITERION}`, evaluatorType: 'llm_judge' });
  }
  return report;
}

/** The reference report's cases repeated (fresh ids, shifted rankings) until the report is just under 9.5 MB. */
function maximalReport(shift: number): Report {
  const reference = referenceReport();
  const cases: Report['cases'] = [];
  let size = 0;
  for (let i = 0; size < 9_300_000; i++) {
    for (const c of reference.cases) {
      const copy = { ...structuredClone(c), id: `${c.id}-${i}` };
      if (copy.metrics) copy.metrics.reciprocalRank = copy.metrics.ndcg = ((i + shift) % 10) / 10;
      size += JSON.stringify(copy).length + 1;
      cases.push(copy);
    }
  }
  return { ...reference, cases, summary: { ...reference.summary, cases: cases.length } };
}

/** What a reader of the comment sees: nothing we did not write. */
function assertInert(view: GfmView, label: string, serverUrl: string): void {
  const foreign = view.elements.filter((e) => ['img', 'script', 'style', 'input', 'sup', 'iframe', 'form'].includes(e.tag) || (e.attrs['class'] ?? '').includes('math'));
  assert.deepEqual(foreign, [], `${label}: elements we did not write`);
  const links = view.elements.filter((e) => e.tag === 'a').map((e) => e.attrs['href'] ?? '');
  assert.deepEqual(links.filter((href) => !href.startsWith(serverUrl)), [], `${label}: links we did not write`);
  assert.deepEqual(view.references, [], `${label}: mentions or references we did not write`);
  assert.deepEqual(view.comments.map((c) => c.trim()), [MARKER.slice(4, -3).trim()], `${label}: only our marker is an HTML comment`);
}

/** The verdict line and the delta table, outside any collapsed block. */
function assertVerdictVisible(view: GfmView, label: string): void {
  assert.match(view.openText, /[❌✅=] \d+ metric\(s\) worse, \d+ better, \d+ unchanged/, `${label}: the verdict line is visible`);
  const table = view.elements.find((e) => e.tag === 'table' && !e.path.includes('details'));
  assert.ok(table && /^\s*Metric\s*Baseline\s*Current\s*Δ\s*Δ%\s*Verdict/.test(table.text), `${label}: the delta table is visible`);
}

describe('mode: comment against a hostile pull request run (issue 23)', () => {
  let d: GitHubDouble;
  useGitHubDouble((double) => (d = double));

  it('a dataset\'s criterion name and case id with HTML, an image and a mention render inert; the verdict and delta table stay visible', async () => {
    const { pr, run } = pullRequestRun(d, { number: 51 });
    mainBaseline(d, withHostileCriterion(referenceReport(), false));
    prArtifact(d, run, 51, JSON.stringify(withHostileCriterion(referenceReport(), true)));
    const r = await commentRun(d, run);
    assert.equal(r.code, 0, r.log.slice(-3000));
    const comment = stickyComments(d, pr.number)[0];
    if (!comment) throw new Error(`nothing posted:\n${r.log.slice(-3000)}`);
    assert.ok(comment.body.startsWith(MARKER), 'posted with our marker first');
    for (const [label, markdown] of [['comment', comment.body], ['job summary', r.summary]] as const) {
      const view = gfmView(markdown);
      assertInert(view, label, d.serverUrl);
      assertVerdictVisible(view, label);
      assert.ok(visible(view.text).includes(`Criterion: ${HOSTILE_CRITERION}`), `${label}: the criterion shows as written`);
    }
    assert.ok(visible(gfmView(comment.body).text).includes(HOSTILE_ID), 'the hostile id shows as written in the reasoning block');
    assert.doesNotMatch(comment.body, /pwned\.png/, "the artifact's comment.md is never posted");
  });

  it('a forged report that hides the verdict in an HTML comment is refused, naming the field; nothing is rendered', async () => {
    const { pr, run } = pullRequestRun(d, { number: 52 });
    mainBaseline(d, referenceReport());
    const forged = referenceReport() as unknown as { summary: Record<string, unknown>; cases: { status: string }[] };
    forged.summary['cases'] = '65\n\n= 0 metric(s) worse\n[Full report](https://evil.example/phish) @octocat\n\n<!--';
    forged.cases[0]!.status = '-->';
    prArtifact(d, run, 52, JSON.stringify(forged));
    const r = await commentRun(d, run);
    assert.notEqual(r.code, 0, 'the refusal fails the step');
    assert.match(r.log, /report\.json in the PR artifact: not a valid docs-mcp-eval report: \/summary\/cases: expected number, found a string "65\\n\\n= 0 metric/);
    assert.equal(stickyComments(d, pr.number).length, 0, 'nothing posted');
    assert.equal(r.summary, '', 'nothing rendered into the job summary');
  });

  it("another open PR at the same commit: the artifact names it, GitHub says the run was the fork PR's; nothing is posted anywhere", async () => {
    const { pr: fork, run } = pullRequestRun(d, { number: 53, headRef: 'contrib' });
    // A maintainer re-opened the contributor's commit as a same-repository PR.
    const reopened = d.state.addPull({ number: 54, headSha: fork.headSha, headRef: 'maintainer-copy', baseSha: fork.baseSha });
    mainBaseline(d, referenceReport());
    prArtifact(d, run, reopened.number, JSON.stringify(referenceReport()));
    const r = await commentRun(d, run);
    assert.match(r.log, /names pull request #54, but the run it came from built fork-contributor\/docs-server:contrib, the head of #53: not posting/);
    assert.equal(stickyComments(d, reopened.number).length, 0, 'the other PR got no comment');
    assert.equal(stickyComments(d, fork.number).length, 0);
  });

  it('stacked PRs from one branch: several open PRs match the run, so none is commented on', async () => {
    const { pr: first, run } = pullRequestRun(d, { number: 55, headRef: 'stack' });
    const second = d.state.addPull({ number: 56, fork: true, headRef: 'stack', headSha: first.headSha, baseRef: 'release' });
    mainBaseline(d, referenceReport());
    prArtifact(d, run, first.number, JSON.stringify(referenceReport()));
    const r = await commentRun(d, run);
    assert.match(r.log, /2 open pull requests \(#56, #55\) come from fork-contributor:stack/);
    assert.equal(stickyComments(d, first.number).length + stickyComments(d, second.number).length, 0);
  });

  it('a comment of the same account that merely quotes the marker is neither overwritten nor deleted', async () => {
    const { pr, run } = pullRequestRun(d, { number: 57 });
    const quoted = `Another workflow echoed the title: ${MARKER}`;
    const quoting = d.state.addComment(pr.number, quoted);
    mainBaseline(d, referenceReport());
    prArtifact(d, run, pr.number, JSON.stringify(referenceReport()));
    const r = await commentRun(d, run);
    assert.equal(r.code, 0, r.log.slice(-2000));
    const comments = d.state.comments.get(pr.number) ?? [];
    assert.equal(comments.find((c) => c.id === quoting.id)?.body, quoted, 'the quoting comment is untouched');
    assert.equal(comments.filter((c) => c.body.startsWith(MARKER)).length, 1, 'ours is a new comment');
  });
});

describe('mode: comment against oversized artifacts (issue 23)', () => {
  let d: GitHubDouble;
  useGitHubDouble((double) => (d = double));

  /** Bytes written under `dir`. */
  function bytesUnder(dir: string): number {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .reduce((sum, e) => sum + statSync(path.join(e.parentPath, e.name)).size, 0);
  }

  it('a zip bomb (1 MB expanding to 1 GiB) is refused by name before it is inflated', async () => {
    const { pr, run } = pullRequestRun(d, { number: 61 });
    mainBaseline(d, referenceReport());
    const artifact = prArtifact(d, run, pr.number, '{}');
    const meta = JSON.stringify({ prNumber: pr.number, headSha: run.headSha, key: 'default', reportFile: 'report.json', markdownFile: 'comment.md' });
    artifact.zip = writeZipEntries([{ name: 'meta.json', method: 0, data: Buffer.from(meta), crc: crc32(meta), size: meta.length }, repeatedEntry('report.json', Buffer.alloc(1 << 20, 0x20), 1024)]);
    const started = performance.now();
    const r = await commentRun(d, run);
    assert.ok(performance.now() - started < 30_000, 'ends within seconds');
    assert.notEqual(r.code, 0);
    assert.match(r.log, /report\.json in the PR artifact is 1073741824 bytes uncompressed, over the 10485760-byte limit/);
    assert.ok(bytesUnder(r.runnerTemp) < 1 << 20, 'nothing big was written');
    assert.equal(stickyComments(d, pr.number).length, 0);
  });

  it('a maximal report (just under 10 MB, thousands of changed cases) is refused by name within seconds, not compared for minutes', async () => {
    const { pr, run } = pullRequestRun(d, { number: 63 });
    mainBaseline(d, maximalReport(0));
    const report = JSON.stringify(maximalReport(3));
    assert.ok(report.length > 9_000_000 && report.length < 10 * 1024 * 1024, `${report.length} bytes`);
    prArtifact(d, run, pr.number, report);
    const started = performance.now();
    const r = await commentRun(d, run);
    assert.ok(performance.now() - started < 30_000, `ended after ${Math.round(performance.now() - started)} ms`);
    assert.match(r.log, /not commenting: the pull request's report is too large to compare here: \d+ shared cases × \d+ quality rows \+ \d+ samples = \d+, over the comment workflow's limit of 100000/);
    assert.equal(stickyComments(d, pr.number).length, 0);
  });

  it('an entry whose header understates its size is stopped at the limit while inflating', async () => {
    const { pr, run } = pullRequestRun(d, { number: 62 });
    mainBaseline(d, referenceReport());
    const artifact = prArtifact(d, run, pr.number, '{}');
    const meta = JSON.stringify({ prNumber: pr.number, headSha: run.headSha, key: 'default', reportFile: 'report.json', markdownFile: 'comment.md' });
    artifact.zip = writeZipEntries([{ name: 'meta.json', method: 0, data: Buffer.from(meta), crc: crc32(meta), size: meta.length }, repeatedEntry('report.json', Buffer.alloc(1 << 20, 0x20), 256, 1000)]);
    const r = await commentRun(d, run);
    assert.notEqual(r.code, 0);
    assert.match(r.log, /report\.json in the PR artifact: (?:too many bytes in the stream|inflates past its declared 1000 bytes)/);
    assert.equal(stickyComments(d, pr.number).length, 0);
  });
});
