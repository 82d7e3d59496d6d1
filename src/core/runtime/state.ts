import { type Cpm, criticalPath } from '../graph/cpm';
import type { TaskGraph } from '../graph/types';
import type { BreakerReason, EndReason } from '../trace/end-reason';
import type { EventBody, Observation, TraceEvent } from '../trace/events';
import { Heap } from '../util/heap';
import { IntHeap } from '../util/int-heap';
import type { RunConfig } from './config';
import type { PlanView, Policy, RunView } from './policy-port';

/** Task states. Everything from DONE on is terminal: a task reaches exactly one of them. */
export const Status = {
  PENDING: 0,
  READY: 1,
  BACKOFF: 2,
  LAUNCHING: 3,
  RUNNING: 4,
  DONE: 5,
  DEGRADED: 6,
  FAILED: 7,
  SKIPPED: 8,
  CANCELLED: 9,
} as const;
export type StatusCode = (typeof Status)[keyof typeof Status];
export const isTerminal = (s: number): boolean => s >= Status.DONE;
export interface Subagent {
  readonly id: string;
  readonly profile: string;
  /** Task being worked on, or −1 when idle. */
  task: number;
}

/**
 * What the driver must do: the runtime's only way to act on the world. A trace event is an effect
 * as it is (record it); the commands' types have no dot, the events' all have one.
 */
export type Effect = TraceEvent | Command;

export type Command =
  | {
      readonly type: 'run';
      readonly task: number;
      readonly taskId: string;
      readonly attempt: number;
      readonly subagent: string;
      readonly profile: string;
      readonly at: number;
      /** The subagent's step limit: an attempt that needs more fails at it. */
      readonly maxSteps: number;
      /** Step-time each of its turns takes (config.turnTime): its profile's speed and the engines' queue. */
      readonly turnTime: number;
    }
  | { readonly type: 'cancel'; readonly task: number; readonly attempt: number }
  | { readonly type: 'timer'; readonly at: number }
  /** Deliver a `deadline` input at `at`, after everything else of that instant. */
  | { readonly type: 'deadline'; readonly at: number }
  | {
      readonly type: 'tool';
      readonly callId: string;
      readonly tool: string;
      readonly args: unknown;
      readonly at: number;
    }
  | { readonly type: 'end'; readonly reason: EndReason }
  /** A deliberating policy must think before the decision due at `at`; then a deliberated wake. */
  | { readonly type: 'deliberate'; readonly at: number };

interface Totals {
  toolCalls: number;
  tokensIn: number;
  tokensOut: number;
  cost: number;
}

/**
 * The orchestrator's state. It is owned by the machine: `step` updates it in place and hands it
 * back, because copying per-task arrays on every event would make a 5,000-task run quadratic.
 * Callers treat it as opaque and never keep an old reference expecting it unchanged.
 */
