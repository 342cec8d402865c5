import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expiredBaselineNote, retentionNotice, RETENTION_WARNING_DAYS, type ArtifactExpiry } from './retention.ts';

const now = new Date('2026-03-01T12:00:00Z');
const item = (kind: ArtifactExpiry['kind'], expiresAt: string, expired = false): ArtifactExpiry => ({ kind, name: `docs-mcp-eval-${kind === 'baseline' ? 'report' : 'history'}-default`, expiresAt, expired });

describe('retentionNotice', () => {
  it('stays silent while both artifacts have 14 days or more', () => {
    assert.equal(retentionNotice([item('baseline', '2026-03-15T12:00:00Z'), item('history', '2026-05-30T00:00:00Z')], now), undefined);
    assert.equal(retentionNotice([], now), undefined);
    assert.equal(RETENTION_WARNING_DAYS, 14);
  });

  it('names each artifact within 14 days or past, its date, the consequence and the fix', () => {
    const text = retentionNotice([item('baseline', '2026-03-06T12:00:00Z'), item('history', '2026-02-20T00:00:00Z', true)], now) ?? '';
    assert.match(text, /the baseline artifact `docs-mcp-eval-report-default` expires on 2026-03-06 \(in 5 days\)/);
    assert.match(text, /the history artifact `docs-mcp-eval-history-default` expired on 2026-02-20/);
    assert.match(text, /pull requests have nothing to compare with/);
    assert.match(text, /`history-store: branch`/);
    assert.match(text, /nightly `schedule` run/);
    assert.ok(text.startsWith('> ⚠️'));
  });

  it('counts whole days: 13 days and a half is 13, the last day is "today"', () => {
    assert.match(retentionNotice([item('history', '2026-03-15T00:00:00Z')], now) ?? '', /in 13 days/);
    assert.match(retentionNotice([item('history', '2026-03-01T20:00:00Z')], now) ?? '', /\(today\)/);
    assert.match(retentionNotice([item('history', '2026-03-02T13:00:00Z')], now) ?? '', /in 1 day\)/);
    assert.match(retentionNotice([item('history', '2026-03-01T11:00:00Z')], now) ?? '', /expired on 2026-03-01/);
  });

  it('a history-only notice speaks of the verdicts, and unreadable dates or odd names never reach the text', () => {
    const text = retentionNotice([item('history', '2026-03-03T00:00:00Z'), item('baseline', 'soon')], now) ?? '';
    assert.match(text, /timing and memory verdicts start over/);
    assert.doesNotMatch(text, /soon|baseline artifact/);
    const odd = retentionNotice([{ kind: 'history', name: 'x`<img>@a', expiresAt: '2026-03-02T00:00:00Z', expired: false }], now) ?? '';
    assert.match(odd, /`ximga`/);
  });
});

describe('expiredBaselineNote', () => {
  it('says "baseline expired on <date>" and what brings it back', () => {
    assert.match(expiredBaselineNote('2026-02-20T08:00:00Z'), /^baseline expired on 2026-02-20: .*next push to the default branch or nightly run.*`history-store: branch`/);
    assert.match(expiredBaselineNote('garbage'), /^baseline expired on an unknown date/);
  });
});
