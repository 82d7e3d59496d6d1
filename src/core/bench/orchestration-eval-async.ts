/**
 * `evaluate` (./orchestration-eval.ts) for an orchestrator that answers asynchronously — a model
 * behind a provider — through playInstanceAsync: the same metrics, kept per instance in seed
 * order, so it pairs with any synchronous policy's evaluation on the same instances. Instances are
 * played one after another: a model's calls are what take time, and one at a time keeps a local
 * server, or a rate limit, from being flooded.
 */
import { type AsyncOrchestrationPolicy, playInstanceAsync } from '../learning/orchestration/async-episode';
import type { EpisodeResult } from '../learning/orchestration/episode';
import { type EpisodeLog, emptyLog } from '../learning/orchestration/episode-log';
import type { Instance } from '../learning/orchestration/instance';
import type { EnvParams } from '../learning/orchestration/params';
import { type Evaluation, evaluationOf } from './orchestration-eval';

export async function evaluateAsync(
  params: EnvParams,
  policy: AsyncOrchestrationPolicy,
  instances: readonly Instance[],
  options: {
    readonly signal?: AbortSignal;
    /**
     * After each instance: for progress on a slow model, and, with `logs`, the episode's log
     * (what a trace is built from) while the episode is fresh, so a later failure loses nothing.
     */
    readonly onEpisode?: (result: EpisodeResult, index: number, log?: EpisodeLog) => void;
    /** Record each episode's log and pass it to onEpisode. */
    readonly logs?: boolean;
  } = {},
): Promise<Evaluation> {
  const results: EpisodeResult[] = [];
  for (const [i, instance] of instances.entries()) {
    const log = options.logs ? emptyLog() : undefined;
    const result = await playInstanceAsync(params, instance, policy, log, options.signal);
    results.push(result);
    options.onEpisode?.(result, i, log);
  }
  return evaluationOf(params, policy.name, results);
}
