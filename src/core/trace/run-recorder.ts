import { AppendBuffer, type BatchLimits, defaultBatchLimits } from './append-buffer';
import type { TraceEvent } from './events';
import type { TraceHeader } from './header';
import { finishedRecord, newRunRecord, type RunRecord, summaryOf } from './run-record';
import type { Scheduler } from './scheduler';
import type { FinishStatus, RunEnd, RunHandle, RunMeta } from './store';

/**
 * The writes recording a run takes, each one transaction in the store's own medium (IndexedDB,
 * memory). A write that fails changes nothing and rejects, with a StoreQuotaError for lack of space.
 */
export interface RunWrites {
  /** Stores the record of a run that has just begun; refuses an id already in the library. */
  begin(record: RunRecord): Promise<void>;
  /** Stores `events` as the run's events number `from`, `from + 1`, … and its eventCount. */
  append(id: string, events: readonly TraceEvent[], from: number): Promise<void>;
  /** Replaces the run's stored record with `end(stored)`, and returns what it stored. */
  finish(id: string, end: (stored: RunRecord) => RunRecord): Promise<RunRecord>;
}

export interface RunRecorderOptions {
  readonly schedule: Scheduler;
  readonly batch?: BatchLimits;
  /**
   * Called once a run's record is stored; resolves, once the run is marked live (a Web Lock
   * other tabs can see), to the function that lets go of it when the run finishes or the store
   * closes.
   */
  readonly hold?: (id: string) => Promise<() => void>;
}

/**
 * The runs a TraceStore is recording, behind their RunHandles: begin → append (buffered, see
 * AppendBuffer) → flush → finish. Every store records runs through one of these, over its own
 * RunWrites.
 */
export class RunRecorder {
  /** Each live run's buffer, with what lets go of the run. */
  private readonly live = new Map<AppendBuffer, () => void>();
  private closed = false;

  constructor(
    private readonly writes: RunWrites,
    private readonly options: RunRecorderOptions,
  ) {}

  /** TraceStore.begin, once the store has settled the run's id. */
  async begin(id: string, header: TraceHeader, meta: RunMeta): Promise<RunHandle> {
    await this.writes.begin(newRunRecord(id, header, meta, 'running'));
    const release = this.options.hold ? await this.options.hold(id) : () => {};
    let lastMetrics: Readonly<Record<string, number>> | undefined;
    let finished = false;
    const buffer = new AppendBuffer(
      (batch, from) => this.writes.append(id, batch, from),
      this.options.schedule,
      this.options.batch ?? defaultBatchLimits,
    );
    this.live.set(buffer, release);

    return {
      id,
      append: (event) => {
        if (finished) throw new Error(`run "${id}" has finished; nothing more can be appended`);
        if (this.closed) throw new Error('the trace store is closed');
        if (event.type === 'run.finished') lastMetrics = event.metrics;
        buffer.push(event);
      },
      flush: () => buffer.flush(),
      finish: async (status: FinishStatus, end: RunEnd = {}) => {
        if (finished) throw new Error(`run "${id}" has already finished`);
        await buffer.flush();
        const metrics = end.metrics ?? lastMetrics;
        const done = await this.writes.finish(id, (stored) =>
          finishedRecord(stored, status, { ...end, ...(metrics ? { metrics } : {}) }, buffer.written),
        );
        finished = true;
        this.live.delete(buffer);
        release();
        return summaryOf(done);
      },
    };
  }

  /** TraceStore.close: drops what live runs appended and did not flush, and lets go of them. */
  close(): void {
    this.closed = true;
    for (const [buffer, release] of this.live) {
      buffer.discard();
      release();
    }
    this.live.clear();
  }
}