export interface RunState {
  /** The scenario kind the graph came from (`graph` for pure scheduling). */
  readonly kind: string;
  readonly graph: TaskGraph;
  readonly config: RunConfig;
  readonly policy: Policy;
  readonly cpm: Cpm;
  priority: Float64Array;
  readonly status: Uint8Array;
  /** Dependencies not yet resolved, per task. */
  readonly unresolved: Int32Array;
  readonly attempts: Int32Array;
  readonly subagentOf: Int32Array;
  /** The profile of each task's last failed attempt (RunView.failedProfile). */
  readonly failedOn: (string | undefined)[];
  readonly readyAt: Int32Array;
  /** Each task's place in the policy's order (priority, then id), smaller first: the ready queue's key. */
  rank: Float64Array;
  /** Ready tasks by rank. Entries go stale when a task leaves READY and are dropped when popped. */
  readonly ready: IntHeap;
  /** Ready tasks a policy looked at in this decision, held out of the heap until it ends. */
  readonly peekedReady: number[];
  readonly peekedIdle: number[];
  readonly backoff: Heap<number>;
  readonly subagents: Subagent[];
  /** Idle subagents, lowest index first. Entries go stale when a subagent is given a task. */
  readonly idle: IntHeap;
  idleCount: number;
  readonly subagentMark: number[];
  launching: number[];
  /** Scratch marks for topReady, compared against `markSeq`. */
  readonly mark: Uint32Array;
  markSeq: number;
  launchAt: number;
  readonly count: Int32Array;
  t: number;
  wallMs: number;
  seq: number;
  orchestratorSteps: number;
  /** Spare replicas the orchestrator gave up: skipped, but not a failure of the run. */
  droppedSpares: number;
  busyUntil: number;
  dirty: boolean;
  /** A deliberating policy: thinking for the decision due now, and the step-time it last finished thinking. */
  deliberating: boolean;
  deliberatedAt: number;
  readonly timers: Set<number>;
  /** Barrier join: attempts launched in the current stage and not ended yet. */
  stageOpen: number;
  /** Subagents the orchestrator waits for (the `join` action), or null. */
  joinOn: Set<number> | null;
  pendingTools: number;
  /** The orchestrator's tool calls awaiting their results, by call id. */
  readonly toolCalls: Map<string, { tool: string; args: unknown }>;
  toolSeq: number;
  readonly used: Totals;
  readonly reserved: Totals;
  /** Tokens in the orchestrator's context (config.orchestrator), 0 before its first merge. */
  mainTokens: number;
  /** The orchestrator's context fill when each task's answer was merged in. */
  readonly mergeFill: Map<number, number>;
  /** Why the run is stopping (a budget, an abort, fail-fast…), or null while it goes on. */
  breaker: BreakerReason | null;
  breakerDetail: string;
  /** The breaker left running work to finish (`onBudgetExhausted: 'drain'`). */
  draining: boolean;
  finished: boolean;
  /** Attempts that ended, by the profile of the subagent that ran them. */
  readonly profileOutcomes: Record<string, { finished: number; failed: number }>;
  out: Effect[];
  readonly view: RunView;
}

export function createState(graph: TaskGraph, config: RunConfig, policy: Policy, kind = 'graph'): RunState {
  const n = graph.n;
  const cpm = criticalPath(graph, config.mainStepCost);
  const state: RunState = {
    kind,
    graph,
    config,
    policy,
    cpm,
    priority: policy.prioritize({ graph, config, cpm }),
    status: new Uint8Array(n),
    unresolved: Int32Array.from(graph.preds, (p) => p.length),
    attempts: new Int32Array(n),
    subagentOf: new Int32Array(n).fill(-1),
    failedOn: new Array(n),
    readyAt: new Int32Array(n),
    rank: new Float64Array(n),
    ready: new IntHeap(null, n),
    peekedReady: [],
    peekedIdle: [],
    backoff: new Heap<number>(
      (a, b) =>
        (state.readyAt[a] as number) < (state.readyAt[b] as number) ||
        (state.readyAt[a] === state.readyAt[b] && a < b),
    ),
    subagents: [],
    idle: new IntHeap(null),
    idleCount: 0,
    subagentMark: [],
    launching: [],
    mark: new Uint32Array(n),
    markSeq: 0,
    launchAt: -1,
    count: new Int32Array(10),
    t: 0,
    wallMs: 0,
    seq: 0,
    orchestratorSteps: 0,
    droppedSpares: 0,
    busyUntil: 0,
    deliberating: false,
    deliberatedAt: -1,
    dirty: false,
    timers: new Set(),
    stageOpen: 0,
    joinOn: null,
    pendingTools: 0,
    toolCalls: new Map(),
    toolSeq: 0,
    used: { toolCalls: 0, tokensIn: 0, tokensOut: 0, cost: 0 },
    reserved: { toolCalls: 0, tokensIn: 0, tokensOut: 0, cost: 0 },
    mainTokens: 0,
    mergeFill: new Map(),
    breaker: null,
    breakerDetail: '',
    draining: false,
    finished: false,
    profileOutcomes: {},
    out: [],
    view: undefined as unknown as RunView,
  };
  rankTasks(state);
  state.count[Status.PENDING] = n;
  (state as { view: RunView }).view = createView(state);
  return state;
}

