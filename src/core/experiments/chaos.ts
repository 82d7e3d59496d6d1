/**
 * `swarm chaos`: runs a task scenario with faults in chosen agents (healing/chaos.ts), with the
 * self-healing loop on (`heal`) or monitoring only (`detect`, the control arm), and scores the run
 * against the faults it was given (docs/healing.md):
 *
 *   faultsInjected  faults that took effect (a `chaos.fault` event)
 *   detected        of those, the ones with an anomaly on the same task and attempt
 *   falsePositives  anomalies on attempts that carried no fault (a crash of the chaos' own
 *                   making on a retry would count here too)
 *   tasksLost       tasks that did not finish: failed for good, skipped or cancelled
 *   mttrSteps       per detected fault, step-time from the faulty attempt's start to its task's
 *                   finish on a replacement (mean); mttrMs the same in wall-clock ms
 *   quality         the run's grade
 */

import { chaosHooks, faultPlan } from '../healing/chaos';
import { type AttemptHooks, composeHooks } from '../healing/hooks';
import { healingHooks } from '../healing/monitor';
import type { Policy } from '../policy/types';
import type { Provider } from '../providers/types';
import type { PreparedTaskRun } from '../run/prepare';
import { runPrepared } from '../run/run';
import { subagentExecutor } from '../run/subagent';
import type { AsyncExecutor, Clock } from '../runtime/ports';
import type { ScenarioPorts } from '../scenarios/types';
import type { FaultKind, TraceEvent } from '../trace/events';
import type { Scheduler } from '../trace/scheduler';

export interface ChaosRunOptions {
  readonly faults: readonly FaultKind[];
  readonly healing: 'heal' | 'detect';
  readonly seed: number;
  readonly policy: Policy;
  readonly provider: Provider;
  readonly clock: Clock;
  readonly scheduler: Scheduler;
  readonly unresponsiveMs?: number;
  readonly slowMs?: number;
  /** What the loop times turns by (healing/monitor.ts): `model` for the simulated model. */
  readonly timing?: 'model' | 'wall';
  /** What a model turn should take, for the slow detector's first turns (healing/monitor.ts). */
  readonly expectedMsPerToken?: number;
  readonly signal?: AbortSignal;
  /** The critical steps this scenario and size usually take (healing/knowledge.ts), if known. */
  readonly baseline?: number;
  readonly ports?: ScenarioPorts;
  /**
   * Where the attempts run: the CLI puts them in the in-thread pool, whose hang timeout is what
   * ends a hung agent when nothing else does (the control arm's only defence).
   */
  readonly pool?: (inner: AsyncExecutor, capacity: number) => AsyncExecutor;
}

export interface ChaosRunReport {
  readonly seed: number;
  readonly tasks: number;
  /** Attempts the run made (the false-positive rate's denominator is agents: attempts). */
  readonly attempts: number;
  readonly faultsInjected: number;
  readonly detected: number;
  readonly falsePositives: number;
  /** Run-level alerts: critical steps past 1.5× the baseline (healing/monitor.ts). */
  readonly alerts: number;
  readonly tasksLost: number;
  readonly mttrSteps: number | null;
  readonly mttrMs: number | null;
  readonly quality: number | null;
  readonly criticalSteps: number;
  /** Per fault: what it was, where, and whether and how it was caught. */
  readonly faults: readonly {
    readonly fault: FaultKind;
    readonly task: string;
    readonly detectedAs: string | null;
    readonly recoveredSteps: number | null;
  }[];
}

