import type { TraceEvent } from './events';
import type { TraceHeader } from './header';

/**
 * The trace library's port: runs (header, events, summary), kept in the browser
 * (adapters/browser/idb-trace-store) or in memory (adapters/common/memory-trace-store). Both adapters pass
 * tests/support/trace-store-contract.ts. Times are wall-clock milliseconds passed in by the caller.
 * A write refused for lack of space rejects with a StoreQuotaError (./store-quota-error).
 */
export interface TraceStore {
  /** Starts recording a run: it is listed as 'running' at once, its events follow as they come. */
  begin(header: TraceHeader, meta: RunMeta): Promise<RunHandle>;
  /** Newest first. */
  list(filter?: RunFilter): Promise<RunSummary[]>;
  get(id: string): Promise<StoredTrace | undefined>;
  /** The run's header and summary without its events: what a big run opens with, before them. */
  head(id: string): Promise<StoredHead | undefined>;
  /** Up to `count` of the run's events from number `from` on, in order (a page of a big run). */
  events(id: string, from: number, count: number): Promise<TraceEvent[]>;
  /** Removes the run and all its events; an unknown id is not an error. */
  delete(id: string): Promise<void>;
  usage(): Promise<StorageUsage>;
  /**
   * Stores a JSONL trace after checking every line of it; a trace with any problem is refused
   * with a TraceImportError (./import-check) and nothing is stored.
   */
  importTrace(text: string, meta: RunMeta, options?: ImportOptions): Promise<RunSummary>;
  /** The run as JSONL, byte for byte what encodeTrace(header, events) gives. */
  exportJsonl(id: string): Promise<string>;
  /**
   * Marks every 'running' run that `isLive` does not claim as 'interrupted' (its tab closed or
   * crashed mid-run); returns their ids. The app calls it at start-up.
   */
  markInterrupted(isLive: (id: string) => boolean): Promise<string[]>;
  /**
   * Lets go of the storage, as a page unload does: events appended and not yet flushed are lost,
   * runs left unfinished stay 'running' until markInterrupted.
   */
  close(): void;
}

export interface ImportOptions {
  /** Hears how many lines have been checked, of how many, every few thousand and at the end. */
  readonly onProgress?: (checked: number, total: number) => void;
}

export interface RunMeta {
  /** Made up by the store when absent. */
  readonly id?: string;
  readonly label: string;
  /** Wall-clock ms. */
  readonly startedAt: number;
}

/** A run being recorded. Events are buffered and written in batches (see ./append-buffer). */
export interface RunHandle {
  readonly id: string;
  append(event: TraceEvent): void;
  /** Writes everything appended so far; rejects (StoreQuotaError…) if that write failed. */
  flush(): Promise<void>;
  /**
   * Flushes, then records how the run ended. The key metrics come from `end.metrics`, else from
   * the last 'run.finished' event appended. If the flush fails, the run stays 'running'.
   */
  finish(status: FinishStatus, end?: RunEnd): Promise<RunSummary>;
}

export type FinishStatus = 'done' | 'cancelled' | 'failed';
export type RunStatus = 'running' | FinishStatus | 'interrupted';

export interface RunEnd {
  /** Wall-clock ms. */
  readonly finishedAt?: number;
  /** Why a 'failed' run failed, in words (kept to MAX_ERROR_CHARS). */
  readonly error?: string;
  readonly metrics?: Readonly<Record<string, number>>;
}

/**
 * The metrics a run's summary keeps (./run-record keyMetricNames lists them). Summaries an older
 * version kept hold the cost under its old name; ./run-record summaryOf reads it (./cost-alias).
 */
export type KeyMetrics = {
  readonly criticalSteps?: number;
  readonly itemF1?: number;
  readonly reward?: number;
  readonly cost?: number;
};

export interface RunSummary {
  readonly id: string;
  readonly label: string;
  readonly scenario: { readonly id: string; readonly kind: string; readonly title?: string };
  /** The run worked on the user's own request (its header's `ownRequest`): graded on completion. */
  readonly ownRequest?: true;
  readonly policy: string;
  readonly provider: string;
  readonly seed: number;
  readonly status: RunStatus;
  readonly startedAt: number;
  readonly finishedAt?: number;
  /** Events written so far (appended ones still in the buffer are not counted). */
  readonly eventCount: number;
  /** Set once the run has finished with metrics. */
  readonly metrics?: KeyMetrics;
  /** Why it failed, for a 'failed' run that was told. */
  readonly error?: string;
}

/** The longest failure reason a run's summary keeps. */
export const MAX_ERROR_CHARS = 1000;

export interface RunFilter {
  /** Scenario id. */
  readonly scenario?: string;
  readonly policy?: string;
  readonly status?: RunStatus | readonly RunStatus[];
  /** Case-insensitive, in the label, id, scenario id and title, policy and provider. */
  readonly text?: string;
}

export interface StoredHead {
  readonly header: TraceHeader;
  readonly summary: RunSummary;
}

export interface StoredTrace {
  readonly header: TraceHeader;
  readonly events: TraceEvent[];
  readonly summary: RunSummary;
}

export interface StorageUsage {
  readonly bytes?: number;
  readonly quota?: number;
}
