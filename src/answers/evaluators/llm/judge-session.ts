/**
 * One run's judging: every judge and embedding API call of the run goes through one
 * session, which
 *  - serves it from the call cache when it can (call-cache.ts; a hit costs nothing),
 *  - holds at most `concurrency` calls in flight (a semaphore: APIs rate-limit),
 *  - refuses new calls once the budget (USD from the configured prices, or tokens) is
 *    spent: the evaluator then returns "not judged (budget)" results, which the aggregate
 *    treats as missing evidence (never a higher score) and health counts,
 *  - records usage once per API call, per evaluator and model, so the totals equal what
 *    the provider bills (copying a call's tokens onto each criterion it scored made 3,206
 *    real tokens look like 5,450).
 * Calls already in flight when the budget is crossed still finish (and count), so a run
 * can overshoot by at most `concurrency` calls' worth.
 *
 * Prices are USD per million tokens, per model, as configured; a model without a price
 * has tokens but cost null ("unknown"), never a made-up number.
 */
import type { JudgingSummary, JudgingUsage } from '../../../model/report.ts';
import { createCallCache, type CallCache } from '../call-cache.ts';

export interface ModelPrice {
  /** USD per million prompt tokens. */
  input: number;
  /** USD per million completion tokens (embeddings have none). */
  output: number;
  /** USD per million prompt tokens served from the provider's prompt cache; default `input`. */
  cachedInput?: number;
}

export interface JudgeBudget {
  usd?: number;
  tokens?: number;
}

export interface JudgingSettings {
  cache: CallCache | null;
  concurrency: number;
  budget?: JudgeBudget;
  prices: Record<string, ModelPrice>;
}

export const DEFAULT_JUDGE_CONCURRENCY = 4;

/** Thrown by `call` when the budget is spent; evaluators turn it into "not judged (budget)" results. */
export class BudgetExhausted extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BudgetExhausted';
  }
}

/** What one API response used. */
export interface CallUsage {
  promptTokens: number;
  completionTokens: number;
  cachedTokens?: number;
}

export interface JudgeSession {
  readonly settings: JudgingSettings;
  /** A cached value for the key (and counts the hit), or undefined. */
  cached<T>(evaluator: string, model: string, key: string): Promise<T | undefined>;
  /** Stores a usable answer (a failing cache write never fails the case). */
  remember(key: string, value: unknown): Promise<void>;
  /** Runs one API call under the concurrency bound and the budget; `usage` reads what it used. */
  call<T>(evaluator: string, model: string, run: () => Promise<T>, usage: (value: T) => CallUsage | undefined): Promise<T>;
  /** Usage since the last take (each arm of an A/B run gets its own), and the cases stopped by the budget then. */
  take(notJudged: string[]): JudgingSummary;
}

type Row = Omit<JudgingUsage, 'costUsd'>;

export function costOf(row: Pick<JudgingUsage, 'promptTokens' | 'completionTokens' | 'cachedTokens'>, price: ModelPrice | undefined): number | null {
  if (row.promptTokens === 0 && row.completionTokens === 0) return 0;
  if (price === undefined) return null;
  const fresh = row.promptTokens - row.cachedTokens;
  return (fresh * price.input + row.cachedTokens * (price.cachedInput ?? price.input) + row.completionTokens * price.output) / 1_000_000;
}

export function createJudgeSession(settings: JudgingSettings): JudgeSession {
  const rows = new Map<string, Row>();
  let spentUsd = 0;
  let spentTokens = 0;
  let stopped = false;
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  const limit = Math.max(1, settings.concurrency);

  const row = (evaluator: string, model: string): Row => {
    const id = `${evaluator}\u0000${model}`;
    let r = rows.get(id);
    if (!r) {
      r = { evaluator, model, calls: 0, cacheHits: 0, promptTokens: 0, completionTokens: 0, cachedTokens: 0 };
      rows.set(id, r);
    }
    return r;
  };

  function budgetProblem(model: string): string | undefined {
    const { budget } = settings;
    if (!budget) return undefined;
    if (budget.tokens !== undefined && spentTokens >= budget.tokens) return `the judging budget of ${budget.tokens} tokens is spent (${spentTokens} used)`;
    if (budget.usd !== undefined) {
      if (settings.prices[model] === undefined) return `the budget is in USD but model ${model} has no price (add it under prices, or give the budget in tokens)`;
      if (spentUsd >= budget.usd) return `the judging budget of $${budget.usd} is spent ($${spentUsd.toFixed(4)} used)`;
    }
    return undefined;
  }

  async function acquire(): Promise<void> {
    if (inFlight < limit) {
      inFlight++;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else inFlight--;
  }

  return {
    settings,
    async cached<T>(evaluator: string, model: string, key: string) {
      if (!settings.cache) return undefined;
      const value = await settings.cache.get<T>(key);
      if (value !== undefined) row(evaluator, model).cacheHits++;
      return value;
    },
    async remember(key, value) {
      try {
        await settings.cache?.set(key, value);
      } catch {
        // A read-only or full disk costs the next run a call, not this run its score.
      }
    },
    async call(evaluator, model, run, usage) {
      await acquire();
      try {
        const problem = budgetProblem(model);
        if (problem !== undefined) {
          stopped = true;
          throw new BudgetExhausted(problem);
        }
        const value = await run();
        const used = usage(value);
        const r = row(evaluator, model);
        r.calls++;
        if (used) {
          r.promptTokens += used.promptTokens;
          r.completionTokens += used.completionTokens;
          r.cachedTokens += used.cachedTokens ?? 0;
          spentTokens += used.promptTokens + used.completionTokens;
          spentUsd += costOf({ promptTokens: used.promptTokens, completionTokens: used.completionTokens, cachedTokens: used.cachedTokens ?? 0 }, settings.prices[model]) ?? 0;
        }
        return value;
      } finally {
        release();
      }
    },
    take(notJudged) {
      const usage: JudgingUsage[] = [...rows.values()].map((r) => ({ ...r, costUsd: costOf(r, settings.prices[r.model]) }));
      rows.clear();
      const sum = (pick: (u: JudgingUsage) => number) => usage.reduce((total, u) => total + pick(u), 0);
      const unknown = usage.some((u) => u.costUsd === null);
      const summary: JudgingSummary = {
        rows: usage,
        totals: {
          calls: sum((u) => u.calls),
          cacheHits: sum((u) => u.cacheHits),
          promptTokens: sum((u) => u.promptTokens),
          completionTokens: sum((u) => u.completionTokens),
          cachedTokens: sum((u) => u.cachedTokens),
          costUsd: unknown ? null : sum((u) => u.costUsd ?? 0),
        },
        cacheDir: settings.cache?.dir ?? null,
        concurrency: limit,
        ...(settings.budget ? { budget: { ...settings.budget, stopped: stopped || notJudged.length > 0, notJudged } } : {}),
      };
      return summary;
    },
  };
}

/** A run's judging settings as configured: the call cache's folder (null: no cache) instead of an open cache. */
export interface JudgingConfig {
  cacheDir: string | null;
  concurrency: number;
  budget?: JudgeBudget;
  prices: Record<string, ModelPrice>;
}

/** The session the settings describe, its call cache opened in cacheDir. */
export function openJudgeSession({ cacheDir, concurrency, budget, prices }: JudgingConfig): JudgeSession {
  return createJudgeSession({ cache: cacheDir === null ? null : createCallCache(cacheDir), concurrency, ...(budget ? { budget } : {}), prices });
}
