import { endedEarly } from './end-reason';
import type { TraceEvent } from './events';

/**
 * Every metric of docs/metrics.md, computed from the event stream and nowhere else. Each is defined in
 * docs/metrics.md; the comments here give the formula.
 */
export interface Metrics {
  'pass@1': number;
  itemF1: number;
  rowF1: number;
  successRate: number;
  criticalSteps: number;
  wallClockMs: number;
  tokensIn: number;
  tokensOut: number;
  retryCount: number;
  failureRate: number;
  skipRate: number;
  avgParallelism: number;
  spawnCount: number;
  subtaskFinishRate: number;
  barrierWaste: number;
  reward: number;
  /** The grader's score in [0, 1] (item-F1 for the search scenarios): what `reward` starts from. */
  quality: number;
  /**
   * Priced tokens of every attempt (docs/metrics.md). Written outputs also carry it under its old
   * name (./cost-alias.ts).
   */
  cost: number;
  /** `cost / costReference` of the run's reward weights: 1 is what the task is expected to cost. */
  normalizedCost: number;
  /** Distinct profiles (so models) that ran an attempt: each is a model load in the browser. */
  modelLoads: number;
  // Supporting counts, reported with the metrics above.
  totalSteps: number;
  toolCalls: number;
  orchestratorSteps: number;
  invalidActions: number;
  cancelRate: number;
  /** Subagents spawned and never given a subtask. */
  unusedSubagents: number;
  /** 1 when the run went to its end within every budget (the reward's gate), else 0. */
  episodeSuccess: number;
}

export interface ProfilePrice {
  /** Cost units per input and per output token. */
  readonly input: number;
  readonly output: number;
}

/**
 * How a run's reward charges for cost and time: `reward = quality − costWeight · cost /
 * costReference − stepsWeight · criticalSteps / maxCriticalSteps` (docs/metrics.md): a budget is
 * a limit and a soft cost. Weights of 0 leave the reward the quality.
 */
export interface RewardWeights {
  /** μ: reward given up per reference cost spent. */
  readonly costWeight: number;
  /** The cost (in cost units) that counts as 1: what the task is expected to cost. */
  readonly costReference: number;
  /** η: reward given up per critical-steps budget used (0 when the budget is unlimited). @default 0 */
  readonly stepsWeight?: number;
  /**
   * κ: reward given up, on top of η, by a run that ends at its critical-steps budget: a soft cost
   * that starts at `deadlineFrom` of the budget and grows with the square of the way from there to
   * the budget, so a run pays more the nearer it cuts it; past the budget it earns 0 (docs/metrics.md).
   * @default 0
   */
  readonly deadlineWeight?: number;
  /** The share of the critical-steps budget where the deadline's cost starts. @default 0.75 */
  readonly deadlineFrom?: number;
}

/** Where the deadline's soft cost starts when the weights leave it out: 3/4 of the budget. */
export const DEADLINE_FROM = 0.75;

/**
 * What a run that took `criticalSteps` of a `budget` gives up for time: η per budget used, and κ
 * times the square of how far it went into the budget's last stretch (from `deadlineFrom`). 0 when
 * the budget is unlimited. Over the budget the run earns nothing at all: the caller gates it.
 */
export function timeCharge(weights: RewardWeights, criticalSteps: number, budget: number): number {
  if (!Number.isFinite(budget) || budget <= 0) return 0;
  const used = criticalSteps / budget;
  const from = weights.deadlineFrom ?? DEADLINE_FROM;
  const late = Math.min(1, Math.max(0, (used - from) / (1 - from)));
  return (weights.stepsWeight ?? 0) * used + (weights.deadlineWeight ?? 0) * late * late;
}

export const noCostInReward: RewardWeights = { costWeight: 0, costReference: 1 };

export interface MetricsContext {
  readonly prices: Readonly<Record<string, ProfilePrice>>;
  /** @default noCostInReward */
  readonly reward?: RewardWeights;
  readonly mainStepCost: number;
  /** Critical-steps budget: a run over it earns no reward. */
  readonly maxCriticalSteps: number;
  /** What each brief the orchestrator writes costs (config.orchestrator), if briefs are paid for. */
  readonly brief?: { readonly tokens: number; readonly price: ProfilePrice };
  /**
   * What creating a subagent costs the orchestrator (the system prompt it writes, config.orchestrator),
   * if spawns are paid for: a spare that never works still costs this.
   */
  readonly spawn?: { readonly tokens: number; readonly price: ProfilePrice };
}

interface AttemptRun {
  task: number;
  subagent: string;
  start: number;
  end: number;
}

