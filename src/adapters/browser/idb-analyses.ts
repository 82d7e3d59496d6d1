/**
 * A model's answers about a run (core/vision/analyze.ts `Analysis`: question, answer, model, when,
 * the pictures by label), kept with the run in the library database's `analyses` object store
 * (./idb-library, version 2), so a stored run shows them after a reload, and deleting the run
 * deletes them in the same transaction (./idb-trace-store). No picture's bytes and no key are
 * kept: an Analysis holds neither.
 */

import type { Analysis } from '../../core/vision/analyze';
import { type IdbLibraryOptions, LIBRARY_DB_NAME, openIdbLibrary, quietly } from './idb-library';

export interface AnalysisStore {
  /** Keeps `analysis` as the run's newest. */
  add(runId: string, analysis: Analysis): Promise<void>;
  /** The run's analyses, oldest first. */
  of(runId: string): Promise<Analysis[]>;
  /** How many each run has, for the runs that have any. */
  counts(): Promise<Map<string, number>>;
  close(): void;
}

const ofRun = (id: string) => IDBKeyRange.bound([id, 0], [id, Number.POSITIVE_INFINITY]);

export async function openIdbAnalyses(
  name = LIBRARY_DB_NAME,
  options: IdbLibraryOptions = {},
): Promise<AnalysisStore> {
  const library = await openIdbLibrary(name, options);
  const { write, read } = library;
  return {
    async add(runId, analysis) {
      await write(['analyses'], 'analysis', `the analysis of run ${runId}`, async (tx) => {
        const store = tx.objectStore('analyses');
        // The next place after the run's last, read in the same transaction: two tabs asking at
        // once cannot take the same one.
        const last = await store.openCursor(ofRun(runId), 'prev');
        const record = { runId, seq: (last?.value.seq ?? -1) + 1, analysis };
        quietly(store.put(record));
        return [record];
      });
    },
    async of(runId) {
      const records = await read(['analyses'], (tx) => tx.objectStore('analyses').getAll(ofRun(runId)));
      return records.map((r) => r.analysis);
    },
    async counts() {
      const keys = await read(['analyses'], (tx) => tx.objectStore('analyses').getAllKeys());
      const counts = new Map<string, number>();
      for (const [runId] of keys) counts.set(runId, (counts.get(runId) ?? 0) + 1);
      return counts;
    },
    close: () => library.close(),
  };
}

/**
 * The same in memory, beside the in-memory library of a browser without IndexedDB: kept until the
 * tab closes. A deleted run's analyses stay in the map, unseen: nothing lists a run that is gone.
 */
export function memoryAnalyses(): AnalysisStore {
  const kept = new Map<string, Analysis[]>();
  return {
    add: async (runId, analysis) => {
      kept.set(runId, [...(kept.get(runId) ?? []), analysis]);
    },
    of: async (runId) => [...(kept.get(runId) ?? [])],
    counts: async () => new Map([...kept].map(([id, list]) => [id, list.length])),
    close: () => undefined,
  };
}
