/**
 * The worker side of training: `train` from the core, driven by a `TrainRequest` of plain data and
 * reporting through the page's callbacks (src/adapters/wire/train-protocol.ts). It is an object, not a
 * worker, so tests reach it over a MessageChannel (tests/adapters/train-host.test.ts);
 * workers/train.worker.ts exposes it with Comlink.
 */
import { releaseProxy } from 'comlink';
import { train } from '../../core/learning/train';
import { simulatedProviderFor } from '../../core/scenarios/players';
import { profileHashes } from '../../core/scenarios/profiles';
import type { CodeSandbox } from '../../core/tools/sandbox';
import { nextTask } from '../common/next-task';
import type {
  RemoteTrainEvents,
  TrainApi,
  TrainEvents,
  TrainRequest,
  TrainSummary,
} from '../wire/train-protocol';

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
    async start(request: TrainRequest, events: RemoteTrainEvents): Promise<TrainSummary> {
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
        const hashes = await profileHashes(request.profiles);
        const result = await train(
          request.config,
          {
            mix: request.mix,
            specs: request.specs,
            profiles: request.profiles,
            profileHashes: hashes,
            provider: simulatedProviderFor(request.profiles),
            ...(options.sandbox ? { ports: { sandbox: options.sandbox } } : {}),
          },
          {
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
        // Closes the page's end of the callbacks' channel (sent after every callback, on the same port).
        events[releaseProxy]?.();
      }
    },

    stop(): void {
      running?.abort();
    },
  };
}
