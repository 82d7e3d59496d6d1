import type { TaskSpec } from '../graph/types';
import type { EventBody, Usage } from '../trace/events';

/** Wall-clock time, passed in: the core never reads a real clock (docs/architecture.md, layers). */
export interface Clock {
  /** Milliseconds from an arbitrary origin. */
  now(): number;
}

/** A clock that never moves: wallMs is 0 everywhere, for byte-identical test traces. */
export const frozenClock: Clock = { now: () => 0 };

export interface AttemptRequest {
  readonly task: number;
  readonly taskId: string;
  readonly spec: TaskSpec;
  readonly attempt: number;
  readonly subagent: string;
  readonly profile: string;
  readonly maxSteps: number;
  readonly seed: number;
  /** The step-time the attempt starts at: where its own steps count from in the run. */
  readonly at?: number;
  /** Final answers of this task's dependencies that completed, by task id: what it reads. */
  readonly answers?: ReadonlyMap<string, string>;
  /**
   * What a model orchestrator (`llm`) told this subagent (its role and its instructions), or, in
   * a decentralized run, the messages the board holds for it.
   */
  readonly brief?: {
    readonly system?: string;
    readonly prompt?: string;
    readonly board?: string;
    /** The role a team plan gave the agent running this task. */
    readonly role?: string;
  };
  /**
   * Told of the attempt's progress as it runs (AttemptProgress). Not data: a pool that sends
   * attempts to another thread strips it and carries progress over its own channel.
   */
  readonly progress?: (progress: AttemptProgress) => void;
}

/**
 * How far a running attempt has got, told as it goes (each turn, each tool call) so a page can
 * show the swarm at work before any attempt ends. Cumulative over the attempt. It is a view
 * only: the trace records the attempt's events when it ends, at their step-time, so the same seed
 * gives the same trace however the progress arrived.
 */
export interface AttemptProgress {
  readonly taskId: string;
  readonly attempt: number;
  readonly subagent: string;
  /** The profile the attempt runs on: what its tokens are priced at. */
  readonly profile: string;
  /** Turns the model has answered so far. */
  readonly turns: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly toolCalls: number;
  /** The first words of the latest turn's text, when it had any. */
  readonly words?: string;
}

export interface AttemptOutcome {
  /** Step-time the attempt took (at most the request's maxSteps). */
  readonly steps: number;
  readonly ok: boolean;
  readonly error?: string;
  readonly retryable?: boolean;
  readonly usage: Usage;
  /** The task's final answer, when it has one (an agent's reply). */
  readonly answer?: string;
  /**
   * The answer was given without a model call (a peer's position once every peer agreed), so no
   * turn in the trace holds it: its `task.finished` records it instead, or a stored run could not
   * show it.
   */
  readonly settled?: boolean;
  /**
   * What happened inside the attempt (an agent's llm.turn and tool.call records), each `after`
   * steps from the attempt's start (1 for the first turn). The driver records them at that
   * step-time, unless the attempt is cancelled first.
   */
  readonly events?: readonly { readonly after: number; readonly body: EventBody }[];
  /**
   * The worker that ran the attempt, when a pool sends attempts to other machines (the BullMQ
   * pool): its task.finished or task.failed records it. Where, not what: a trace compared for
   * determinism leaves it out, as it leaves out wall-clock time (withoutWallClock).
   */
  readonly worker?: string;
}

/** Runs one attempt of a task in simulated step-time. */
export interface SimulatedExecutor {
  simulate(request: AttemptRequest): AttemptOutcome;
}

/**
 * Runs one attempt for real (an agent loop over a provider) and reports it in step-time: the
 * outcome's `steps` are the turns the agent took. `simulateAsync` starts every attempt of one
 * decision before awaiting any, so they run concurrently in wall time.
 */
export interface AsyncExecutor {
  run(request: AttemptRequest, signal?: AbortSignal): Promise<AttemptOutcome>;
}

/** The orchestrator's own tools (`tool_call`). */
export interface ToolPort {
  call(tool: string, args: unknown): { ok: boolean; result: string };
}

export const noTools: ToolPort = {
  call: (tool) => ({ ok: false, result: `no tool "${tool}" in this scenario` }),
};
