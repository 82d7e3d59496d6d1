import type { Usage } from '../trace/events';

/** What happens to the orchestrator. Every input carries the step-time and wall-clock time it happens at. */
export type RuntimeInput = { readonly at: number; readonly wallMs: number } & (
  | { readonly type: 'start' }
  | {
      readonly type: 'attempt-ended';
      readonly task: number;
      readonly attempt: number;
      readonly ok: boolean;
      readonly error?: string;
      /** False for errors a retry cannot fix (the step limit, a refused capability). */
      readonly retryable?: boolean;
      readonly usage: Usage;
      /** The task's final answer (kept by the driver for dependents and the grader). */
      readonly answer?: string;
      /** The answer came without a model call (AttemptOutcome.settled): the trace must keep it. */
      readonly settled?: boolean;
      /** Which worker ran it (AttemptOutcome.worker). */
      readonly worker?: string;
    }
  /** A timer the machine asked for. Decisions are taken only on wakes, which the driver sorts after
   *  every other input of the same instant, so one decision sees everything that happened then. */
  | {
      readonly type: 'wake';
      /** A deliberating policy has thought for the decision due now. */
      readonly deliberated?: boolean;
    }
  | { readonly type: 'tool-result'; readonly callId: string; readonly ok: boolean; readonly result: string }
  | { readonly type: 'abort'; readonly reason: string }
  /** The critical-steps budget runs out now. Sorted after every other input of its instant. */
  | { readonly type: 'deadline' }
);
