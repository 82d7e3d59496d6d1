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
import { type Evaluation, evaluationOf } from './orchestration-eval';

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
  const results: EpisodeResult[] = [];
  for (const [i, instance] of instances.entries()) {
    const result = await playInstanceAsync(params, instance, policy, undefined, options.signal);
    results.push(result);
    options.onEpisode?.(result, i);
  }
  return evaluationOf(params, policy.name, results);
}
