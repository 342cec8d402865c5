/**
 * An answer case in the detail: each run's answer (tool, pass or fail, score, the
 * excerpt the report keeps), its validations, the criteria scores, and every
 * evaluator's result with the judge's reasoning, as the judge wrote it (escaped by
 * construction: text nodes only, controls shown).
 */
import { formatValue } from '../../../report/format.ts';
import type { AnswerResult } from '../../../model/report.ts';
import { h, pre, text } from './dom.ts';
import type { CaseView } from './case-view.ts';

function scoreText(score: number | boolean | string): string {
  return typeof score === 'number' ? String(Math.round(score * 1000) / 1000) : String(score);
}

function oneAnswer(name: string, a: AnswerResult): HTMLElement {
  const head = `${name}: ${a.passed ? '✓ passed' : '✗ failed'} · score ${formatValue(a.score, 'ratio')}${a.confidence !== undefined ? ` · confidence ${a.confidence}` : ''} · ${a.chars} characters`;
  const validations = a.validations.map((v) => h('li', { class: v.passed ? 'pass' : 'fail' }, v.passed ? '✓ ' : '✗ ', text(v.message, 2000)));
  const criteria = Object.entries(a.criteria).map(([k, v]) => h('li', {}, text(k, 200), `: ${formatValue(v, 'ratio')}`));
  const evaluations = a.evaluations.map((e) =>
    h(
      'div',
      { class: 'evaluation' },
      h('p', {}, h('strong', {}, text(e.criterionName, 200)), ' · ', text(e.evaluatorType, 100), ` · score ${scoreText(e.score)}`, e.error ? h('span', { class: 'fail' }, ' · error: ', text(e.error, 2000)) : null),
      e.reasoning ? h('blockquote', { class: 'reasoning' }, pre(e.reasoning, 20_000)) : null,
    ),
  );
  const unjudged = (a.unjudged ?? []).map((u) => h('li', {}, 'not judged: ', text(u.criterion, 200), u.evaluator ? text(` (${u.evaluator})`, 100) : '', ': ', text(u.reason, 2000)));
  const repeats = a.repeats ? h('p', {}, `Asked ${a.repeats.asked} times (${a.repeats.missing} without an answer): scores ${a.repeats.scores.map((s) => formatValue(s, 'ratio')).join(', ')}; ${a.repeats.passed} passed; answer ${a.repeats.shown + 1} shown.`) : null;
  const context = a.context
    ? h(
        'details',
        {},
        h('summary', {}, `Grounding context: ${a.context.source}, ${a.context.documents.length} document(s)${a.context.error ? `, error: ${a.context.error.kind}` : ''}`),
        a.context.error ? pre(a.context.error.message, 2000) : null,
        ...a.context.documents.map((d) => h('div', { class: 'doc' }, h('p', {}, d.id !== undefined ? text(d.id, 300) : 'document', ` · ${d.chars} characters${d.truncated ? ' (cut)' : ''}`), d.text ? pre(d.text, 5000) : null)),
      )
    : null;
  return h(
    'div',
    { class: 'answer' },
    h('h5', {}, text(head, 500)),
    h('p', {}, 'Tool: ', h('code', {}, text(a.tool, 200))),
    h('blockquote', { class: 'excerpt' }, pre(a.excerpt)),
    validations.length > 0 ? h('ul', { class: 'validations', 'aria-label': 'Validations' }, ...validations) : null,
    criteria.length > 0 ? h('ul', { class: 'criteria', 'aria-label': 'Criteria' }, ...criteria) : null,
    unjudged.length > 0 ? h('ul', {}, ...unjudged) : null,
    repeats,
    ...evaluations,
    context,
  );
}

export function answerSection(view: CaseView): HTMLElement | null {
  if (view.current.kind !== 'answer') return null;
  const answers = view.cases.map((c, i) => (c?.answer ? oneAnswer(view.meta.runs[i]!.name, c.answer) : null)).filter((a): a is HTMLElement => a !== null);
  const body = answers.length > 0 ? answers : [h('p', {}, 'No answer: the case did not get one (see the error).')];
  return h('section', { class: 'detail-part' }, h('h4', {}, 'Answer, validations and judges'), h('div', { class: 'answers' }, ...body));
}
