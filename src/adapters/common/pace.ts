/** The real-time side of the pacing port (src/core/runtime/pace.ts): waiting on a timer. */

import type { Pace } from '../../core/runtime/pace';

/** A pace of `msPerSecond` real milliseconds per second of simulated model time. */
export function realPace(msPerSecond: number): Pace {
  return { msPerSecond: Math.max(0, msPerSecond), wait };
}

/**
 * A pace that keeps time over one chain of waits, for a run whose every wait is its own (a graph
 * run on the page: the driver's decisions, then the attempts they launched, one batch after the
 * other). Each batch of waits starts from where the last one was due, not from when it is asked
 * for, so real time the page spends between waits (drawing a 1,500-task graph after each decision)
 * comes out of the next wait instead of adding to the run: a stress run took 75 s where its waits
 * add up to 37 s, and the page's estimate of its length (src/ui/model/run-length.ts) said 40 s.
 * Waits asked for while others are outstanding (the attempts of one decision) share their start.
 * Not for runs whose waits happen elsewhere too (subagents in workers, step mode's holds): the
 * time spent there would be taken out of the next wait here.
 */
export function keptPace(msPerSecond: number, now: () => number): Pace {
  /** When the last batch of waits was due to end, in `now`'s time. */
  let due: number | undefined;
  let start = 0;
  let outstanding = 0;
  return {
    msPerSecond: Math.max(0, msPerSecond),
    wait(ms, signal) {
      if (outstanding === 0) start = due ?? now();
      outstanding++;
      const end = start + ms;
      return wait(Math.max(0, end - now()), signal).finally(() => {
        outstanding--;
        due = Math.max(due ?? end, end);
      });
    },
  };
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
