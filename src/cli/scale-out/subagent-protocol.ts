/**
 * What a swarm run's launcher and the workers running its subagents agree on (docs/scale-out.md):
 * the queue, a job's data, the channel a cancellation goes out on, and how an attempt request
 * crosses Redis. A job is one attempt; it is never retried by BullMQ, because the runtime's retry
 * policy decides what a failed attempt becomes, and its retry must be in the trace.
 */

import type { SubagentSetup } from '../../core/run/subagent-setup';
import type { AttemptOutcome, AttemptRequest } from '../../core/runtime/ports';
import { PREFIX, SWEEP_VERSION } from './sweep-protocol';

export const SUBAGENTS_QUEUE = 'subagents';

/** Job ids of attempts to stop now (a pool's abort, hang or close), published to every worker. */
export const CANCEL_CHANNEL = `${PREFIX}:subagents:cancel`;

/** An AttemptRequest as JSON: its dependencies' answers as pairs, since a Map does not survive JSON. */
export type WireRequest = Omit<AttemptRequest, 'answers'> & {
  readonly answers?: readonly (readonly [string, string])[];
};

export interface SubagentJob {
  readonly version: string;
  /** What the worker builds the run's subagent from: the same plain data a Web Worker gets. */
  readonly setup: SubagentSetup;
  readonly request: WireRequest;
}

/** A job's result: the attempt's outcome, with the worker that ran it. */
export type SubagentResult = AttemptOutcome & { readonly worker: string };

export function subagentJob(setup: SubagentSetup, request: AttemptRequest): SubagentJob {
  // The progress callback stays here: a job is data (a function would not survive the queue).
  const { answers, progress: _progress, ...rest } = request;
  return {
    version: SWEEP_VERSION,
    setup,
    request: answers && answers.size > 0 ? { ...rest, answers: [...answers] } : rest,
  };
}

export function requestOf(wire: WireRequest): AttemptRequest {
  const { answers, ...rest } = wire;
  return answers ? { ...rest, answers: new Map(answers) } : rest;
}
