/**
 * tool_usage: checks the tool calls a case made (input.messageHistory) against rules:
 *
 *   - criterion: right_tool      # optional: defaults to the evaluator's first criterion
 *     expectedTool: ask_docs      # a logical name is mapped through context.toolMap when present
 *     required: true              # default: at least one successful call
 *     args: { question: { pattern: "refresh" }, project: { oneOf: [acme, acme-sdk] }, limit: 5 }
 *     argsMatch: any              # any (default): one call has every arg right; all: every call does
 *     maxCalls: 1
 *     requireOk: true             # default: failed calls do not count as an invocation
 *
 * Each criterion passes when all its rules pass; the reasoning says which rule failed and why.
 */
import { isDeepStrictEqual } from 'node:util';
import { isRecord } from '../../../shared/plain-data.ts';
import { assertKnownOptions } from '../options.ts';
import type { EvaluationCriteria, EvaluationInput, EvaluationResult, Evaluator, EvaluatorConfig, ToolCallRecord } from '../../../model/evaluation.ts';

export const TOOL_USAGE = 'tool_usage';

export const TOOL_USAGE_CRITERION: EvaluationCriteria = {
  name: 'tool_usage',
  description: 'The case called the expected tools with the expected arguments',
  scale: 'pass/fail',
};

type ArgMatcher = { kind: 'equals'; value: unknown } | { kind: 'pattern'; regex: RegExp } | { kind: 'oneOf'; values: unknown[] };

interface ToolRule {
  criterion: string;
  expectedTool: string;
  required: boolean;
  args: [string, ArgMatcher][];
  argsMatch: 'any' | 'all';
  maxCalls: number | undefined;
  requireOk: boolean;
}

interface RuleOutcome {
  expectedTool: string;
  passed: boolean;
  reason: string;
  calls: number;
}

const RULE_KEYS = ['criterion', 'expectedTool', 'required', 'args', 'argsMatch', 'maxCalls', 'requireOk'];

/** Criteria the rules name, so a config need not list them twice; unnamed rules score tool_usage. */
export function toolUsageCriteria(config: EvaluatorConfig): string[] {
  const rules = Array.isArray(config.rules) ? (config.rules as unknown[]) : [];
  const named = [...new Set(rules.flatMap((r) => (isRecord(r) && typeof r.criterion === 'string' ? [r.criterion] : [])))];
  const listed = config.criteria !== undefined || config.criterion !== undefined;
  const unnamed = rules.some((r) => !isRecord(r) || r.criterion === undefined);
  return named.length > 0 && !listed && unnamed ? [TOOL_USAGE_CRITERION.name, ...named] : named;
}

export function createToolUsage(config: EvaluatorConfig, criteria: EvaluationCriteria[]): Evaluator {
  assertKnownOptions(config, ['rules']);
  if (!Array.isArray(config.rules) || config.rules.length === 0) throw new Error('tool_usage needs rules: a list of { expectedTool, ... }');
  const fallback = criteria[0]?.name ?? TOOL_USAGE_CRITERION.name;
  const rules = (config.rules as unknown[]).map((raw, i) => parseRule(raw, i, fallback));
  const stray = rules.find((r) => !criteria.some((c) => c.name === r.criterion));
  if (stray) throw new Error(`a rule scores criterion ${stray.criterion}, which is not among this evaluator's criteria`);

  return {
    type: TOOL_USAGE,
    evaluate(input: EvaluationInput): Promise<EvaluationResult[]> {
      const history = input.messageHistory ?? [];
      const toolMap = isRecord(input.context?.toolMap) ? input.context.toolMap : {};
      const outcomes = rules.map((rule) => ({ rule, outcome: checkRule(rule, history, toolMap) }));
      return Promise.resolve(
        criteria.map((c) => {
          const mine = outcomes.filter((o) => o.rule.criterion === c.name).map((o) => o.outcome);
          const passed = mine.every((o) => o.passed);
          const reasoning = mine.map((o) => `${o.passed ? '✓' : '✗'} ${o.reason}`).join('; ') || 'no rules for this criterion';
          return { criterionName: c.name, evaluatorType: TOOL_USAGE, score: passed, reasoning, metadata: { rules: mine } };
        }),
      );
    },
  };
}

