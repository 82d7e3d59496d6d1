/**
 * The public shapes of the swarm control API (docs/api.md). Plain data only: every value crosses
 * a frame (the iframe bridge) or a process boundary as it is, so no functions, classes or Maps.
 */

import type { NormalRequest, RunRequest } from '../core/request/run-input';
import { KIND_IDS, type KindId } from '../core/scenarios/registry';
import type { TraceEvent } from '../core/trace/events';
import type { TraceHeader } from '../core/trace/header';

export type SwarmId = string;

/**
 * The scenarios a swarm can run: each task kind's own file (scenarios/<kind>.json), so the kinds of
 * the registry (core/scenarios/registry.ts).
 */
export const TASK_SCENARIOS: readonly KindId[] = KIND_IDS;
export type TaskScenario = KindId;

/**
 * One piece of work for a swarm: a run request (core/request/run-request.ts), the same JSON the
 * page's URL and `swarm run --request` take. This host runs the simulated provider, and the
 * models its host's `providers` make (in Node, OpenAI-compatible endpoints); the scenario is one
 * of TASK_SCENARIOS.
 */
export type SwarmTask = RunRequest;

export interface SwarmOptions {
  /** A name to show; the id when absent. */
  readonly label?: string;
  /** How many of the swarm's tasks run at once; the rest wait in submission order. @default 1 */
  readonly concurrency?: number;
  /**
   * Real milliseconds one second of simulated model time takes (runtime/pace.ts): 0 runs as fast
   * as the machine can, 1000 in real time. Step-time, and so every result, is the same. @default 0
   */
  readonly pace?: number;
  /**
   * Milliseconds one model reply may take in all; past it the attempt fails, saying so
   * (docs/models.md, "Deadlines"). @default a minute plus the profile's output limit at 10 tokens
   * a second (162 s small, 265 s medium, 470 s large)
   */
  readonly replyDeadlineMs?: number;
}

export type SwarmState = 'running' | 'done' | 'failed' | 'terminated';

/** A task's place in its swarm: `queued` until a slot frees, then one of the three ends. */
export type TaskRunState = 'queued' | 'running' | 'done' | 'failed' | 'terminated';

/** Work items of one run (the nodes of its task graph) by state. */
export interface ItemCounts {
  readonly total: number;
  readonly waiting: number;
  readonly running: number;
  readonly done: number;
  readonly failed: number;
  readonly skipped: number;
  readonly cancelled: number;
}

/** What a run has measured so far; the grade's figures are null until the run is graded. */
export interface RunMetrics {
  readonly criticalSteps: number;
  readonly tokensIn: number;
  readonly tokensOut: number;
  readonly toolCalls: number;
  readonly cost: number;
  readonly spawnCount: number;
  readonly retryCount: number;
  readonly itemF1: number | null;
  readonly quality: number | null;
  readonly reward: number | null;
}

export interface TaskStatus {
  /** The task's index in its swarm: 0 for `create`'s, then one per `submit`, in order. */
  readonly index: number;
  readonly task: NormalRequest;
  readonly state: TaskRunState;
  /** Why the run ended, as its `run.finished` says (`completed`, `aborted`, a budget), or the error. */
  readonly reason?: string;
  readonly items: ItemCounts;
  readonly metrics: RunMetrics;
  /** Every metric of docs/metrics.md, once the run has finished. */
  readonly final?: Readonly<Record<string, number>>;
  /**
   * The run's trace header once it has started: the scenario, seed, profiles with their hashes,
   * and for a trained policy the SHA-256 of its checkpoint (`policyCheckpoint`).
   */
  readonly header?: TraceHeader;
}

/** Swarm-wide figures: sums over its runs, and the mean grade of those graded. */
export interface SwarmMetrics extends RunMetrics {
  readonly graded: number;
}

export interface SwarmStatus {
  readonly id: SwarmId;
  readonly label: string;
  readonly state: SwarmState;
  /** Tasks of the swarm by state; `submitted` counts every one, `create`'s included. */
  readonly tasks: {
    readonly submitted: number;
    readonly queued: number;
    readonly running: number;
    readonly done: number;
    readonly failed: number;
    readonly terminated: number;
  };
  readonly metrics: SwarmMetrics;
  readonly runs: readonly TaskStatus[];
  /** Milliseconds since the epoch. */
  readonly startedAt: number;
  readonly finishedAt?: number;
}

export type AgentRole = 'orchestrator' | 'subagent' | 'peer';
export type AgentState = 'idle' | 'running' | 'done' | 'failed' | 'cancelled';

export interface AgentCapabilities {
  /** Tools the agent may call. */
  readonly tools: readonly string[];
  /** What it may do to the swarm besides calling tools: `spawn`, `assign`, `message`… */
  readonly actions: readonly string[];
  /** Steps one attempt may take (subagents and peers). */
  readonly maxSteps?: number;
}

export interface AgentInfo {
  /** Unique in the swarm: `<task index>/<name>`. */
  readonly id: string;
  /** The index of the task (run) the agent works in. */
  readonly run: number;
  /** The agent's name in its run's trace (`orchestrator`, `sa-3`). */
  readonly name: string;
  readonly role: AgentRole;
  /** The frozen profile it runs on; null for a programmed orchestrator. */
  readonly profile: string | null;
  /** The policy that drives an orchestrator. */
  readonly policy?: string;
  readonly capabilities: AgentCapabilities;
  readonly state: AgentState;
  /** The work item it is on, while running. */
  readonly currentTask: string | null;
  /**
   * Counted from the trace. An attempt's turns and tool calls are recorded in step-time when it
   * ends (docs/architecture.md, the trace), so a running subagent's counters move at its end.
   */
  readonly counters: {
    readonly turns: number;
    readonly toolCalls: number;
    readonly tokens: number;
    readonly errors: number;
    /** Anomalies the self-healing loop saw in its attempts, and times it was quarantined. */
    readonly anomalies: number;
    readonly quarantined: number;
  };
}

/** A trace event of one of the swarm's runs; `run` is that task's index. */
export type SwarmEvent = TraceEvent & { readonly run: number };
