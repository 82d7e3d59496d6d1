/**
 * One task of a swarm and the run it became: its state, its events, and the folds that read them
 * (work items by state, metrics so far, agents). Every figure comes from the run's own trace
 * events, folded as they arrive, so `status` and `agents` cost no pass over the trace.
 */

import type { HealingSetup } from '../core/healing/setup';
import type { Policy } from '../core/policy/types';
import type { Provider } from '../core/providers/types';
import type { PreparedTaskRun } from '../core/run/prepare';
import { metricsContext } from '../core/runtime/run-options';
import { AttemptFold } from '../core/trace/attempts';
import { ranItsCourse } from '../core/trace/end-reason';
import type { TraceEvent } from '../core/trace/events';
import type { TraceHeader } from '../core/trace/header';
import { type Metrics, MetricsAccumulator } from '../core/trace/metrics';
import { AgentFold } from './agents';
import type { AgentInfo, ItemCounts, RunMetrics, TaskRunState, TaskStatus } from './types';
import type { NormalTask, ReadyTask } from './validate';

/** How a run that ended on its own is read: it went to its end, or something stopped it. */

export class RunRecord {
  state: TaskRunState = 'queued';
  reason: string | undefined;
  final: Readonly<Record<string, number>> | undefined;
  /** The run's trace header, once it has started. */
  header: TraceHeader | undefined;
  /** The run's metrics accumulator: handed to runPrepared, read while it goes on. */
  readonly metrics: MetricsAccumulator;
  private readonly attempts = new AttemptFold();
  private readonly agentFold: AgentFold;
  private graded = false;

  readonly task: NormalTask;
  readonly run: PreparedTaskRun;
  readonly policy: Policy;
  /** The real model the run asked for; undefined: the simulated one. */
  readonly provider: Provider | undefined;
  /** The self-healing loop and the faults the task asks for; undefined for none. */
  readonly healing: HealingSetup | undefined;

  constructor(
    readonly index: number,
    ready: ReadyTask,
  ) {
    this.task = ready.task;
    this.run = ready.run;
    this.policy = ready.policy;
    this.provider = ready.provider;
    this.healing = ready.healing;
    const { config, plan, profiles, kind } = this.run;
    // The runtime's own context: the same cost (briefs included) and reward as every other way in.
    this.metrics = new MetricsAccumulator(metricsContext(config));
    this.agentFold = new AgentFold({
      run: index,
      mode: plan.mode,
      policy: this.policy.name,
      allowedTools: Object.fromEntries(Object.entries(profiles).map(([name, p]) => [name, p.allowedTools])),
      ownTools: kind.ownTools ?? [],
      maxSteps: config.budgets.maxStepsPerSubagent,
    });
  }

  /** Folds one event of this run (the runtime has already given it to `metrics`). */
  observe(e: TraceEvent): void {
    this.attempts.push(e);
    this.agentFold.push(e);
    if (e.type === 'run.graded') this.graded = true;
  }

  /** The run ended on its own (`run.finished`), or was terminated, or threw. */
  end(outcome: { reason: string; final?: Readonly<Record<string, number>>; terminated: boolean }): void {
    this.reason = outcome.reason;
    if (outcome.final) this.final = outcome.final;
    this.state = outcome.terminated ? 'terminated' : ranItsCourse(outcome.reason) ? 'done' : 'failed';
  }

  agents(): AgentInfo[] {
    return this.agentFold.list();
  }

  items(): ItemCounts {
    const counts = { total: 0, waiting: 0, running: 0, done: 0, failed: 0, skipped: 0, cancelled: 0 };
    for (const state of this.attempts.states.values()) {
      counts.total++;
      if (state === 'waiting' || state === 'ready') counts.waiting++;
      // A degraded task took its default answer: it ended, and well enough to go on.
      else if (state === 'degraded') counts.done++;
      else counts[state]++;
    }
    if (counts.total > 0) return counts;
    // A run that never started (queued, or ended before its first event) counts its plan's items:
    // waiting while queued, cancelled once it has ended, so no item is left open.
    const n = this.run.graph.n;
    return this.state === 'queued'
      ? { ...counts, total: n, waiting: n }
      : { ...counts, total: n, cancelled: n };
  }

  runMetrics(): RunMetrics {
    return runMetricsOf(this.metrics.result(), this.graded);
  }

  status(): TaskStatus {
    return {
      index: this.index,
      task: this.task,
      state: this.state,
      ...(this.reason !== undefined ? { reason: this.reason } : {}),
      items: this.items(),
      metrics: this.runMetrics(),
      ...(this.final ? { final: this.final } : {}),
      ...(this.header ? { header: this.header } : {}),
    };
  }
}

function runMetricsOf(m: Metrics, graded: boolean): RunMetrics {
  return {
    criticalSteps: m.criticalSteps,
    tokensIn: m.tokensIn,
    tokensOut: m.tokensOut,
    toolCalls: m.toolCalls,
    cost: m.cost,
    spawnCount: m.spawnCount,
    retryCount: m.retryCount,
    itemF1: graded ? m.itemF1 : null,
    quality: graded ? m.quality : null,
    reward: graded ? m.reward : null,
  };
}
