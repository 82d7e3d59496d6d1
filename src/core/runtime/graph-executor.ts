import { keyedRng } from '../util/rng';
import { GRAPH_STEP_MS, type Pace, waitModelTime } from './pace';
import type { AsyncExecutor, AttemptOutcome, AttemptRequest, SimulatedExecutor } from './ports';

/**
 * Graph scenarios' subagents: an attempt takes exactly the task's steps and fails with the task's
 * failProbability, drawn from a stream keyed by (seed, task, attempt) — so every policy run on one
 * seed meets the same failures. A failure surfaces when the attempt ends, after all its steps.
 * A task longer than the subagent's step limit is stopped at the limit; retrying cannot help it.
 */
export const graphExecutor: SimulatedExecutor = {
  simulate(request: AttemptRequest): AttemptOutcome {
    const { spec } = request;
    const usage = {
      steps: Math.min(spec.steps, request.maxSteps),
      toolCalls: spec.toolCalls ?? 0,
      'gen_ai.usage.input_tokens': spec.tokensIn ?? 0,
      'gen_ai.usage.output_tokens': spec.tokensOut ?? 0,
    };
    if (spec.steps > request.maxSteps) {
      return {
        steps: request.maxSteps,
        ok: false,
        error: `step limit: needs ${spec.steps} steps, a subagent may take ${request.maxSteps}`,
        retryable: false,
        usage,
      };
    }
    const p = spec.failProbability ?? 0;
    const ok = p === 0 || keyedRng(request.seed, request.taskId, request.attempt).next() >= p;
    return ok
      ? { steps: spec.steps, ok, usage }
      : { steps: spec.steps, ok, error: 'the subagent returned an error', usage };
  },
};

/**
 * Graph attempts at a pace people can watch: each takes its steps' model time (a second a step)
 * at the pace before it reports (the attempts of one decision run at once), with the same outcomes.
 */
export function pacedGraphExecutor(pace: Pace): AsyncExecutor {
  return {
    async run(request, signal) {
      const outcome = graphExecutor.simulate(request);
      try {
        await waitModelTime(pace, outcome.steps * GRAPH_STEP_MS, signal);
      } catch (error) {
        // Stopped while it waited: the driver turns the abort into the run's own end (cancelled
        // attempts, reason 'aborted'); a rejection here made the whole run fail instead.
        if (!signal?.aborted) throw error;
      }
      return outcome;
    },
  };
}
