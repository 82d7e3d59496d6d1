/**
 * One WebLLM engine generates for one request at a time. Requests for the same engine wait here in
 * FIFO order, so an abort can interrupt exactly the request being served, and the concurrency
 * meter tells the concurrency a swarm asked for (nominal) from the one it got (effective).
 */

// ---------------------------------------------------------------------------------------------
// One engine, one request at a time

export interface EngineGate {
  /**
   * Resolves with `release` when it is the caller's turn (FIFO); rejects with an AbortError,
   * leaving the queue, if `signal` aborts first. `release` may be called more than once.
   */
  acquire(signal?: AbortSignal): Promise<() => void>;
  /** Requests waiting, not counting the one served. */
  readonly waiting: number;
  readonly busy: boolean;
}

export function engineGate(): EngineGate {
  const queue: { grant: () => void; reject: (error: unknown) => void }[] = [];
  let busy = false;
  const releaser = (): (() => void) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = queue.shift();
      if (next) next.grant();
      else busy = false;
    };
  };
  return {
    get waiting() {
      return queue.length;
    },
    get busy() {
      return busy;
    },
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(abortError(signal));
      if (!busy) {
        busy = true;
        return Promise.resolve(releaser());
      }
      return new Promise((resolve, reject) => {
        const onAbort = (): void => {
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
          reject(abortError(signal as AbortSignal));
        };
        const waiter = {
          grant: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve(releaser());
          },
          reject,
        };
        queue.push(waiter);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}

// Keyed by the engine object only: a gate reads nothing of the engine, so this file needs no engine
// type (webllm-provider.ts, which declares EngineLike, imports this file).
const gates = new WeakMap<object, EngineGate>();

/** The gate every provider over `engine` shares unless given another. */
export function gateFor(engine: object): EngineGate {
  let gate = gates.get(engine);
  if (!gate) {
    gate = engineGate();
    gates.set(engine, gate);
  }
  return gate;
}

// ---------------------------------------------------------------------------------------------
// Nominal and effective concurrency

export interface MeterTicket {
  /** The request reached the engine. */
  served(): void;
  /** The request is over (answered, failed, or aborted and the engine let go). Idempotent. */
  end(): void;
}

export interface ConcurrencySummary {
  /** Time-averaged requests in flight, queued ones included: ∫ n(t) dt / elapsed. */
  readonly nominal: number;
  /** Time-averaged requests an engine was generating for. */
  readonly effective: number;
  readonly peakNominal: number;
  readonly peakEffective: number;
  readonly elapsedMs: number;
}

export interface ConcurrencyMeter {
  begin(): MeterTicket;
  summary(nowMs?: number): ConcurrencySummary;
  readonly inFlight: number;
  readonly serving: number;
}

export interface MeterOptions {
  /** @default performance.now */
  readonly now?: () => number;
  /** Where the averages start. @default the first `begin()` */
  readonly startMs?: number;
}

export function concurrencyMeter(options: MeterOptions = {}): ConcurrencyMeter {
  const now = options.now ?? (() => performance.now());
  let start = options.startMs;
  let last = start ?? 0;
  let inFlight = 0;
  let serving = 0;
  let nominalArea = 0;
  let effectiveArea = 0;
  let peakNominal = 0;
  let peakEffective = 0;
  // Both counts are step functions: accumulate the area of the step that ends at `t`.
  const advance = (t: number): void => {
    start ??= t;
    const at = Math.max(t, last, start);
    nominalArea += inFlight * (at - Math.max(last, start));
    effectiveArea += serving * (at - Math.max(last, start));
    last = at;
  };
  return {
    get inFlight() {
      return inFlight;
    },
    get serving() {
      return serving;
    },
    begin() {
      advance(now());
      inFlight += 1;
      peakNominal = Math.max(peakNominal, inFlight);
      let state: 'queued' | 'served' | 'ended' = 'queued';
      return {
        served() {
          if (state !== 'queued') return;
          advance(now());
          state = 'served';
          serving += 1;
          peakEffective = Math.max(peakEffective, serving);
        },
        end() {
          if (state === 'ended') return;
          advance(now());
          if (state === 'served') serving -= 1;
          inFlight -= 1;
          state = 'ended';
        },
      };
    },
    summary(nowMs = now()) {
      if (start === undefined) {
        return { nominal: 0, effective: 0, peakNominal: 0, peakEffective: 0, elapsedMs: 0 };
      }
      const t = Math.max(nowMs, last);
      const elapsedMs = t - start;
      const tail = t - Math.max(last, start);
      const average = (area: number, open: number): number =>
        elapsedMs > 0 ? (area + open * tail) / elapsedMs : 0;
      return {
        nominal: average(nominalArea, inFlight),
        effective: average(effectiveArea, serving),
        peakNominal,
        peakEffective,
        elapsedMs,
      };
    },
  };
}

export function abortError(signal: AbortSignal): Error {
  const reason = signal.reason;
  const detail = reason instanceof Error ? reason.message : reason === undefined ? '' : String(reason);
  const error = new Error(detail ? `aborted: ${detail}` : 'aborted', { cause: reason });
  error.name = 'AbortError';
  return error;
}

/** The promise, or at the signal's abort: `onAbort()` and a rejection named AbortError. */
export function interruptible<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  onAbort: () => void,
): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => {
      onAbort();
      reject(abortError(signal));
    };
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}
