/**
 * Rules about sources: has_citation (in the prose, see citations.ts) and the reported
 * confidence_above / sources_count (see metadata.ts). Both thresholds are inclusive, as
 * in seed 000 (confidence 40 meets threshold 40); when the answer carries no metadata
 * the rule fails with "no response metadata" rather than reading a 0.
 */
import { findCitations } from './citations.ts';
import type { CodeBlock } from './code-blocks.ts';
import { readMetric } from './metadata.ts';
import type { AnswerInput, RuleResult } from '../../model/answer-rules.ts';

export function hasCitation(body: string, blocks: CodeBlock[]): RuleResult {
  const citations = findCitations(body, blocks);
  if (citations.length === 0) return { rule: 'has_citation', passed: false, message: 'No source citation in the prose (code is not searched)' };
  const examples = citations.slice(0, 3).map((c) => c.text);
  return {
    rule: 'has_citation',
    passed: true,
    message: `${citations.length} citation(s), e.g. ${examples.join(' ')}`,
    details: { count: citations.length, kinds: [...new Set(citations.map((c) => c.kind))], examples },
  };
}

export function confidenceAbove(answer: AnswerInput, threshold: number): RuleResult {
  const reading = readMetric(answer, 'confidence');
  if (!reading.ok) return { rule: 'confidence_above', passed: false, message: reading.message };
  return {
    rule: 'confidence_above',
    passed: reading.value >= threshold,
    message: `Confidence ${reading.value} (at least ${threshold} wanted; from ${reading.source})`,
    details: { confidence: reading.value, source: reading.source },
  };
}

export function sourcesCount(answer: AnswerInput, min: number): RuleResult {
  const reading = readMetric(answer, 'sources');
  if (!reading.ok) return { rule: 'sources_count', passed: false, message: reading.message };
  return {
    rule: 'sources_count',
    passed: reading.value >= min,
    message: `${reading.value} source(s) used (at least ${min} wanted; ${reading.field} from ${reading.source})`,
    details: { sources: reading.value, field: reading.field, source: reading.source },
  };
}
