/**
 * Progress on stderr: one line redrawn in place on a terminal, plain lines otherwise
 * (CI logs keep every line, and carriage returns would garble them). Case ids, server
 * messages, excerpts and stderr tails are made inert (no escape sequences, no bidi
 * controls) before they reach the terminal.
 */
import type { ProgressEvent } from '../run/run-suite.ts';
import { caseOutcome, type CaseOutcomeKind } from '../run/case-outcome.ts';
import { inert } from '../shared/control-chars.ts';

export interface Progress {
  phase(name: string, detail: string): void;
  update(event: ProgressEvent): void;
  done(): void;
}

const MARKS: Record<CaseOutcomeKind, string> = { ok: '✓', pass: '✓', miss: '○', empty: '∅', fail: '✗', error: '✗', not_run: '·' };

export function createProgress(stream: NodeJS.WriteStream, verbose: boolean): Progress {
  const tty = stream.isTTY;
  let lineOpen = false;
  const started = performance.now();

  const endLine = () => {
    if (lineOpen) stream.write('\n');
    lineOpen = false;
  };

  return {
    phase(name, detail) {
      endLine();
      stream.write(`docs-mcp-eval: ${name}: ${inert(detail, { oneLine: true })}\n`);
    },
    update(event) {
      const o = event.observation;
      const { kind, ms } = caseOutcome(event);
      const text = inert(`[${event.done}/${event.total}] ${MARKS[kind]} ${o.caseId} (${ms.toFixed(1)} ms)`, { oneLine: true });
      if (tty) {
        const elapsed = ((performance.now() - started) / 1000).toFixed(1);
        stream.write(`\r\u001b[2K${text} · ${elapsed}s`);
        lineOpen = true;
      } else {
        stream.write(`${text}\n`);
      }
      if (verbose && o.error) {
        endLine();
        stream.write(`    ${o.error.kind}: ${inert(o.error.message, { oneLine: true })}\n`);
        if (o.error.excerpt) stream.write(`    returned: ${inert(o.error.excerpt, { oneLine: true })}\n`);
        if (o.error.stderrTail) stream.write(`    server stderr:\n${inert(o.error.stderrTail).replace(/^/gm, '      ')}\n`);
      } else if (verbose && o.answer && event.failedValidation !== undefined) {
        endLine();
        stream.write(`    failed validation: ${inert(event.failedValidation, { oneLine: true })}\n`);
      } else if (verbose && o.status === 'ok' && !o.answer && o.foundInRound === null) {
        endLine();
        const top = o.rounds.flatMap((r) => r.hits.map((h) => h.id)).slice(0, 3);
        if (top.length === 0) stream.write(`    no id in the server's replies (${o.rounds.length} round(s)): an empty page, or a short message with no id; \`docs-mcp-eval inspect\` shows a raw result\n`);
        else stream.write(`    no relevant doc in ${o.rounds.length} round(s); top: ${inert(top.join(', '), { oneLine: true })}\n`);
      }
    },
    done() {
      endLine();
    },
  };
}
