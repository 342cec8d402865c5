/**
 * A task run's assertions, checked in order once the agent is done (the workspace still
 * there): each gives a result with its reason (model/task.ts AssertionResult). The text
 * checks reuse the answer rules' own (case-sensitive substring, RE2 patterns), `rules`
 * runs the answer validation rules, `script` runs in the workspace, `llm_judge` asks the
 * run's judge. A run passes when it finished, at least one hard assertion was checked
 * (skipped ones count neither way) and every hard one passed (taskPassed).
 */
import { contains, matchesRegex } from '../../answers/rules/text-rules.ts';
import { answerInput, runRules } from '../../answers/rules/index.ts';
import type { AssertionResult, TaskAssertion, TaskStop } from '../../model/task.ts';
import type { Workspace } from '../workspace.ts';
import { fileText, FINAL_MESSAGE, ruleText, type Target } from './target-text.ts';
import { runScriptAssertion } from './script.ts';
import type { JudgeAssertion } from './judge.ts';

export interface AssertionContext {
  prompt: string;
  final: string;
  workspace: Workspace;
  /** Asks the run's judge (llm_judge); absent when the task has no llm_judge assertion. */
  judge?: JudgeAssertion;
  /** The environment `when_env` looks in. */
  env: Record<string, string | undefined>;
}

type Check = Omit<AssertionResult, 'type' | 'soft'>;

const missing = (target: Extract<Target, { ok: false }>): Check => ({ label: target.label, passed: false, message: target.message });

function textCheck(a: Extract<TaskAssertion, { type: 'contains' | 'not_contains' | 'matches' }>, text: string, label: string): Check {
  if (a.type === 'matches') {
    const r = matchesRegex(text, a.pattern, a.flags);
    return { label, passed: r.passed, message: `${label}: ${r.message}` };
  }
  const found = contains(text, a.value, true).passed;
  const shown = JSON.stringify(a.value);
  if (a.type === 'contains') return { label, passed: found, message: `${label} ${found ? 'contains' : 'does not contain'} ${shown}` };
  return { label, passed: !found, message: `${label} ${found ? 'contains' : 'does not contain'} ${shown}${found ? ', which it must not' : ''}` };
}

async function check(a: TaskAssertion, ctx: AssertionContext): Promise<Check> {
  switch (a.type) {
    case 'contains':
    case 'not_contains':
    case 'matches':
      return textCheck(a, ctx.final, FINAL_MESSAGE);
    case 'file_exists': {
      const exists = await ctx.workspace.exists(a.path);
      return { label: a.path, passed: exists, message: `${a.path} ${exists ? 'exists' : 'does not exist'}` };
    }
    case 'file_contains':
    case 'file_not_contains':
    case 'file_matches': {
      const target = await fileText(ctx.workspace, a.path);
      if (!target.ok) return missing(target);
      const inner = a.type === 'file_matches' ? { type: 'matches' as const, pattern: a.pattern, ...(a.flags === undefined ? {} : { flags: a.flags }) } : { type: a.type === 'file_contains' ? ('contains' as const) : ('not_contains' as const), value: a.value };
      return textCheck(inner, target.text, a.path);
    }
    case 'script':
      return runScriptAssertion(a, ctx.workspace.dir, ctx.env);
    case 'rules': {
      const target = await ruleText(ctx.workspace, a.path, ctx.final);
      if (!target.ok) return missing(target);
      const results = await runRules(answerInput(target.text, undefined), { rules: a.rules ?? [], ...(a.keywords ? { keywords: a.keywords } : {}), ...(a.forbiddenKeywords ? { forbiddenKeywords: a.forbiddenKeywords } : {}), ...(a.imports ? { imports: a.imports } : {}) });
      const failed = results.filter((r) => !r.passed);
      return { label: target.label, passed: failed.length === 0, message: failed.length === 0 ? `${target.label}: ${results.length} rule(s) passed` : `${target.label}: ${failed.map((r) => r.message).join('; ')}` };
    }
    case 'llm_judge': {
      const target = await ruleText(ctx.workspace, a.path, ctx.final);
      if (!target.ok) return missing(target);
      if (!ctx.judge) throw new Error('internal: an llm_judge assertion without a judge');
      return ctx.judge(a, ctx.prompt, target.text, target.label);
    }
  }
}

export async function checkAssertions(assertions: readonly TaskAssertion[], ctx: AssertionContext): Promise<AssertionResult[]> {
  const results: AssertionResult[] = [];
  for (const a of assertions) results.push({ type: a.type, soft: a.soft === true, ...(await check(a, ctx)) });
  return results;
}

/** Finished, at least one hard assertion checked, and every hard one passed. */
export function taskPassed(results: readonly AssertionResult[], stop: TaskStop): boolean {
  const hard = results.filter((r) => !r.soft && r.skipped !== true);
  return stop === 'final' && hard.length > 0 && hard.every((r) => r.passed);
}