function parseRule(raw: unknown, index: number, fallback: string): ToolRule {
  const where = `rules[${index}]`;
  if (!isRecord(raw)) throw new Error(`${where} must be an object with expectedTool`);
  const unknown = Object.keys(raw).filter((k) => !RULE_KEYS.includes(k));
  if (unknown.length > 0) throw new Error(`${where}: unknown key ${unknown.join(', ')}; known: ${RULE_KEYS.join(', ')}`);
  if (typeof raw.expectedTool !== 'string' || raw.expectedTool === '') throw new Error(`${where}.expectedTool must be a tool name`);
  if (raw.criterion !== undefined && typeof raw.criterion !== 'string') throw new Error(`${where}.criterion must be a criterion name`);
  for (const key of ['required', 'requireOk'] as const) {
    if (raw[key] !== undefined && typeof raw[key] !== 'boolean') throw new Error(`${where}.${key} must be true or false`);
  }
  if (raw.maxCalls !== undefined && !(Number.isInteger(raw.maxCalls) && (raw.maxCalls as number) >= 0)) throw new Error(`${where}.maxCalls must be a whole number >= 0`);
  if (raw.argsMatch !== undefined && raw.argsMatch !== 'any' && raw.argsMatch !== 'all') throw new Error(`${where}.argsMatch must be any or all`);
  if (raw.args !== undefined && !isRecord(raw.args)) throw new Error(`${where}.args must map argument names to expected values`);
  return {
    criterion: raw.criterion ?? fallback,
    expectedTool: raw.expectedTool,
    required: raw.required !== false,
    args: Object.entries(raw.args ?? {}).map(([name, expected]) => [name, parseMatcher(expected, `${where}.args.${name}`)]),
    argsMatch: raw.argsMatch ?? 'any',
    maxCalls: raw.maxCalls as number | undefined,
    requireOk: raw.requireOk !== false,
  };
}

/** `{ pattern }`, `{ oneOf }` and `{ equals }` are matchers; any other value must be equal (deeply). */
function parseMatcher(expected: unknown, where: string): ArgMatcher {
  if (!isRecord(expected)) return { kind: 'equals', value: expected };
  const keys = Object.keys(expected).sort().join(',');
  if (keys === 'pattern' || keys === 'flags,pattern') {
    if (typeof expected.pattern !== 'string' || (expected.flags !== undefined && typeof expected.flags !== 'string')) throw new Error(`${where}: pattern and flags must be strings`);
    try {
      // g and y would make test() remember lastIndex between calls.
      return { kind: 'pattern', regex: new RegExp(expected.pattern, (expected.flags ?? '').replace(/[gy]/g, '')) };
    } catch (error) {
      throw new Error(`${where}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  if (keys === 'oneOf') {
    if (!Array.isArray(expected.oneOf)) throw new Error(`${where}.oneOf must be a list`);
    return { kind: 'oneOf', values: expected.oneOf };
  }
  if (keys === 'equals') return { kind: 'equals', value: expected.equals };
  return { kind: 'equals', value: expected };
}

function checkRule(rule: ToolRule, history: ToolCallRecord[], toolMap: Record<string, unknown>): RuleOutcome {
  const mapped = toolMap[rule.expectedTool];
  const names = new Set([rule.expectedTool, ...(typeof mapped === 'string' ? [mapped] : [])]);
  const calls = history.filter((c) => names.has(c.tool));
  const usable = rule.requireOk ? calls.filter((c) => c.ok) : calls;
  const tool = rule.expectedTool;
  const outcome = (passed: boolean, reason: string): RuleOutcome => ({ expectedTool: tool, passed, reason, calls: calls.length });

  if (rule.maxCalls !== undefined && calls.length > rule.maxCalls) return outcome(false, `${tool} called ${calls.length} times, at most ${rule.maxCalls} allowed`);
  if (calls.length === 0) return outcome(!rule.required, rule.required ? `${tool} was never called` : `${tool} not called (not required)`);
  if (usable.length === 0) return outcome(!rule.required, `all ${calls.length} calls to ${tool} failed`);
  if (rule.args.length === 0) return outcome(true, `${tool} called ${calls.length} time${calls.length === 1 ? '' : 's'}`);

  const mismatches = usable.map((call) => argMismatch(rule, call.args));
  const good = mismatches.filter((m) => m === undefined).length;
  if (rule.argsMatch === 'all' && good < usable.length) {
    return outcome(false, `${usable.length - good} of ${usable.length} calls to ${tool} had wrong arguments: ${mismatches.find((m) => m !== undefined)}`);
  }
  if (good === 0) return outcome(false, `no call to ${tool} had the expected arguments: ${mismatches[0]}`);
  return outcome(true, `${tool} called with the expected arguments`);
}

/** Why a call's arguments fail the rule, or undefined when they pass. */
function argMismatch(rule: ToolRule, args: Record<string, unknown>): string | undefined {
  for (const [name, matcher] of rule.args) {
    const actual = args[name];
    const shown = actual === undefined ? 'missing' : JSON.stringify(actual);
    if (matcher.kind === 'pattern') {
      if (typeof actual !== 'string' || !matcher.regex.test(actual)) return `${name} ${shown} does not match ${String(matcher.regex)}`;
    } else if (matcher.kind === 'oneOf') {
      if (!matcher.values.some((v) => isDeepStrictEqual(v, actual))) return `${name} ${shown} is not one of ${JSON.stringify(matcher.values)}`;
    } else if (!isDeepStrictEqual(matcher.value, actual)) {
      return `${name} ${shown}, expected ${JSON.stringify(matcher.value)}`;
    }
  }
  return undefined;
}
