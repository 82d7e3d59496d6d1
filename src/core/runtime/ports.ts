import type { TaskSpec } from '../graph/types';
import type { Usage } from '../trace/events';

/** Wall-clock time, passed in: the core never reads a real clock (DESIGN §3). */
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
}

export interface AttemptOutcome {
  /** Step-time the attempt took (at most the request's maxSteps). */
  readonly steps: number;
  readonly ok: boolean;
  readonly error?: string;
  readonly retryable?: boolean;
  readonly usage: Usage;
}

/** Runs one attempt of a task in simulated step-time. */
export interface SimulatedExecutor {
  simulate(request: AttemptRequest): AttemptOutcome;
}

/** The orchestrator's own tools (`tool_call`). */
export interface ToolPort {
  call(tool: string, args: unknown): { ok: boolean; result: string };
}

export const noTools: ToolPort = {
  call: (tool) => ({ ok: false, result: `no tool "${tool}" in this scenario` }),
};
