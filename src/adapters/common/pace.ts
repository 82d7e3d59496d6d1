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
