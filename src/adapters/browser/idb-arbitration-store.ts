/**
 * The arbitration queue in IndexedDB (its own database, `swarmflight-router`, so the library's
 * schema does not move for it): one record per queued request, keyed by the request's id. Adding
 * is one transaction that reads and writes, so two tabs queueing the same request keep one.
 */
import { openDB } from 'idb';
import { type ArbitrationItem, readArbitrationItems } from '../../core/router/arbitration';
import type { ArbitrationStore } from '../../core/router/arbitration-store';

export const ROUTER_DB_NAME = 'swarmflight-router';
const STORE = 'arbitration';

export async function openIdbArbitrationStore(name = ROUTER_DB_NAME): Promise<ArbitrationStore> {
  const db = await openDB(name, 1, {
    upgrade(database) {
      database.createObjectStore(STORE, { keyPath: 'id' });
    },
  });
  // Another tab opens a newer version, or deletes the database: let go rather than block it.
  db.addEventListener('versionchange', () => db.close());
  return {
    async list() {
      const records: unknown[] = await db.getAll(STORE);
      const items: ArbitrationItem[] = [];
      let unreadable = 0;
      for (const record of records) {
        const reading = readArbitrationItems([record]);
        if (reading.ok) items.push(...reading.items);
        else unreadable++;
      }
      items.sort((a, b) => a.queuedAt - b.queuedAt);
      return { items, unreadable };
    },
    async add(item) {
      const tx = db.transaction(STORE, 'readwrite');
      const exists = (await tx.store.getKey(item.id)) !== undefined;
      if (!exists) await tx.store.put(item);
      await tx.done;
      return !exists;
    },
    async put(item) {
      await db.put(STORE, item);
    },
    async delete(id) {
      await db.delete(STORE, id);
    },
    close: () => db.close(),
  };
}

/** The queue in memory, for a browser without IndexedDB: kept until the tab closes. */
export function memoryArbitrationStore(): ArbitrationStore {
  const items = new Map<string, ArbitrationItem>();
  return {
    list: async () => ({
      items: [...items.values()].sort((a, b) => a.queuedAt - b.queuedAt).map((i) => structuredClone(i)),
      unreadable: 0,
    }),
    async add(item) {
      if (items.has(item.id)) return false;
      items.set(item.id, structuredClone(item));
      return true;
    },
    put: async (item) => void items.set(item.id, structuredClone(item)),
    delete: async (id) => void items.delete(id),
    close: () => undefined,
  };
}
