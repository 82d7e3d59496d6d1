/** The real-time side of the pacing port (src/core/runtime/pace.ts): waiting on a timer. */

import type { Pace } from '../../core/runtime/pace';

/** A pace of `msPerSecond` real milliseconds per second of simulated model time. */
export function realPace(msPerSecond: number): Pace {
  return { msPerSecond: Math.max(0, msPerSecond), wait };
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError(signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new Error('aborted');
}

/** A pace that also holds each orchestrator decision until `next()` (the page's "step" pace). */
export interface SteppedPace extends Pace {
  decision(signal?: AbortSignal): Promise<void>;
  /** Lets the held decision, or the next one if none is held yet, go on. */
  next(): void;
  /** Called with true when a decision starts waiting for `next()`, false when it goes on. */
  onHold(listener: (holding: boolean) => void): void;
}

export function steppedPace(msPerSecond: number): SteppedPace {
  const base = realPace(msPerSecond);
  let release: (() => void) | undefined;
  // A click that came before the decision it was meant for still counts (one step, not lost).
  let credit = 0;
  const listeners: ((holding: boolean) => void)[] = [];
  const tell = (holding: boolean) => {
    for (const l of listeners) l(holding);
  };
  return {
    ...base,
    decision(signal) {
      if (credit > 0) {
        credit--;
        return Promise.resolve();
      }
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) {
          reject(abortError(signal));
          return;
        }
        const onAbort = (): void => {
          release = undefined;
          tell(false);
          reject(abortError(signal as AbortSignal));
        };
        release = () => {
          signal?.removeEventListener('abort', onAbort);
          release = undefined;
          tell(false);
          resolve();
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        tell(true);
      });
    },
    next() {
      if (release) release();
      else credit = 1;
    },
    onHold(listener) {
      listeners.push(listener);
    },
  };
}
