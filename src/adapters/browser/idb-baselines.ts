/**
 * The self-healing loop's knowledge across runs in the page (core/healing/knowledge.ts): the
 * baselines of critical steps per scenario and size, one record in IndexedDB (its own database,
 * `swarmflight-healing`). What comes back is read through `readKnowledge`: a record an older or
 * tampered page wrote is set aside, not trusted, and the page starts again from none.
 */
import { openDB } from 'idb';
import { emptyKnowledge, type Knowledge, readKnowledge } from '../../core/healing/knowledge';

export const HEALING_DB_NAME = 'swarmflight-healing';
const STORE = 'knowledge';
const KEY = 'baselines';

export interface BaselineStore {
  read(): Promise<Knowledge>;
  write(knowledge: Knowledge): Promise<void>;
  close(): void;
}

export async function openIdbBaselines(name = HEALING_DB_NAME): Promise<BaselineStore> {
  const db = await openDB(name, 1, {
    upgrade(database) {
      database.createObjectStore(STORE);
    },
  });
  db.addEventListener('versionchange', () => db.close());
  return {
    async read() {
      const reading = readKnowledge(await db.get(STORE, KEY));
      return reading.ok ? reading.knowledge : emptyKnowledge();
    },
    async write(knowledge) {
      await db.put(STORE, knowledge, KEY);
    },
    close: () => db.close(),
  };
}

/** The same in memory, for a browser without IndexedDB: kept until the tab closes. */
export function memoryBaselines(): BaselineStore {
  let kept = emptyKnowledge();
  return {
    read: async () => kept,
    write: async (knowledge) => {
      kept = knowledge;
    },
    close: () => undefined,
  };
}
