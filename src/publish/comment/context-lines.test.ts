import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { baselineLine, environmentLine, linksLine, safeUrl, shortSha, truncationNote } from './context-lines.ts';

describe('baselineLine', () => {
  it('names an artifact baseline by commit, date, distance and run', () => {
    const line = baselineLine({ source: 'artifact', sha: 'ABC1234DEF', date: '2026-11-20T10:00:00Z', behindBy: 1, url: 'https://github.com/o/r/actions/runs/7' });
    assert.equal(line, 'Baseline: main-branch run @ `abc1234` (2026-11-20, 1 commit behind the base) · [run](https://github.com/o/r/actions/runs/7)');
    assert.match(baselineLine({ source: 'artifact', behindBy: 0 }), /\(at the base commit\)/);
  });

  it('names a file baseline and its note, or says there is none', () => {
    assert.equal(baselineLine({ source: 'path', path: 'baselines/ref.json', note: 'fallback' }), 'Baseline: file `baselines/ref.json` · fallback');
    assert.equal(baselineLine({ source: 'none', note: 'no main-branch baseline yet' }), 'Baseline: none (no main-branch baseline yet).');
    assert.equal(baselineLine({ source: 'none', note: 'shown above' }, true), 'Baseline: none.');
  });
});

describe('environmentLine', () => {
  const env = { os: 'Linux 6.8', arch: 'x64', cpuModel: 'AMD EPYC 7763', cores: 4, node: 'v24.1.0', runnerImage: 'ubuntu24 20260101' };
  it('lists the machine and whether the baseline ran on the same one', () => {
    assert.equal(
      // The date's 8 digits could be a commit sha: a zero-width space keeps GitHub from linking them.
      environmentLine(env, true).replace(/\u200b/g, ''),
      'Environment: Linux 6.8 (x64) · AMD EPYC 7763, 4 cores · Node v24.1.0 · runner ubuntu24 20260101 · baseline ran on the same machine',
    );
    assert.match(environmentLine(env, false), /different machine \(latency, memory and build rows are indicative\)$/);
    assert.doesNotMatch(environmentLine(env, undefined), /baseline/);
  });
});

describe('links', () => {
  it('links only http(s) and keeps a destination from closing early', () => {
    assert.equal(safeUrl('javascript:alert(1)'), undefined);
    assert.equal(safeUrl('not a url'), undefined);
    assert.equal(safeUrl('https://x.example/a (b)'), 'https://x.example/a%20%28b%29');
    assert.equal(linksLine({ key: 'k', baseline: { source: 'none' }, runUrl: 'https://github.com/o/r/actions/runs/1', reportUrl: 'data:text/html,x' }), '[Workflow run](https://github.com/o/r/actions/runs/1)');
  });

  it('points a truncated comment at the full report, else the artifact, else the run', () => {
    const base = { key: 'k', baseline: { source: 'none' as const }, runUrl: 'https://r.example/run' };
    assert.match(truncationNote({ ...base, reportUrl: 'https://r.example/report', artifactUrl: 'https://r.example/a' }), /\[the full report\]\(https:\/\/r\.example\/report\)/);
    assert.match(truncationNote({ ...base, artifactUrl: 'https://r.example/a' }), /full report in \[the artifact\]\(https:\/\/r\.example\/a\)\.$/);
    assert.match(truncationNote(base), /\[the run's artifacts\]\(https:\/\/r\.example\/run\)/);
  });

  it('shows a commit short and escapes anything that is not one', () => {
    assert.equal(shortSha('0123456789abcdef'), '`0123456`');
    assert.equal(shortSha('<img src=x>'), '`<img src=x>`');
  });
});
