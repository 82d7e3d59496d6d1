import { type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames, wrap } from 'idb';
import type { StoredPolicy } from '../../core/learning/policy-store';
import type { TraceEvent } from '../../core/trace/events';
import type { RunRecord } from '../../core/trace/run-record';
import { StoreQuotaError } from '../../core/trace/store-quota-error';

/**
 * The library's IndexedDB database, which the trace store (./idb-trace-store) and the policy store
 * (./idb-policy-store) each open a connection to. Its schema lives here alone, so that a version
 * step is written once, whichever store opens the database first.
 *
 * Version 1: runs (a summary and header per run, by id), events (by [runId, seq], where seq is the
 * event's place in its run, with an index on runId) and policies (by name).
 */
const DB_VERSION = 1;

export const LIBRARY_DB_NAME = 'swarmflight';

export interface EventRecord {
  readonly runId: string;
  readonly seq: number;
  readonly event: TraceEvent;
}

export interface LibraryDb extends DBSchema {
  runs: { key: string; value: RunRecord };
  events: { key: [string, number]; value: EventRecord; indexes: { runId: string } };
  policies: { key: string; value: StoredPolicy };
}

type Store = StoreNames<LibraryDb>;

/** One write transaction, as the test hook sees it. */
export interface StoreWrite {
  readonly kind: 'begin' | 'append' | 'finish' | 'import' | 'status' | 'delete' | 'policy';
  /** The records put, in order. */
  readonly values: readonly unknown[];
}

export interface IdbLibraryOptions {
  /**
   * Where to open the database: the page's `indexedDB` by default, or a Storage Bucket's
   * (`(await navigator.storageBuckets.open(name, { quota })).indexedDB`) to keep the library in a
   * bucket of its own.
   */
  readonly indexedDB?: IDBFactory;
  /**
   * For tests: called inside every write transaction once its writes are issued, before it
   * commits (the tests count transactions with it). Throwing aborts the transaction.
   */
  readonly beforeCommit?: (write: StoreWrite) => void;
}

/** A connection to the library, with the two kinds of transaction the stores make. */
export interface IdbLibrary {
  /**
   * One readwrite transaction: `issue` makes its requests (awaiting only IndexedDB) and returns
   * what it put. A quota failure, whether a request's, the commit's or a thrown one, becomes a
   * StoreQuotaError naming `what`; the transaction is then aborted, so nothing of it is kept.
   */
  write<S extends Store>(
    stores: S[],
    kind: StoreWrite['kind'],
    what: string,
    issue: (tx: IDBPTransaction<LibraryDb, S[], 'readwrite'>) => Promise<unknown[]>,
  ): Promise<void>;
  /**
   * One readonly transaction, awaited to its end: idb's shortcuts (db.get…) leave the transaction's
   * `done` unwatched, and a connection closed under it would then reject with no one listening.
   */
  read<S extends Store, T>(
    stores: S[],
    query: (tx: IDBPTransaction<LibraryDb, S[], 'readonly'>) => Promise<T>,
  ): Promise<T>;
  close(): void;
}

/**
 * idb's openDB, over a given factory (it always takes the global one). Each schema version adds
 * its step to the upgrade, so a database of any older version opens.
 */
function openDatabase(factory: IDBFactory, name: string): Promise<IDBPDatabase<LibraryDb>> {
  const request = factory.open(name, DB_VERSION);
  request.addEventListener('upgradeneeded', (event) => {
    const database = request.result;
    if (event.oldVersion < 1) {
      database.createObjectStore('runs', { keyPath: 'id' });
      const events = database.createObjectStore('events', { keyPath: ['runId', 'seq'] });
      events.createIndex('runId', 'runId');
      database.createObjectStore('policies', { keyPath: 'name' });
    }
  });
  return wrap(request) as unknown as Promise<IDBPDatabase<LibraryDb>>;
}

const isQuota = (error: unknown) => (error as { name?: unknown } | null)?.name === 'QuotaExceededError';

/** Issues a request whose own failure the transaction reports. */
export const quietly = (request: Promise<unknown>) => {
  request.catch(() => undefined);
};

export async function openIdbLibrary(name: string, options: IdbLibraryOptions = {}): Promise<IdbLibrary> {
  const db = await openDatabase(options.indexedDB ?? indexedDB, name);
  // Another tab opens a newer version, or deletes the database: let go rather than block it.
  db.addEventListener('versionchange', () => db.close());

  return {
    async write(stores, kind, what, issue) {
      const tx = db.transaction(stores, 'readwrite');
      // Failed requests also fail the transaction; its `done` carries the reason.
      tx.done.catch(() => undefined);
      try {
        const values = await issue(tx);
        options.beforeCommit?.({ kind, values });
        await tx.done;
      } catch (error) {
        try {
          tx.abort();
        } catch {
          // already finished or aborted
        }
        const cause = tx.error ?? error;
        if (isQuota(cause) || isQuota(error)) throw new StoreQuotaError(what, { cause });
        throw error;
      }
    },

    async read(stores, query) {
      const tx = db.transaction(stores, 'readonly');
      const [value] = await Promise.all([query(tx), tx.done]);
      return value;
    },

    close: () => db.close(),
  };
}
