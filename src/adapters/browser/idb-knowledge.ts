/**
 * The browser's knowledge base, kept in IndexedDB (its own database, `swarmflight-knowledge`): one
 * record holding the knowledge base's snapshot (src/core/kb). Every change is made on the
 * knowledge base in memory and then written in one transaction; when the write fails (the quota,
 * a closed database), the knowledge base is read back from the database, so what is stored and
 * what is shown never part: an ingest that fails leaves the knowledge base as it was.
 *
 * A Web Worker opens the same database to read (rag-qa's subagents search it there).
 */

import { type IDBPDatabase, openDB } from 'idb';
import type { Embedder } from '../../core/embeddings/types';
import { type KbDocumentInput, KnowledgeBase } from '../../core/kb';

export const KNOWLEDGE_DB_NAME = 'swarmflight-knowledge';
const STORE = 'knowledge';
const KEY = 'default';

export interface KnowledgeRepository {
  /** The knowledge base as stored. */
  readonly kb: () => KnowledgeBase;
  /** Adds documents and stores the result; all or nothing. */
  add(docs: readonly KbDocumentInput[], signal?: AbortSignal): Promise<string[]>;
  delete(ids: readonly string[]): Promise<void>;
  /** Bytes of the stored record, as JSON would count them (a close estimate of its disk use). */
  bytes(): number;
  close(): void;
}

export async function openIdbKnowledge(
  embedder: Embedder,
  name = KNOWLEDGE_DB_NAME,
): Promise<KnowledgeRepository> {
  const db = await openDB(name, 1, {
    upgrade(database) {
      if (!database.objectStoreNames.contains(STORE)) database.createObjectStore(STORE);
    },
  });
  let kb = await load(db, embedder);
  let size = await storedBytes(db);

  async function commit(next: KnowledgeBase): Promise<void> {
    const snapshot = next.toSnapshot();
    try {
      const tx = db.transaction(STORE, 'readwrite');
      await Promise.all([tx.store.put(snapshot, KEY), tx.done]);
      kb = next;
      size = JSON.stringify(snapshot).length;
    } catch (error) {
      kb = await load(db, embedder);
      throw new Error(
        `the knowledge base could not be saved, so nothing changed: ${(error as Error).message}`,
      );
    }
  }

  return {
    kb: () => kb,
    async add(docs, signal) {
      // A copy takes the change, so a failure part-way leaves the one in use untouched.
      const next = KnowledgeBase.fromSnapshot(kb.toSnapshot(), embedder);
      const ids = await next.addDocuments(docs, signal);
      await commit(next);
      return ids;
    },
    async delete(ids) {
      const next = KnowledgeBase.fromSnapshot(kb.toSnapshot(), embedder);
      next.delete(ids);
      await commit(next);
    },
    bytes: () => size,
    close: () => db.close(),
  };
}

async function load(db: IDBPDatabase, embedder: Embedder): Promise<KnowledgeBase> {
  const snapshot: unknown = await db.get(STORE, KEY);
  return snapshot === undefined
    ? KnowledgeBase.create(embedder)
    : KnowledgeBase.fromSnapshot(snapshot, embedder);
}

async function storedBytes(db: IDBPDatabase): Promise<number> {
  const snapshot: unknown = await db.get(STORE, KEY);
  return snapshot === undefined ? 0 : JSON.stringify(snapshot).length;
}
