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
 * can overshoot by at most `concurrency` calls' worth. A provider that sends no `usage`
 * cannot lift the budget: each such call's tokens are estimated from its text
 * (estimate-tokens.ts) and counted, marked as estimated in the report.
 *
 * Prices are USD per million tokens, per model, as configured; a model without a price
 * has tokens but cost null ("unknown"), never a made-up number.
 */
import { budgetText, type JudgingSummary, type JudgingUsage } from '../../../model/report.ts';
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

/** What one API response used: as the provider reported it, or estimated from the text when it reported nothing (estimate-tokens.ts). */
export interface CallUsage {
  promptTokens: number;
  completionTokens: number;
  cachedTokens?: number;
  /** The provider sent no usage: the tokens are estimated, and so is the cost. */
  estimated?: boolean;
}

/** Who makes a call: the evaluator it is counted under, the model asked, and the endpoint (the API root, as displayed). */
export interface CallOwner {
  evaluator: string;
  model: string;
  endpoint: string;
}

/** Judging so far, for progress lines: the totals since the last take. */
export type JudgingSnapshot = JudgingSummary['totals'];

export interface JudgeSession {
  readonly settings: JudgingSettings;
  /** A cached value for the key (and counts the hit), or undefined. */
  cached<T>(owner: CallOwner, key: string): Promise<T | undefined>;
  /** Stores a usable answer (a failing cache write never fails the case). */
  remember(key: string, value: unknown): Promise<void>;
  /**
   * Runs one API call under the concurrency bound and the budget; `usage` says what it
   * used, estimated when the response has no usage, so that every call counts against
   * the budget.
   */
  call<T>(owner: CallOwner, run: () => Promise<T>, usage: (value: T) => CallUsage): Promise<T>;
  /** Totals since the last take, for progress lines. */
  snapshot(): JudgingSnapshot;
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
  let anyEstimated = false;
  let stopped = false;
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  const limit = Math.max(1, settings.concurrency);

  const row = ({ evaluator, model, endpoint }: CallOwner): Row => {
    const id = `${evaluator}\u0000${model}\u0000${endpoint}`;
    let r = rows.get(id);
    if (!r) {
      r = { evaluator, model, endpoint, calls: 0, cacheHits: 0, promptTokens: 0, completionTokens: 0, cachedTokens: 0 };
      rows.set(id, r);
    }
    return r;
  };

  function budgetProblem(model: string): string | undefined {
    const { budget } = settings;
    if (!budget) return undefined;
    const estimated = anyEstimated ? ', some of it estimated' : '';
    if (budget.tokens !== undefined && spentTokens >= budget.tokens) return `the judging budget of ${budgetText({ tokens: budget.tokens })} is spent (${spentTokens.toLocaleString('en-US')} used${estimated})`;
    if (budget.usd !== undefined) {
      if (settings.prices[model] === undefined) return `the judging budget of ${budgetText({ usd: budget.usd })} cannot be held: model ${model} has no price (add it under judging.prices, or give the budget in tokens)`;
      if (spentUsd >= budget.usd) return `the judging budget of ${budgetText({ usd: budget.usd })} is spent ($${spentUsd.toFixed(4)} used${estimated})`;
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
    async cached<T>(owner: CallOwner, key: string) {
      if (!settings.cache) return undefined;
      const value = await settings.cache.get<T>(key);
      if (value !== undefined) row(owner).cacheHits++;
      return value;
    },
    async remember(key, value) {
      try {
        await settings.cache?.set(key, value);
      } catch {
        // A read-only or full disk costs the next run a call, not this run its score.
      }
    },
    async call(owner, run, usage) {
      await acquire();
      try {
        const problem = budgetProblem(owner.model);
        if (problem !== undefined) {
          stopped = true;
          throw new BudgetExhausted(problem);
        }
        const value = await run();
        const used = usage(value);
        const r = row(owner);
        r.calls++;
        r.promptTokens += used.promptTokens;
        r.completionTokens += used.completionTokens;
        r.cachedTokens += used.cachedTokens ?? 0;
        if (used.estimated) {
          r.estimatedCalls = (r.estimatedCalls ?? 0) + 1;
          anyEstimated = true;
        }
        spentTokens += used.promptTokens + used.completionTokens;
        spentUsd += costOf({ promptTokens: used.promptTokens, completionTokens: used.completionTokens, cachedTokens: used.cachedTokens ?? 0 }, settings.prices[owner.model]) ?? 0;
        return value;
      } finally {
        release();
      }
    },
    snapshot() {
      return totalsOf(priced([...rows.values()], settings.prices));
    },
    take(notJudged) {
      const usage = priced([...rows.values()], settings.prices);
      rows.clear();
      const summary: JudgingSummary = {
        rows: usage,
        totals: totalsOf(usage),
        cacheDir: settings.cache?.dir ?? null,
        concurrency: limit,
        ...(settings.budget ? { budget: { ...settings.budget, stopped: stopped || notJudged.length > 0, notJudged } } : {}),
      };
      return summary;
    },
  };
}

function priced(rows: readonly Row[], prices: Record<string, ModelPrice>): JudgingUsage[] {
  return rows.map((r) => ({ ...r, costUsd: costOf(r, prices[r.model]) }));
}

/** The rows summed; the cost is unknown when any row's is, and the estimated calls are counted when there are any. */
export function totalsOf(usage: readonly JudgingUsage[]): JudgingSummary['totals'] {
  const sum = (pick: (u: JudgingUsage) => number) => usage.reduce((total, u) => total + pick(u), 0);
  const estimated = sum((u) => u.estimatedCalls ?? 0);
  return {
    calls: sum((u) => u.calls),
    cacheHits: sum((u) => u.cacheHits),
    promptTokens: sum((u) => u.promptTokens),
    completionTokens: sum((u) => u.completionTokens),
    cachedTokens: sum((u) => u.cachedTokens),
    costUsd: usage.some((u) => u.costUsd === null) ? null : sum((u) => u.costUsd ?? 0),
    ...(estimated > 0 ? { estimatedCalls: estimated } : {}),
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
