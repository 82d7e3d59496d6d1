import type { ArbitrationItem } from './arbitration';

/**
 * Where the page keeps its arbitration queue (IndexedDB, or memory when the browser refuses it):
 * one record per request, by its id. What comes back from storage was written by some version of
 * the page and is read through `readArbitrationItems`; a record that no longer reads is reported,
 * not dropped silently.
 */
export interface ArbitrationStore {
  list(): Promise<{ readonly items: readonly ArbitrationItem[]; readonly unreadable: number }>;
  /** Adds the item unless its request is queued already; says which. */
  add(item: ArbitrationItem): Promise<boolean>;
  /** Replaces the item of that id (a label given). */
  put(item: ArbitrationItem): Promise<void>;
  delete(id: string): Promise<void>;
  close(): void;
}