/** Orders the tasks by the policy's priority (higher first), ties by id, and re-keys the ready queue. */
export function rankTasks(state: RunState): void {
  const { priority } = state;
  const { idRank, n } = state.graph;
  const rank = new Float64Array(n);
  const integral = priority.every((p) => Number.isInteger(p) && Math.abs(p) * n < 2 ** 52);
  if (integral) {
    // Whole priorities (bottom levels) fold into one exact key: no sort needed.
    for (let i = 0; i < n; i++) rank[i] = -(priority[i] as number) * n + (idRank[i] as number);
  } else {
    const order = Array.from({ length: n }, (_, i) => i).sort(
      (a, b) =>
        (priority[b] as number) - (priority[a] as number) || (idRank[a] as number) - (idRank[b] as number),
    );
    order.forEach((task, position) => {
      rank[task] = position;
    });
  }
  state.rank = rank;
  state.ready.rekey(rank);
  state.ready.clear();
  state.peekedReady.length = 0;
  for (let i = 0; i < n; i++) if (state.status[i] === Status.READY) state.ready.push(i);
}

/** Puts back what policies looked at and did not take (called when a decision ends). */
export function restorePeeked(state: RunState): void {
  if (state.peekedReady.length > 0) {
    for (const task of state.peekedReady) if (state.status[task] === Status.READY) state.ready.push(task);
    state.peekedReady.length = 0;
  }
  if (state.peekedIdle.length > 0) {
    for (const s of state.peekedIdle) if ((state.subagents[s] as Subagent).task < 0) state.idle.push(s);
    state.peekedIdle.length = 0;
  }
}

export function setStatus(state: RunState, task: number, to: StatusCode): void {
  const from = state.status[task] as number;
  state.count[from] = (state.count[from] as number) - 1;
  state.count[to] = (state.count[to] as number) + 1;
  state.status[task] = to;
}

export function emit(state: RunState, body: EventBody): void {
  // The envelope is written onto the body, which each caller builds fresh: copying it into a new
  // object was a tenth of the scheduling overhead. Key order in JSON differs, not the content.
  const event = body as unknown as { seq: number; t: number; wallMs: number };
  event.seq = state.seq++;
  event.t = state.t;
  event.wallMs = state.wallMs;
  state.out.push(event as unknown as TraceEvent);
}

export function busyCount(state: RunState): number {
  return (state.count[Status.RUNNING] as number) + (state.count[Status.LAUNCHING] as number);
}

export function observe(state: RunState): Observation {
  const c = state.count;
  return {
    ready: c[Status.READY] as number,
    running: busyCount(state),
    waiting: (c[Status.PENDING] as number) + (c[Status.BACKOFF] as number),
    done: (c[Status.DONE] as number) + (c[Status.DEGRADED] as number),
    failed: c[Status.FAILED] as number,
    skipped: (c[Status.SKIPPED] as number) + (c[Status.CANCELLED] as number),
    idleSubagents: state.idleCount,
    subagents: state.subagents.length,
  };
}

function createView(state: RunState): RunView {
  return new StateView(state);
}

/** The policy's read-only window on the state (a class: V8 inlines prototype getters best). */
class StateView implements RunView {
  constructor(private readonly state: RunState) {}

