/**
 * Progress on stderr: one line redrawn in place on a terminal; piped (CI logs keep every
 * line, and carriage returns would garble them) a line per 10% of the calls or per 10
 * seconds, not one per call: 65 cases × 5 repetitions is 6-11 lines, not 325. Each line
 * tallies the marks, explained once by a legend. Case ids, server messages, excerpts and
 * stderr tails are made inert (no escape sequences, no bidi controls) before they reach
 * the terminal; --verbose adds the reason of each case that did not simply pass.
 */
import type { ProgressEvent } from '../run/run-suite.ts';
import { caseOutcome, type CaseOutcomeKind } from '../run/case-outcome.ts';
import { inert } from '../shared/control-chars.ts';

export interface Progress {
  phase(name: string, detail: string): void;
  update(event: ProgressEvent): void;
  done(): void;
}

type Mark = '✓' | '○' | '∅' | '✗' | '·';

export const PROGRESS_LEGEND = 'marks: ✓ a relevant doc found (or the answer passed) · ○ none in the ranking · ∅ no id in the replies · ✗ an error or a failed validation · · not run';

/** Piped: a line at least every this many ms while calls complete. */
const PIPED_EVERY_MS = 10_000;

const MARKS: Record<CaseOutcomeKind, Mark> = { ok: '✓', pass: '✓', miss: '○', empty: '∅', fail: '✗', error: '✗', not_run: '·' };

/** Why a case did not simply pass, for --verbose; empty when it did. */
function reasons(event: ProgressEvent): string[] {
  const o = event.observation;
  if (o.error) {
    return [
      `    ${o.error.kind}: ${inert(o.error.message, { oneLine: true })}`,
      ...(o.error.excerpt ? [`    returned: ${inert(o.error.excerpt, { oneLine: true })}`] : []),
      ...(o.error.stderrTail ? [`    server stderr:\n${inert(o.error.stderrTail).replace(/^/gm, '      ')}`] : []),
    ];
  }
  if (o.answer && event.failedValidation !== undefined) return [`    failed validation: ${inert(event.failedValidation, { oneLine: true })}`];
  if (o.status === 'ok' && !o.answer && o.foundInRound === null) {
    const top = o.rounds.flatMap((r) => r.hits.map((h) => h.id)).slice(0, 3);
    if (top.length === 0) return [`    no id in the server's replies (${o.rounds.length} round(s)): an empty page, or a short message with no id; \`docs-mcp-eval inspect\` shows a raw result`];
    return [`    no relevant doc in ${o.rounds.length} round(s); top: ${inert(top.join(', '), { oneLine: true })}`];
  }
  return [];
}

export function createProgress(stream: NodeJS.WriteStream, verbose: boolean): Progress {
  const tty = stream.isTTY === true;
  const started = performance.now();
  const tally: Record<Mark, number> = { '✓': 0, '○': 0, '∅': 0, '✗': 0, '·': 0 };
  let lineOpen = false;
  let legendShown = false;
  let lastLineAt = started;
  let lastStep = 0;

  const endLine = () => {
    if (lineOpen) stream.write('\n');
    lineOpen = false;
  };
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)}s`;
  const counts = () => (Object.keys(tally) as Mark[]).filter((m) => tally[m] > 0 || m !== '·').map((m) => `${m} ${tally[m]}`).join('  ');

  return {
    phase(name, detail) {
      endLine();
      stream.write(`docs-mcp-eval: ${name}: ${inert(detail, { oneLine: true })}\n`);
    },
    update(event) {
      if (!legendShown) {
        endLine();
        stream.write(`docs-mcp-eval: ${PROGRESS_LEGEND}\n`);
        legendShown = true;
      }
      const { kind, ms } = caseOutcome(event);
      const m = MARKS[kind];
      tally[m]++;
      const o = event.observation;
      const why = verbose ? reasons(event) : [];
      if (tty) {
        stream.write(`\r\u001b[2K${inert(`[${event.done}/${event.total}] ${m} ${o.caseId} (${ms.toFixed(1)} ms) · ${counts()} · ${seconds()}`, { oneLine: true })}`);
        lineOpen = true;
      } else {
        // A line per 10% step crossed, per 10 s, and at the end.
        const step = Math.floor((event.done * 10) / Math.max(1, event.total));
        const now = performance.now();
        if (step > lastStep || now - lastLineAt >= PIPED_EVERY_MS || event.done === event.total) {
          stream.write(`[${event.done}/${event.total}] ${Math.round((event.done / Math.max(1, event.total)) * 100)}% · ${counts()} · ${seconds()}\n`);
          lastStep = step;
          lastLineAt = now;
        }
      }
      if (why.length > 0) {
        endLine();
        stream.write(`  ${m} ${inert(o.caseId, { oneLine: true })}\n${why.join('\n')}\n`);
      }
    },
    done() {
      endLine();
    },
  };
}
