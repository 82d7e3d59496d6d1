/**
 * A swarm: a queue of runs that share its options, started in submission order, at most
 * `concurrency` at once (and only while the API instance has a free slot). Each run goes through
 * the composition root (prepareRun, done by validate.ts) and `runPrepared` on the seeded simulated
 * provider, under the swarm's one AbortSignal, so `terminate` reaches every attempt in flight.
 * Its events are kept in one log, which `events` replays and then follows.
 */

import { realPace } from '../adapters/common/pace';
import { withReplyDeadline } from '../adapters/common/reply-deadline';
import { timeoutScheduler } from '../adapters/common/timeout-scheduler';
import { hooksFor } from '../core/healing/setup';
import type { SubagentSetup } from '../core/run/prepare';
import { runPrepared } from '../core/run/run';
import type { SubagentPool } from '../core/runtime/pool';
import type { Clock } from '../core/runtime/ports';
import { simulatedProviderFor } from '../core/scenarios/players';
import type { ScenarioPorts } from '../core/scenarios/types';
import { wasAborted } from '../core/trace/end-reason';
import type { TraceEvent } from '../core/trace/events';
import type { TraceHeader } from '../core/trace/header';
import { SwarmApiError } from './errors';
import { RunRecord } from './run-record';
import type { RunSlots } from './slots';
import type { AgentInfo, SwarmEvent, SwarmId, SwarmMetrics, SwarmState, SwarmStatus } from './types';
import type { NormalOptions, ReadyTask } from './validate';

export interface SwarmHost {
  readonly ports: ScenarioPorts;
  readonly slots: RunSlots;
  /** Wall time for the trace's `wallMs`; the only thing allowed to differ between reruns. */
  readonly clock: Clock;
  /** Milliseconds since the epoch, for `startedAt` and `finishedAt`. */
  readonly now: () => number;
  /** Where a task run's attempts run (SwarmApiHost.pool); in this thread without it. */
  readonly pool?: (setup: SubagentSetup, capacity: number) => Promise<SubagentPool>;
}

/** The reason the swarm's runs are aborted with; a run's `run.finished` detail repeats it. */
const TERMINATED = 'terminated by the swarm control API';

export class Swarm {
  readonly startedAt: number;
  private finishedAt: number | undefined;
  private terminated = false;
  private readonly records: RunRecord[] = [];
  private readonly log: SwarmEvent[] = [];
  private readonly controller = new AbortController();
  private running = 0;
  /** Woken on every new event and when the swarm finishes: `events` readers and `wait`ers. */
  private wakers: (() => void)[] = [];
  private readonly pump = () => this.startQueued();

  constructor(
    readonly id: SwarmId,
    readonly options: NormalOptions,
    private readonly host: SwarmHost,
  ) {
    this.startedAt = host.now();
  }

  get state(): SwarmState {
    if (this.terminated) return 'terminated';
    if (this.finishedAt === undefined) return 'running';
    return this.records.some((r) => r.state === 'failed') ? 'failed' : 'done';
  }

  /** Queues a checked task; refused once the swarm is terminated or finished. */
  add(ready: ReadyTask): number {
    this.assertOpen();
    const record = new RunRecord(this.records.length, ready);
    this.records.push(record);
    this.startQueued();
    return record.index;
  }

  /** Refuses a change to a swarm that cannot take one any more. */
  assertOpen(): void {
    if (this.terminated) throw new SwarmApiError('terminated', `swarm ${this.id} was terminated`);
    if (this.finishedAt !== undefined) {
      throw new SwarmApiError('finished', `swarm ${this.id} has finished; create another one`);
    }
  }

  /**
   * Aborts every run in flight and drops the queued ones; resolves once each task has ended in
   * exactly one terminal state (a run that was grading when the signal came may still end done).
   */
  async terminate(): Promise<void> {
    this.assertOpen();
    this.terminated = true;
    for (const r of this.records) if (r.state === 'queued') r.end({ reason: 'terminated', terminated: true });
    this.controller.abort(TERMINATED);
    this.settle();
    await this.finished();
  }

  /** Resolves when every task of the swarm has ended. */
  async finished(): Promise<void> {
    while (this.finishedAt === undefined) await new Promise<void>((wake) => this.wakers.push(wake));
  }

  /** The swarm's events so far, then each new one as it comes; ends when the swarm finishes. */
  async *events(): AsyncGenerator<SwarmEvent, void, undefined> {
    let next = 0;
    for (;;) {
      while (next < this.log.length) yield this.log[next++] as SwarmEvent;
      if (this.finishedAt !== undefined) return;
      await new Promise<void>((wake) => this.wakers.push(wake));
    }
  }

  /** Run `index`'s header and events so far, or undefined when there is no such run or it has not started. */
  trace(index: number): { header: TraceHeader; events: TraceEvent[] } | undefined {
    const record = Number.isInteger(index) ? this.records[index] : undefined;
    if (!record?.header) return undefined;
    const events = this.log.filter((e) => e.run === index).map(({ run: _run, ...e }) => e as TraceEvent);
    return { header: record.header, events };
  }