  get t(): number {
    return this.state.t;
  }
  get kind(): string {
    return this.state.kind;
  }
  get observation(): Observation {
    return observe(this.state);
  }
  get graph() {
    return this.state.graph;
  }
  get config() {
    return this.state.config;
  }
  get readyCount(): number {
    return this.state.count[Status.READY] as number;
  }
  get runningCount(): number {
    return busyCount(this.state);
  }
  get idleCount(): number {
    return this.state.idleCount;
  }
  get subagentCount(): number {
    return this.state.subagents.length;
  }
  get freeSlots(): number {
    return Math.max(0, this.state.config.budgets.maxConcurrentSubagents - busyCount(this.state));
  }
  get task(): PlanView {
    const { config, kind, graph } = this.state;
    return {
      kind,
      size: config.units ?? graph.n,
      engines: config.engines,
      maxCriticalSteps: config.budgets.maxCriticalSteps,
      difficultyCue: config.difficultyCue ?? 0,
      seed: config.seed,
      ...(config.preference ? { preference: config.preference } : {}),
      // A task run's prices are its profile table's; a graph run has none (PlanView.prices).
      ...(kind !== 'graph' ? { prices: config.prices } : {}),
    };
  }
  remainingPath(): number {
    // The planner's estimate (critical-path bottom levels, main steps included) of the longest
    // chain of work still open; a running task counts whole, since how far it got is not known.
    const { status, cpm, graph } = this.state;
    let longest = 0;
    for (let i = 0; i < graph.n; i++) {
      if (!isTerminal(status[i] as number)) longest = Math.max(longest, cpm.bottomLevel[i] as number);
    }
    return longest;
  }
  get contextFill(): number {
    const model = this.state.config.orchestrator;
    return model && this.state.mainTokens > 0 ? Math.min(1, this.state.mainTokens / model.window) : 0;
  }

  topReady(k: number): string[] {
    const state = this.state;
    restorePeeked(state);
    const picked: string[] = [];
    const seq = ++state.markSeq;
    // Stale entries (tasks no longer READY) and duplicates left by retries are dropped here. The
    // tasks looked at stay out of the heap until the decision ends (restorePeeked): most of them
    // get assigned, and pushing them back only to pop them again as stale doubled the heap work.
    while (picked.length < k && state.ready.size > 0) {
      const task = state.ready.pop() as number;
      if (state.status[task] === Status.READY && state.mark[task] !== seq) {
        state.mark[task] = seq;
        state.peekedReady.push(task);
        picked.push(state.graph.ids[task] as string);
      }
    }
    return picked;
  }

  idleSubagents(k: number, profile?: string): string[] {
    const state = this.state;
    restorePeeked(state);
    const picked: string[] = [];
    const seq = ++state.markSeq;
    // Subagents of another profile are held out with the picked ones and put back when the decision ends.
    while (picked.length < k && state.idle.size > 0) {
      const s = state.idle.pop() as number;
      const agent = state.subagents[s] as Subagent;
      if (agent.task < 0 && state.subagentMark[s] !== seq) {
        state.subagentMark[s] = seq;
        state.peekedIdle.push(s);
        if (profile === undefined || agent.profile === profile) picked.push(agent.id);
      }
    }
    return picked;
  }

  profileOutcomes(profile: string): { readonly finished: number; readonly failed: number } {
    return this.state.profileOutcomes[profile] ?? { finished: 0, failed: 0 };
  }

  failedProfile(taskId: string): string | undefined {
    const state = this.state;
    const task = state.graph.index.get(taskId);
    if (task === undefined || state.status[task] !== Status.READY) return undefined;
    return state.failedOn[task];
  }

  spareReplica(taskId: string): boolean {
    const task = this.state.graph.index.get(taskId);
    return task !== undefined && isSpareReplica(this.state, task);
  }

  nextSubagentIds(n: number): string[] {
    const base = this.state.subagents.length;
    return Array.from({ length: n }, (_, i) => subagentId(base + i));
  }
}

/**
 * Whether a ready task is a spare replica: a replica other than its part's first, not tried yet.
 * The orchestrator may run it (and the part votes) or give it up (the part goes on without it).
 */
export function isSpareReplica(state: RunState, task: number): boolean {
  const part = state.graph.tasks[task]?.replicaOf;
  return (
    part !== undefined &&
    state.graph.ids[task] !== part &&
    state.status[task] === Status.READY &&
    state.attempts[task] === 0
  );
}

export const subagentId = (index: number): string => `sa-${index + 1}`;

export function requestWake(state: RunState, at: number): void {
  if (state.timers.has(at)) return;
  state.timers.add(at);
  state.out.push({ type: 'timer', at });
}
