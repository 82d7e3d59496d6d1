/**
 * The page side of training in a Web Worker: `startTraining` starts a worker on
 * workers/train.worker.ts, runs one training in it (src/adapters/wire/train-protocol.ts) and terminates
 * it when the training ends, however it ends. A PARL training also gets rollout workers
 * (rollout-workers.ts) that play each batch's episodes in parallel, its checkpoint the same, byte
 * for byte, as one worker's; they end with it.
 */
import { proxy, transfer, wrap } from 'comlink';
import type { TrainApi, TrainEvents, TrainRequest, TrainSummary } from '../wire/train-protocol';
import { defaultRolloutWorkers, startRolloutWorkers } from './rollout-workers';

export type TrainCallbacks = Partial<TrainEvents>;

export interface TrainingHandle {
  /**
   * Resolves with the summary when training ends (`stopped` says whether it was stopped); rejects
   * with a readable message if the request is refused or the worker fails.
   */
  readonly done: Promise<TrainSummary>;
  /** Stops after the episode in hand; resolves once `done` has settled and the worker is gone. */
  stop(): Promise<void>;
}

export interface StartTrainingOptions {
  /** @default a module Worker on workers/train.worker.ts */
  readonly createWorker?: () => Worker;
  /**
   * Rollout workers to play PARL's batches on; 0 plays every episode in the training worker. A
   * bandit learns after every episode and gets none. @default the cores (defaultRolloutWorkers)
   */
  readonly rolloutWorkers?: number;
  /** @default a module Worker on workers/rollout.worker.ts */
  readonly createRolloutWorker?: () => Worker;
}

export function startTraining(
  request: TrainRequest,
  callbacks: TrainCallbacks = {},
  options: StartTrainingOptions = {},
): TrainingHandle {
  const worker = (options.createWorker ?? defaultWorker)();
  const remote = wrap<TrainApi>(worker);
  // Comlink leaves a call pending forever when its worker dies: these settle `done` instead.
  const failed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (event) => {
      event.preventDefault(); // reported through `done`, not as an uncaught error on the page
      reject(new Error(`the training worker failed: ${event.message || 'it did not load'}`));
    });
    worker.addEventListener('messageerror', () =>
      reject(new Error('the training worker sent a message that could not be read')),
    );
  });
  // A throwing callback is the page's bug: report it on the page (Comlink would hand it to the worker).
  const guard =
    <A extends unknown[]>(f: ((...args: A) => void) | undefined) =>
    (...args: A) => {
      try {
        f?.(...args);
      } catch (error) {
        reportError(error);
      }
    };
  const events: TrainEvents = {
    onProgress: guard(callbacks.onProgress),
    onCurve: guard(callbacks.onCurve),
    onCheckpoint: guard(callbacks.onCheckpoint),
  };
  const count = request.config.policy === 'parl' ? (options.rolloutWorkers ?? defaultRolloutWorkers()) : 0;
  const rollout =
    count > 0
      ? startRolloutWorkers(count, options.createRolloutWorker ? { create: options.createRolloutWorker } : {})
      : undefined;
  const ports = [...(rollout?.ports ?? [])];
  let settled = false;
  const done = Promise.race([
    remote.start(request, proxy(events), transfer(ports, ports)),
    failed,
    ...(rollout ? [rollout.died] : []),
  ]).finally(() => {
    settled = true;
    worker.terminate();
    rollout?.terminate();
  });
  return {
    done,
    async stop() {
      if (!settled) void remote.stop().catch(() => undefined);
      await done.then(
        () => undefined,
        () => undefined,
      );
    },
  };
}

function defaultWorker(): Worker {
  // Written out in full so Vite finds the worker and bundles it (in dev and in `vite build`).
  const worker = new Worker(new URL('../../../workers/train.worker.ts', import.meta.url), { type: 'module' });
  // Coding episodes' code, in the page's sandbox frame (loaded with the first training).
  void import('./sandbox-frame').then((m) => m.offerSandbox(worker));
  return worker;
}
