/**
 * The worker side of training: `train` from the core, driven by a `TrainRequest` of plain data and
 * reporting through the page's callbacks (src/adapters/wire/train-protocol.ts). It is an object, not a
 * worker, so tests reach it over a MessageChannel (tests/adapters/train-host.test.ts);
 * workers/train.worker.ts exposes it with Comlink.
 */
import { proxy, type Remote, releaseProxy, wrap } from 'comlink';
import { episodeCost } from '../../core/learning/episode-cost';
import { type Rollouts, train } from '../../core/learning/train';
import type { CodeSandbox } from '../../core/tools/sandbox';
import { nextTask } from '../common/next-task';
import { type RolloutChannel, rolloutPool } from '../common/rollout-pool';
import type { RolloutApi } from '../wire/rollout-protocol';
import type {
  RemoteTrainEvents,
  TrainApi,
  TrainEvents,
  TrainRequest,
  TrainSummary,
} from '../wire/train-protocol';
import { trainEnvFor } from './train-env';

export interface TrainHostOptions {
  /** Runs mixed-coding's code (its run_js tool and its grading); without one a coding episode fails. */
  readonly sandbox?: CodeSandbox;
  /** Milliseconds, for the progress throttle and the summary's seconds. @default performance.now */
  readonly now?: () => number;
  /**
   * Least time between two progress messages: an episode takes a few milliseconds, and a message
   * per episode would keep the page busy reading them. The last episode's always goes. @default 50
   */
  readonly progressEveryMs?: number;
}

export function trainHost(options: TrainHostOptions = {}): TrainApi {
  const now = options.now ?? (() => performance.now());
  const every = options.progressEveryMs ?? 50;
  let running: AbortController | null = null;

  return {
    async start(
      request: TrainRequest,
      events: RemoteTrainEvents,
      rolloutPorts: readonly MessagePort[] = [],
    ): Promise<TrainSummary> {
      if (running) throw new Error('a training is already running in this worker: stop it first');
      const controller = new AbortController();
      running = controller;
      const started = now();
      // A callback that throws is no reason to stop training (the client reports it on the page).
      // Calls are answered in order on one channel, so the last answer means every call has landed.
      let delivered: Promise<unknown> = Promise.resolve();
      const send = (call: Promise<unknown>) => {
        delivered = call.catch(() => undefined);
      };
      let lastSent = Number.NEGATIVE_INFINITY;
      let pending: Parameters<TrainEvents['onProgress']> | null = null;
      const flush = () => {
        if (pending) send(events.onProgress(...pending));
        pending = null;
      };
      try {
        const env = await trainEnvFor(request, options.sandbox);
        const rollouts = rolloutsOn(rolloutPorts, request, options.sandbox);
        const result = await train(
          request.config,
          env,
          {
            ...(rollouts ? { rollouts } : {}),
            signal: controller.signal,
            nextTask,
            onEpisode: (stats, done, total) => {
              pending = [done, total, stats];
              const t = now();
              if (t - lastSent >= every) {
                lastSent = t;
                flush();
              }
            },
            // Progress first, so the page never sees a curve ahead of the episodes it covers.
            onCurve: (point) => {
              flush();
              send(events.onCurve(point));
            },
            onCheckpoint: (checkpoint) => {
              flush();
              send(events.onCheckpoint(checkpoint));
            },
          },
          request.resume,
        );
        flush();
        const seconds = (now() - started) / 1000;
        // The reply to `start` travels on another channel than the callbacks: without this wait the
        // page could see `done` settle before the last checkpoint reached it.
        await delivered;
        return { ...result, episodes: request.config.episodes, seconds };
      } finally {
        running = null;
        for (const port of rolloutPorts) port.close();
        // Closes the page's end of the callbacks' channel (sent after every callback, on the same port).
        events[releaseProxy]?.();
      }
    },

    stop(): void {
      running?.abort();
    },
  };
}

/**
 * PARL's batches played on the page's rollout workers, one port each, through the pool the CLI's
 * worker threads use. A bandit learns after every episode: it plays here, whatever it was given.
 */
function rolloutsOn(
  ports: readonly MessagePort[],
  request: TrainRequest,
  sandbox: CodeSandbox | undefined,
): Rollouts | undefined {
  if (ports.length === 0 || request.config.policy !== 'parl') return undefined;
  const { config, mix, specs, profiles } = request;
  const channels = ports.map((port): RolloutChannel => {
    const remote: Remote<RolloutApi> = wrap<RolloutApi>(port);
    // One sandbox, this worker's, for every rollout worker: a program is run (and remembered) once.
    void remote.setup({ config, mix, specs, profiles }, sandbox ? proxy(sandbox) : undefined);
    let listener: Parameters<RolloutChannel['listen']>[0] | undefined;
    return {
      listen: (l) => {
        listener = l;
      },
      post: ({ episode, params }) => {
        remote.play(episode, params).then(
          (outcome) => listener?.reply({ episode, outcome }),
          (error: unknown) =>
            listener?.reply({ episode, error: error instanceof Error ? error.message : String(error) }),
        );
      },
    };
  });
  // The episodes of a group share an instance: one worker builds it (episode-instances.ts).
  return rolloutPool(
    channels,
    (e) => episodeCost(mix, config, e),
    (e) => Math.floor(e / Math.max(1, config.group ?? 1)),
  );
}