/** Folds trace events one at a time (so a streamed run needs no second pass) into Metrics. */
export class MetricsAccumulator {
  private n = 0;
  private index = new Map<string, number>();
  private deps: number[][] = [];
  private profileOf = new Map<string, string>();
  /** Attempts that started, in start order. */
  private runs: AttemptRun[] = [];
  /** The running attempt of each task (a task runs one attempt at a time). */
  private open: (AttemptRun | undefined)[] = [];
  private retryDelay = new Map<number, number>();
  private lastT = 0;
  private lastWall = 0;
  private m = {
    assigned: 0,
    finishedAttempts: 0,
    spawned: 0,
    retries: 0,
    failedTasks: 0,
    skipped: 0,
    cancelled: 0,
    tokensIn: 0,
    tokensOut: 0,
    cost: 0,
    toolCalls: 0,
    steps: 0,
    orchestratorSteps: 0,
    invalid: 0,
  };
  /** A budget tripped or work was cancelled: the episode failed, whatever its answers. */
  private stopped = false;
  private working = new Set<string>();
  /** The profile of each attempt's subagent, as attempts started. */
  private ranOn: string[] = [];
  private grade: { 'pass@1': number; itemF1: number; rowF1: number; success: boolean } | null = null;

  constructor(private readonly ctx: MetricsContext) {}

  observe(e: TraceEvent): void {
    this.lastT = Math.max(this.lastT, e.t);
    this.lastWall = Math.max(this.lastWall, e.wallMs);
    const m = this.m;
    switch (e.type) {
      case 'run.started':
        this.n = e.tasks.length;
        e.tasks.forEach((t, i) => {
          this.index.set(t.id, i);
        });
        this.deps = e.tasks.map((t) => t.deps.map((d) => this.index.get(d) as number));
        break;
      case 'orchestrator.step':
        m.orchestratorSteps++;
        m.invalid += e.invalid.length;
        if (this.ctx.brief) {
          // Each assignment is a brief the orchestrator writes: output tokens at its price. A refused
          // one (a budget, an unknown subagent) was written but never sent: the runtime charges the
          // briefs it applied (machine.ts), and so does the cost.
          let briefs = 0;
          for (const a of e.actions) if (a.type === 'assign') briefs++;
          for (const r of e.invalid) if (r.action.type === 'assign') briefs--;
          const tokens = briefs * this.ctx.brief.tokens;
          m.cost += tokens * this.ctx.brief.price.output;
        }
        break;
      case 'subagent.spawned':
        m.spawned++;
        if (this.ctx.spawn) m.cost += this.ctx.spawn.tokens * this.ctx.spawn.price.output;
        this.profileOf.set(e.subagent, e.profile);
        break;
      case 'task.assigned':
        m.assigned++;
        this.working.add(e.subagent);
        break;
      case 'budget.exhausted':
        this.stopped = true;
        break;
      case 'task.started': {
        const task = this.index.get(e.task) as number;
        this.ranOn.push(this.profileOf.get(e.subagent) ?? '');
        const run = { task, subagent: e.subagent, start: e.t, end: e.t };
        this.open[task] = run;
        this.runs.push(run); // in start order; `end` is set when the attempt closes
        break;
      }
      case 'task.finished':
      case 'task.failed': {
        this.close(e.task, e.t);
        if (e.type === 'task.finished') m.finishedAttempts++;
        else if (e.final) m.failedTasks++;
        const tin = e.usage['gen_ai.usage.input_tokens'];
        const tout = e.usage['gen_ai.usage.output_tokens'];
        const price = this.ctx.prices[this.profileOf.get(e.subagent) ?? ''] ?? { input: 0, output: 0 };
        m.tokensIn += tin;
        m.tokensOut += tout;
        m.cost += tin * price.input + tout * price.output;
        m.toolCalls += e.usage.toolCalls;
        m.steps += e.usage.steps;
        break;
      }
      case 'task.retried':
        m.retries++;
        this.retryDelay.set(this.index.get(e.task) as number, e.readyAt - e.t);
        break;
      case 'task.skipped':
        m.skipped++;
        break;
      case 'task.cancelled':
        // The orchestrator's own `finish` submits what is done (graded as it stands); any other
        // cancellation (a budget, an abort, fail-fast) fails the episode.
        if (endedEarly(e.reason)) this.stopped = true;
        m.cancelled++;
        if (e.attempt !== undefined) this.close(e.task, e.t);
        break;
      case 'tool.call':
        if (e.caller === 'orchestrator') m.toolCalls++;
        if (e.refused) m.invalid++;
        break;
      case 'llm.turn':
        // Subagents' turns are inside their attempts' usage; the orchestrator's own turns are not.
        if (e.task === undefined) {
          m.tokensIn += e['gen_ai.usage.input_tokens'];
          m.tokensOut += e['gen_ai.usage.output_tokens'];
        }
        break;
      case 'run.graded':
        this.grade = { 'pass@1': e['pass@1'], itemF1: e.itemF1, rowF1: e.rowF1, success: e.success };
        break;
      default:
        break;
    }
  }