  agents(): AgentInfo[] {
    return this.records.flatMap((r) => r.agents());
  }

  status(): SwarmStatus {
    const runs = this.records.map((r) => r.status());
    const count = (state: string) => runs.filter((r) => r.state === state).length;
    return {
      id: this.id,
      label: this.options.label ?? this.id,
      state: this.state,
      tasks: {
        submitted: runs.length,
        queued: count('queued'),
        running: count('running'),
        done: count('done'),
        failed: count('failed'),
        terminated: count('terminated'),
      },
      metrics: swarmMetrics(runs.map((r) => r.metrics)),
      runs,
      startedAt: this.startedAt,
      ...(this.finishedAt !== undefined ? { finishedAt: this.finishedAt } : {}),
    };
  }

  private startQueued(): void {
    for (const record of this.records) {
      if (this.terminated || this.running >= this.options.concurrency) return;
      if (record.state !== 'queued') continue;
      if (!this.host.slots.take(this.pump)) return;
      this.running++;
      record.state = 'running';
      void this.execute(record);
    }
  }

  private async execute(record: RunRecord): Promise<void> {
    const pace = this.options.pace > 0 ? realPace(this.options.pace) : undefined;
    // Composed with the task (validate.ts), with this swarm's timings.
    const healing = record.healing;
    let pool: SubagentPool | undefined;
    try {
      if (this.host.pool && record.run.type === 'task')
        pool = await this.host.pool(record.run.setup, record.run.config.budgets.maxConcurrentSubagents);
      const result = await runPrepared(record.run, {
        ...(pool ? { executor: pool } : {}),
        policy: record.policy,
        // Every reply is held to its deadline (docs/models.md): a paced model takes real time.
        provider: withReplyDeadline(
          record.provider ?? simulatedProviderFor(record.run.profiles, pace),
          this.options.replyDeadlineMs,
        ),
        ports: this.host.ports,
        signal: this.controller.signal,
        clock: this.host.clock,
        metrics: record.metrics,
        // The swarm keeps its own log (with each event's run); the runtime need not keep another.
        keepEvents: false,
        onHeader: (header) => {
          record.header = header;
        },
        onEvent: (e) => {
          record.observe(e);
          this.log.push({ ...e, run: record.index });
          this.wake();
        },
        ...(pace ? { pace } : {}),
        // The self-healing loop and any chaos the task asks for (docs/healing.md); a paced
        // model's turns take real time, so the watchdog waits longer for them. Attempts in a pool
        // run elsewhere, where this thread's watchdog cannot see them.
        ...(healing && !pool
          ? {
              hooks: hooksFor(
                healing,
                { seed: record.run.seed, taskIds: record.run.plan.tasks.map((t) => t.id) },
                { clock: this.host.clock, scheduler: timeoutScheduler },
              ),
            }
          : {}),
      });
      record.end({
        reason: result.reason,
        final: { ...result.metrics },
        terminated: this.terminated && wasAborted(result.reason),
      });
    } catch (error) {
      // A run that throws (a bug, a port that failed) fails alone; the swarm goes on.
      record.end({
        reason: this.terminated ? 'terminated' : `error: ${(error as Error).message}`,
        terminated: this.terminated,
      });
    } finally {
      await pool?.close();
      this.running--;
      this.host.slots.release();
      this.startQueued();
      this.settle();
    }
  }

  /** Marks the swarm finished once no task is queued or running. */
  private settle(): void {
    if (this.finishedAt !== undefined) return;
    if (this.records.some((r) => r.state === 'queued' || r.state === 'running')) return;
    this.finishedAt = this.host.now();
    this.wake();
  }

  private wake(): void {
    const wakers = this.wakers;
    this.wakers = [];
    for (const wake of wakers) wake();
  }
}

function swarmMetrics(runs: readonly SwarmStatus['runs'][number]['metrics'][]): SwarmMetrics {
  const sum = (pick: (m: (typeof runs)[number]) => number) => runs.reduce((s, m) => s + pick(m), 0);
  const graded = runs.filter((m) => m.quality !== null);
  const mean = (pick: (m: (typeof runs)[number]) => number | null) =>
    graded.length > 0 ? graded.reduce((s, m) => s + (pick(m) ?? 0), 0) / graded.length : null;
  return {
    criticalSteps: sum((m) => m.criticalSteps),
    tokensIn: sum((m) => m.tokensIn),
    tokensOut: sum((m) => m.tokensOut),
    toolCalls: sum((m) => m.toolCalls),
    cost: sum((m) => m.cost),
    spawnCount: sum((m) => m.spawnCount),
    retryCount: sum((m) => m.retryCount),
    itemF1: mean((m) => m.itemF1),
    quality: mean((m) => m.quality),
    reward: mean((m) => m.reward),
    graded: graded.length,
  };
}
