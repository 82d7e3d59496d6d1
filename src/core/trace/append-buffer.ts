import type { TraceEvent } from './events';
import type { Scheduler } from './scheduler';

/**
 * Events are written in batches: when `maxEvents` are waiting, or `maxDelayMs` after the first of
 * them, whichever comes first — so a 10,000-event run is tens of writes, not 10,000, and a reload
 * loses at most the last ~100 ms.
 */
export interface BatchLimits {
  readonly maxEvents: number;
  readonly maxDelayMs: number;
}

export const defaultBatchLimits: BatchLimits = { maxEvents: 200, maxDelayMs: 100 };

/** Writes `events` as the run's events number `from`, `from + 1`, … in one transaction. */
export type BatchWrite = (events: readonly TraceEvent[], from: number) => Promise<void>;

/**
 * The append buffer a RunHandle keeps. Writes happen one at a time, in order. A failed write puts
 * its events back at the head of the buffer; after a failed background write only an explicit
 * flush() tries again (a full disk does not fill up less by being asked every 100 ms).
 */
export class AppendBuffer {
  private buffer: TraceEvent[] = [];
  private chain: Promise<void> = Promise.resolve();
  private queued = false;
  private cancelTimer: (() => void) | undefined;
  private failure: unknown;
  /** Events written so far. */
  written = 0;

  constructor(
    private readonly write: BatchWrite,
    private readonly schedule: Scheduler,
    private readonly limits: BatchLimits = defaultBatchLimits,
  ) {}

  get pending(): number {
    return this.buffer.length;
  }

  push(event: TraceEvent): void {
    this.buffer.push(event);
    if (this.buffer.length >= this.limits.maxEvents) this.background();
    else if (this.cancelTimer === undefined && !this.queued) {
      this.cancelTimer = this.schedule(() => {
        this.cancelTimer = undefined;
        this.background();
      }, this.limits.maxDelayMs);
    }
  }

  flush(): Promise<void> {
    this.stopTimer();
    // A write already queued takes everything buffered when it starts, these events included.
    if (this.queued) return this.chain;
    this.queued = true;
    const next = this.chain.catch(() => undefined).then(() => this.writeBuffered());
    this.chain = next;
    return next;
  }

  /** Drops what is buffered and stops the timer (the store was closed). */
  discard(): void {
    this.stopTimer();
    this.buffer = [];
  }

  private background(): void {
    if (this.queued || this.failure !== undefined) return;
    this.flush().catch((error: unknown) => {
      this.failure = error;
    });
  }

  private stopTimer(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
  }

  private async writeBuffered(): Promise<void> {
    this.queued = false;
    const batch = this.buffer;
    this.buffer = [];
    if (batch.length === 0) return;
    try {
      await this.write(batch, this.written);
      this.written += batch.length;
      this.failure = undefined;
    } catch (error) {
      this.buffer = batch.concat(this.buffer);
      throw error;
    }
  }
}
