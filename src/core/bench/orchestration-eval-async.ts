/**
 * `evaluate` (./orchestration-eval.ts) for an orchestrator that answers asynchronously — a model
 * behind a provider — through playInstanceAsync: the same metrics, kept per instance in seed
 * order, so it pairs with any synchronous policy's evaluation on the same instances. Instances are
 * played one after another: a model's calls are what take time, and one at a time keeps a local
 * server, or a rate limit, from being flooded.
 */
import { type AsyncOrchestrationPolicy, playInstanceAsync } from '../learning/orchestration/async-episode';
import type { EpisodeResult } from '../learning/orchestration/episode';
import type { Instance } from '../learning/orchestration/instance';
import type { EnvParams } from '../learning/orchestration/params';
import { EVAL_METRICS, type EvalMetric, type Evaluation, metricValues } from './orchestration-eval';

export async function evaluateAsync(
  params: EnvParams,
  policy: AsyncOrchestrationPolicy,
  instances: readonly Instance[],
  options: {
    readonly signal?: AbortSignal;
    /** After each instance: for progress on a slow model. */
    readonly onEpisode?: (result: EpisodeResult, index: number) => void;
  } = {},
): Promise<Evaluation> {
  const values = Object.fromEntries(EVAL_METRICS.map((m) => [m, [] as number[]])) as Record<
    EvalMetric,
    number[]
  >;
  for (const [i, instance] of instances.entries()) {
    const result = await playInstanceAsync(params, instance, policy, undefined, options.signal);
    const v = metricValues(params, result);
    for (const m of EVAL_METRICS) values[m].push(v[m]);
    options.onEpisode?.(result, i);
  }
  const means = Object.fromEntries(
    EVAL_METRICS.map((m) => [
      m,
      values[m].length ? values[m].reduce((a, b) => a + b, 0) / values[m].length : Number.NaN,
    ]),
  ) as Record<EvalMetric, number>;
  return { policy: policy.name, seeds: instances.map((i) => i.seed), values, means };
}