  private close(taskId: string, t: number): void {
    const task = this.index.get(taskId) as number;
    const run = this.open[task];
    if (!run) return;
    run.end = t;
    this.open[task] = undefined;
  }

  result(): Metrics {
    const m = this.m;
    const n = Math.max(1, this.n);
    const criticalSteps = this.lastT;
    let busy = 0;
    for (const r of this.runs) busy += r.end - r.start;
    const grade = this.grade ?? { 'pass@1': 0, itemF1: 0, rowF1: 0, success: false };
    // The episode succeeds when it ran to its end within every budget (docs/architecture.md, the method: over the
    // critical-steps budget it fails); the grader's exact-match `success` is `successRate`.
    const episodeSuccess = !this.stopped && criticalSteps <= this.ctx.maxCriticalSteps;
    const weights = this.ctx.reward ?? noCostInReward;
    const normalizedCost = weights.costReference > 0 ? m.cost / weights.costReference : 0;
    const stepsCharge = timeCharge(weights, criticalSteps, this.ctx.maxCriticalSteps);
    return {
      'pass@1': grade['pass@1'],
      itemF1: grade.itemF1,
      rowF1: grade.rowF1,
      successRate: grade.success ? 1 : 0,
      criticalSteps,
      wallClockMs: this.lastWall,
      tokensIn: m.tokensIn,
      tokensOut: m.tokensOut,
      retryCount: m.retries,
      failureRate: m.failedTasks / n,
      skipRate: m.skipped / n,
      avgParallelism: criticalSteps > 0 ? busy / criticalSteps : 0,
      spawnCount: m.spawned,
      subtaskFinishRate: m.assigned > 0 ? m.finishedAttempts / m.assigned : 0,
      barrierWaste: Math.max(0, criticalSteps - this.causalMakespan()),
      // docs/metrics.md: the PARL reward with λ1 = λ2 = 0 — quality less the cost it charges,
      // gated by the episode's success.
      reward: episodeSuccess ? grade.itemF1 - weights.costWeight * normalizedCost - stepsCharge : 0,
      quality: grade.itemF1,
      cost: m.cost,
      normalizedCost,
      modelLoads: new Set(this.ranOn).size,
      totalSteps: m.steps,
      toolCalls: m.toolCalls,
      orchestratorSteps: m.orchestratorSteps,
      invalidActions: m.invalid,
      cancelRate: m.cancelled / n,
      unusedSubagents: Math.max(0, m.spawned - this.working.size),
      episodeSuccess: episodeSuccess ? 1 : 0,
    };
  }

  /**
   * The run with its waits removed: every attempt, in the order it started, begins one main step
   * after the last of its causes ended — its dependencies' last attempts, the previous attempt on
   * its subagent, and its own previous attempt plus backoff. What the real run took beyond that is
   * time spent waiting at barriers (or, in async mode, for a busy orchestrator).
   */
  private causalMakespan(): number {
    const runs = this.runs; // in start order
    const taskEnd = new Float64Array(this.n);
    const bySubagent = new Map<string, number>();
    const mainStep = this.ctx.mainStepCost;
    let makespan = 0;
    for (const r of runs) {
      let ready = 0;
      for (const d of this.deps[r.task] ?? []) ready = Math.max(ready, taskEnd[d] as number);
      ready = Math.max(ready, bySubagent.get(r.subagent) ?? 0);
      const prev = taskEnd[r.task] as number;
      if (prev > 0) ready = Math.max(ready, prev + (this.retryDelay.get(r.task) ?? 0));
      const end = ready + mainStep + (r.end - r.start);
      taskEnd[r.task] = end;
      bySubagent.set(r.subagent, end);
      makespan = Math.max(makespan, end);
    }
    return makespan;
  }
}

export function computeMetrics(events: Iterable<TraceEvent>, ctx: MetricsContext): Metrics {
  const acc = new MetricsAccumulator(ctx);
  for (const e of events) acc.observe(e);
  return acc.result();
}
