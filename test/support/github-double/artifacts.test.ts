/**
 * The real @actions/artifact client against the double: upload through the runtime
 * (twirp + block blob), then download by id — via the REST redirect with findBy, and via
 * the runtime for the current run. @actions/github reads GITHUB_API_URL when first
 * imported, so the env is set before the client is imported (dynamically).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DefaultArtifactClient } from '@actions/artifact';
import { startGitHubDouble, type GitHubDouble } from './index.ts';


/**
 * @actions/core prints `::debug::`/`::add-mask::` workflow commands for every step; the test
 * runner would show them all. Only those lines are dropped — never the reporter's own output.
 */
function muteWorkflowCommands(): () => void {
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk: string | Uint8Array, ...rest: never[]) =>
    typeof chunk === 'string' && chunk.startsWith('::') ? true : write(chunk, ...rest);
  return () => {
    process.stdout.write = write;
  };
}

describe('github double: artifacts via @actions/artifact', () => {
  let double: GitHubDouble;
  let client: DefaultArtifactClient;
  let workspace: string;
  const savedEnv = { ...process.env };
  let unmute: () => void;
  before(async () => {
    unmute = muteWorkflowCommands();
    double = await startGitHubDouble();
    workspace = await mkdtemp(path.join(tmpdir(), 'github-double-'));
    Object.assign(process.env, double.env(), { GITHUB_WORKSPACE: workspace });
    const artifact = await import('@actions/artifact');
    client = new artifact.DefaultArtifactClient();
  });
  after(async () => {
    unmute();
    for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
    Object.assign(process.env, savedEnv);
    await double.close();
    await rm(workspace, { recursive: true, force: true });
  });

  it('uploadArtifact lands in state.uploaded (unzipped) and in the current run on REST', async () => {
    double.state.currentRunId = 4242;
    const dir = path.join(workspace, 'out');
    await mkdir(path.join(dir, 'sub'), { recursive: true });
    const report = JSON.stringify({ score: 0.9, padding: 'x'.repeat(50_000) });
    await writeFile(path.join(dir, 'report.json'), report);
    await writeFile(path.join(dir, 'sub', 'summary.md'), '# Summary\n');
    const result = await client.uploadArtifact('docs-mcp-eval-report', [path.join(dir, 'report.json'), path.join(dir, 'sub', 'summary.md')], dir);
    const uploaded = double.state.uploaded[0];
    assert.ok(uploaded);
    assert.equal(result.id, uploaded.id);
    assert.equal(uploaded.runId, 4242);
    assert.deepEqual(Object.keys(uploaded.files).sort(), ['report.json', 'sub/summary.md']);
    assert.equal(uploaded.files['report.json']?.toString(), report);
    const listed = await client.listArtifacts({
      findBy: { token: 'ghs_test', workflowRunId: 4242, repositoryOwner: 'acme', repositoryName: 'docs-server' },
    });
    assert.deepEqual(listed.artifacts.map((a) => [a.id, a.name]), [[uploaded.id, 'docs-mcp-eval-report']]);
    const routes = new Set(double.requests.map((r) => r.route));
    for (const route of ['runtime:CreateArtifact', 'runtime:blob PUT', 'runtime:FinalizeArtifact']) assert.ok(routes.has(route), route);
    // Azure's uploadStream: stage blocks, then commit the block list.
    const comps = double.requests.filter((r) => r.route === 'runtime:blob PUT').map((r) => r.query['comp']);
    assert.deepEqual([...new Set(comps)], ['block', 'blocklist']);
    assert.deepEqual(double.violations, []);
  });

  it('the same name twice in one run is refused, like the results service does', async () => {
    const file = path.join(workspace, 'again.txt');
    await writeFile(file, 'again');
    await assert.rejects(client.uploadArtifact('docs-mcp-eval-report', [file], workspace), /already exists/);
  });

  it('downloadArtifact with findBy follows the REST redirect and extracts the seeded files', async () => {
    const run = double.state.addRun({ headSha: double.state.mainCommits.at(-1) ?? '', event: 'push' });
    const seeded = double.state.addArtifact(run.id, 'docs-mcp-eval-baseline', { 'baseline.json': '{"score":0.8}', 'nested/notes.txt': 'hi' });
    const target = path.join(workspace, 'baseline');
    const { downloadPath } = await client.downloadArtifact(seeded.id, {
      path: target,
      findBy: { token: 'ghs_test', workflowRunId: run.id, repositoryOwner: 'acme', repositoryName: 'docs-server' },
    });
    assert.equal(downloadPath, target);
    assert.equal(await readFile(path.join(target, 'baseline.json'), 'utf8'), '{"score":0.8}');
    assert.equal(await readFile(path.join(target, 'nested', 'notes.txt'), 'utf8'), 'hi');
    const redirect = double.requests.find((r) => r.route === 'GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}');
    assert.equal(redirect?.status, 302);
    assert.deepEqual(double.violations, []);
  });

  it('downloadArtifact without findBy reads the current run through the runtime', async () => {
    const uploaded = double.state.uploaded[0];
    assert.ok(uploaded);
    const target = path.join(workspace, 'own');
    await client.downloadArtifact(uploaded.id, { path: target });
    assert.equal(await readFile(path.join(target, 'sub', 'summary.md'), 'utf8'), '# Summary\n');
    assert.deepEqual(double.violations, []);
  });

  it('runtime faults can be injected by twirp method', async () => {
    double.failNext('runtime:CreateArtifact', 409);
    const file = path.join(workspace, 'fault.txt');
    await writeFile(file, 'f');
    await assert.rejects(client.uploadArtifact('fault', [file], workspace), /409/);
  });
});
