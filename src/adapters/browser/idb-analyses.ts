/**
 * A model's answers about a run (core/vision/analyze.ts `Analysis`: question, answer, model, when,
 * the pictures by label), kept with the run in this browser, so a stored run shows them after a
 * reload. Their own database (`swarmflight-analyses`), not a new version of the library's: a page
 * of an older version must still open the library (tests/browser/idb-policy-store.test.ts, "saves
 * where that version reads them"), and a version step would lock it out. The Library forgets a
 * run's analyses when it deletes the run. No picture's bytes and no key are kept: an Analysis
 * holds neither.
 */

import { type IDBPDatabase, openDB } from 'idb';
import type { Analysis } from '../../core/vision/analyze';

export const ANALYSES_DB_NAME = 'swarmflight-analyses';
const STORE = 'analyses';

export interface AnalysisStore {
  /** Keeps `analysis` as the run's newest. */
  add(runId: string, analysis: Analysis): Promise<void>;
  /** The run's analyses, oldest first. */
  of(runId: string): Promise<Analysis[]>;
  /** How many each run has, for the runs that have any. */
  counts(): Promise<Map<string, number>>;
  /** Forgets the run's analyses (the run was deleted). */
  forget(runId: string): Promise<void>;
  close(): void;
}

interface AnalysisRecord {
  readonly runId: string;
  /** Its place among the run's analyses, from 0. */
  readonly seq: number;
  readonly analysis: Analysis;
}

const ofRun = (id: string) => IDBKeyRange.bound([id, 0], [id, Number.POSITIVE_INFINITY]);

export async function openIdbAnalyses(name = ANALYSES_DB_NAME): Promise<AnalysisStore> {
  const db: IDBPDatabase = await openDB(name, 1, {
    upgrade(database) {
      database.createObjectStore(STORE, { keyPath: ['runId', 'seq'] });
    },
  });
  // Another tab opens a newer version, or deletes the database: let go rather than block it.
  db.addEventListener('versionchange', () => db.close());
  return {
    async add(runId, analysis) {
      const tx = db.transaction(STORE, 'readwrite');
      // The next place after the run's last, read in the same transaction: two tabs asking at
      // once cannot take the same one.
      const last = await tx.store.openCursor(ofRun(runId), 'prev');
      const seq = ((last?.value as AnalysisRecord | undefined)?.seq ?? -1) + 1;
      const record: AnalysisRecord = { runId, seq, analysis };
      await Promise.all([tx.store.put(record), tx.done]);
    },
    async of(runId) {
      const records = (await db.getAll(STORE, ofRun(runId))) as AnalysisRecord[];
      return records.map((r) => r.analysis);
    },
    async counts() {
      const keys = (await db.getAllKeys(STORE)) as unknown as [string, number][];
      const counts = new Map<string, number>();
      for (const [runId] of keys) counts.set(runId, (counts.get(runId) ?? 0) + 1);
      return counts;
    },
    async forget(runId) {
      await db.delete(STORE, ofRun(runId));
    },
    close: () => db.close(),
  };
}

/** The same in memory, beside the in-memory library of a browser without IndexedDB. */
export function memoryAnalyses(): AnalysisStore {
  const kept = new Map<string, Analysis[]>();
  return {
    add: async (runId, analysis) => {
      kept.set(runId, [...(kept.get(runId) ?? []), analysis]);
    },
    of: async (runId) => [...(kept.get(runId) ?? [])],
    counts: async () => new Map([...kept].map(([id, list]) => [id, list.length])),
    forget: async (runId) => {
      kept.delete(runId);
    },
    close: () => undefined,
  };
}
