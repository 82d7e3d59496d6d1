/**
 * The page side of the orchestration worker (workers/orchestration.worker.ts): one worker, started
 * at the first call and kept, so the validation grid behind the leaderboard is computed once.
 * Stopping a training terminates the worker (its loop is synchronous, a message could not reach
 * it); the next call starts a fresh one.
 */
import { proxy, type Remote, wrap } from 'comlink';
import type { EpisodeTrace } from '../core/learning/orchestration/trace';
import type { CurvePoint } from '../core/learning/orchestration/train';
import type {
  Leaderboard,
  OrchestrationApi,
  OrchestrationTrainResult,
  StoredOrchestrationPolicy,
} from './orchestration-protocol';

export interface OrchestrationWorker {
  train(
    seed: number,
    episodes: number,
    onPoints: (points: CurvePoint[], done: number, total: number) => void,
    /** Rollout Web Workers beside the trainer; the host's default (cores − 2) when not given. */
    rolloutWorkers?: number,
  ): Promise<OrchestrationTrainResult>;
  /** Ends a training in progress: its promise rejects with "stopped". */
  stop(): void;
  leaderboard(policies: StoredOrchestrationPolicy[]): Promise<Leaderboard>;
  trace(policy: string | StoredOrchestrationPolicy, instance: number): Promise<EpisodeTrace>;
}

export function openOrchestrationWorker(
  createWorker: () => Worker = () =>
    // Written out in full so Vite finds the worker and bundles it.
    new Worker(new URL('../../workers/orchestration.worker.ts', import.meta.url), { type: 'module' }),
): OrchestrationWorker {
  let current:
    | {
        worker: Worker;
        remote: Remote<OrchestrationApi>;
        failed: Promise<never>;
        reject?: (e: Error) => void;
      }
    | undefined;
  const get = () => {
    if (!current) {
      const worker = createWorker();
      let reject: (e: Error) => void = () => undefined;
      // Comlink leaves a call pending forever when its worker dies: this settles it instead.
      const failed = new Promise<never>((_, r) => {
        reject = r;
        worker.addEventListener('error', (event) => {
          event.preventDefault();
          r(new Error(`the orchestration worker failed: ${event.message || 'it did not load'}`));
        });
      });
      failed.catch(() => undefined);
      current = { worker, remote: wrap<OrchestrationApi>(worker), failed, reject };
    }
    return current;
  };
  const call = <T>(f: (remote: Remote<OrchestrationApi>) => Promise<T>): Promise<T> => {
    const c = get();
    return Promise.race([f(c.remote), c.failed]);
  };
  return {
    train: (seed, episodes, onPoints, rolloutWorkers) =>
      call((r) =>
        r.train(
          seed,
          episodes,
          proxy({
            onPoints: (points: CurvePoint[], done: number, total: number) => {
              try {
                onPoints(points, done, total);
              } catch (error) {
                reportError(error);
              }
            },
          }),
          rolloutWorkers === undefined ? {} : { rolloutWorkers },
        ),
      ) as Promise<OrchestrationTrainResult>,
    stop() {
      if (!current) return;
      current.worker.terminate();
      current.reject?.(new Error('stopped'));
      current = undefined;
    },
    leaderboard: (policies) => call((r) => r.leaderboard(policies)) as Promise<Leaderboard>,
    trace: (policy, instance) => call((r) => r.trace(policy, instance)) as Promise<EpisodeTrace>,
  };
}
