import type { StoredPolicy } from '../../core/learning/policy-store';
import type { TraceEvent } from '../../core/trace/events';
import type { RunRecord } from '../../core/trace/run-record';
import { StoreQuotaError } from '../../core/trace/store-quota-error';

/**
 * The data the memory stores keep (./memory-trace-store, ./memory-policy-store), apart from the
 * store objects so that a second store over the same data behaves as the page after a reload does,
 * and shared by the two as the IndexedDB stores share one database, and so one quota. Values are
 * structured-cloned in and out, as IndexedDB does, so callers cannot change what is stored by
 * mutating what they passed or got.
 */
export interface MemoryLibrary {
  readonly runs: Map<string, Sized<RunRecord>>;
  readonly events: Map<string, Sized<TraceEvent>[]>;
  readonly policies: Map<string, Sized<StoredPolicy>>;
  /** Σ sizes of everything above. */
  bytes: number;
}

export interface Sized<T> {
  readonly value: T;
  /** Its JSON length: what the simulated quota counts. */
  readonly size: number;
}

export function createMemoryLibrary(): MemoryLibrary {
  return { runs: new Map(), events: new Map(), policies: new Map(), bytes: 0 };
}

export interface MemoryLibraryOptions {
  readonly db?: MemoryLibrary;
  /** Simulates a disk of this size (in JSON characters): a write that would pass it is refused. */
  readonly quotaBytes?: number;
}

export const sized = <T>(value: T): Sized<T> => ({
  value: structuredClone(value),
  size: JSON.stringify(value).length,
});

/** Refuses, with StoreQuotaError naming `what`, a write that would grow `db` by `delta` past `quotaBytes`. */
export function reserve(
  db: MemoryLibrary,
  quotaBytes: number | undefined,
  delta: number,
  what: string,
): void {
  if (quotaBytes !== undefined && delta > 0 && db.bytes + delta > quotaBytes) {
    throw new StoreQuotaError(what);
  }
}