export async function chaosRun(run: PreparedTaskRun, options: ChaosRunOptions): Promise<ChaosRunReport> {
  const tasks = run.plan.tasks.map((t) => t.id);
  const plan = faultPlan(options.seed, tasks, options.faults);
  const healing = healingHooks({
    mode: options.healing,
    clock: options.clock,
    scheduler: options.scheduler,
    ...(options.unresponsiveMs !== undefined ? { unresponsiveMs: options.unresponsiveMs } : {}),
    ...(options.expectedMsPerToken !== undefined ? { expectedMsPerToken: options.expectedMsPerToken } : {}),
    ...(options.baseline !== undefined ? { baseline: options.baseline } : {}),
    ...(options.timing !== undefined ? { timing: options.timing } : {}),
  });
  const hooks: AttemptHooks = composeHooks(
    chaosHooks(plan, {
      scheduler: options.scheduler,
      ...(options.slowMs ? { slowMs: options.slowMs } : {}),
      ...(options.timing !== undefined ? { timing: options.timing } : {}),
    }),
    healing,
  );
  const inner = subagentExecutor(run, options.provider, options.ports ?? {}, undefined, hooks);
  const executor = options.pool ? options.pool(inner, run.config.budgets.maxConcurrentSubagents) : inner;
  const result = await runPrepared(run, {
    policy: options.policy,
    provider: options.provider,
    clock: options.clock,
    executor,
    ...(options.ports ? { ports: options.ports } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return scoreChaos(options.seed, result.events, result.metrics as unknown as Record<string, number>);
}

const key = (task: string | undefined, attempt: number | undefined) => `${task}#${attempt}`;

/** The report of a chaos run, from its trace alone. */
export function scoreChaos(
  seed: number,
  events: readonly TraceEvent[],
  metrics: Readonly<Record<string, number>>,
): ChaosRunReport {
  const started = new Map<string, TraceEvent>();
  const finished = new Map<string, TraceEvent>();
  const faults = new Map<string, Extract<TraceEvent, { type: 'chaos.fault' }>>();
  const anomalies = new Map<string, Extract<TraceEvent, { type: 'anomaly.detected' }>>();
  const degraded = new Set<string>();
  let alerts = 0;
  let attempts = 0;
  const taskIds = new Set<string>();
  for (const e of events) {
    if (e.type === 'run.started') for (const t of e.tasks) taskIds.add(t.id);
    if (e.type === 'task.started') {
      attempts++;
      started.set(key(e.task, e.attempt), e);
    }
    if (e.type === 'task.finished') finished.set(e.task, e);
    if (e.type === 'task.degraded') degraded.add(e.task);
    if (e.type === 'chaos.fault') faults.set(key(e.task, e.attempt), e);
    if (e.type === 'anomaly.detected' && e.kind === 'critical-steps') alerts++;
    else if (e.type === 'anomaly.detected' && !anomalies.has(key(e.task, e.attempt))) {
      anomalies.set(key(e.task, e.attempt), e);
    }
  }
  const perFault = [...faults.entries()].map(([k, f]) => {
    const anomaly = anomalies.get(k);
    const start = started.get(k);
    const done = finished.get(f.task);
    const recovered =
      anomaly && start && done && (done as { attempt: number }).attempt > f.attempt ? done.t - start.t : null;
    const recoveredMs =
      anomaly && start && done && (done as { attempt: number }).attempt > f.attempt
        ? done.wallMs - start.wallMs
        : null;
    return { fault: f.fault, task: f.task, detectedAs: anomaly?.kind ?? null, recovered, recoveredMs };
  });
  const falsePositives = [...anomalies.keys()].filter((k) => !faults.has(k)).length;
  const recovered = perFault.filter((f) => f.recovered !== null);
  const mean = (xs: number[]) => (xs.length === 0 ? null : xs.reduce((s, x) => s + x, 0) / xs.length);
  return {
    seed,
    tasks: taskIds.size,
    attempts,
    faultsInjected: faults.size,
    detected: perFault.filter((f) => f.detectedAs !== null).length,
    falsePositives,
    alerts,
    // A degraded task ends with its declared default answer: kept, not lost.
    tasksLost: [...taskIds].filter((t) => !finished.has(t) && !degraded.has(t)).length,
    mttrSteps: mean(recovered.map((f) => f.recovered as number)),
    mttrMs: mean(recovered.map((f) => f.recoveredMs as number)),
    quality: metrics.quality ?? metrics.itemF1 ?? null,
    criticalSteps: metrics.criticalSteps ?? 0,
    faults: perFault.map(({ fault, task, detectedAs, recovered: r }) => ({
      fault,
      task,
      detectedAs,
      recoveredSteps: r,
    })),
  };
}
