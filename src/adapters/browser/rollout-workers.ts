/**
 * The page's rollout Web Workers (workers/rollout.worker.ts), started by startTraining for a PARL
 * training: one MessagePort each for the training worker, which plays each batch's episodes on
 * them, and a watch on each worker, since a dead one would otherwise leave its episode unanswered
 * and the training waiting for ever. Only the page can watch: a worker's `error` event fires on
 * the Worker object that made it, and the Web Lock a worker holds is let go whenever it ends —
 * crashed, out of memory, terminated or closed by itself — which no event reports.
 */
import { isRolloutHolding, type RolloutStart } from '../wire/rollout-protocol';

export interface RolloutWorkers {
  /** One port per worker, for the training worker: transfer them. */
  readonly ports: readonly MessagePort[];
  /** Rejects with a readable message when a worker dies before `terminate`; never resolves. */
  readonly died: Promise<never>;
  /** Ends every worker; what happens to them afterwards is not reported. */
  terminate(): void;
}

/**
 * Enough to keep 2-core machines busy and more, not so many that each worker's own copy of the
 * bundle and the world (tens of MB) adds up: at least 1, at most 8.
 */
export function defaultRolloutWorkers(): number {
  const cores = globalThis.navigator?.hardwareConcurrency ?? 1;
  return Math.max(1, Math.min(8, Number.isFinite(cores) ? Math.floor(cores) : 1));
}

let made = 0;
const lockName = (): string =>
  `swarmflight-rollout-${globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${made++}-${Math.random()}`}`;

export interface RolloutWorkersOptions {
  /** @default a module Worker on workers/rollout.worker.ts */
  readonly create?: () => Worker;
  /**
   * A worker that has not taken its lock within this many ms is given up: until it has, its end
   * could not be seen. Not checked without Web Locks. @default 30_000
   */
  readonly startupMs?: number;
}

export function startRolloutWorkers(count: number, options: RolloutWorkersOptions = {}): RolloutWorkers {
  const create = options.create ?? defaultRolloutWorker;
  const startupMs = options.startupMs ?? 30_000;
  const timers: ReturnType<typeof setTimeout>[] = [];
  let closed = false;
  const workers: Worker[] = [];
  const ports: MessagePort[] = [];
  let report: (error: Error) => void = () => {};
  const died = new Promise<never>((_, reject) => {
    report = (error) => {
      if (!closed) reject(error);
    };
  });
  died.catch(() => undefined); // read through `done`; not an unhandled rejection when nobody races it
  const locks = globalThis.navigator?.locks;
  for (let i = 0; i < count; i++) {
    const name = `rollout worker ${i + 1} of ${count}`;
    const worker = create();
    workers.push(worker);
    worker.addEventListener('error', (event) => {
      event.preventDefault(); // reported through `done`, not as an uncaught error on the page
      report(new Error(`${name} failed: ${event.message || 'it did not load'}`));
    });
    const lock = lockName();
    const timer = locks
      ? setTimeout(() => report(new Error(`${name} did not start within ${startupMs / 1000} s`)), startupMs)
      : undefined;
    if (timer !== undefined) timers.push(timer);
    worker.addEventListener('message', (event) => {
      if (!isRolloutHolding(event.data) || !locks) return;
      clearTimeout(timer);
      // Granted only once the worker has let go of it, that is, once it is gone.
      void locks.request(lock, () =>
        report(new Error(`${name} stopped while training (it crashed, ran out of memory or was ended)`)),
      );
    });
    const { port1, port2 } = new MessageChannel();
    const start: RolloutStart = { type: 'swarmflight-rollout-start', lock };
    worker.postMessage(start, [port2]);
    ports.push(port1);
  }
  return {
    ports,
    died,
    terminate() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      for (const worker of workers) worker.terminate();
    },
  };
}

function defaultRolloutWorker(): Worker {
  // Written out in full so Vite finds the worker and bundles it (in dev and in `vite build`).
  return new Worker(new URL('../../../workers/rollout.worker.ts', import.meta.url), { type: 'module' });
}
