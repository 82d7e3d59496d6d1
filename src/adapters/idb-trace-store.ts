import { type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames, wrap } from 'idb';
import type { TraceEvent, TraceHeader } from '../core/trace/events';
import { encodeTrace } from '../core/trace/jsonl';
import {
  AppendBuffer,
  type BatchLimits,
  defaultBatchLimits,
  type FinishStatus,
  finishedRecord,
  importedRecord,
  matchesFilter,
  newestFirst,
  newRunRecord,
  type PolicySummary,
  policiesNewestFirst,
  type RunEnd,
  type RunFilter,
  type RunHandle,
  type RunMeta,
  type RunRecord,
  type RunSummary,
  type Scheduler,
  type StoredPolicy,
  type StoredTrace,
  StoreQuotaError,
  summaryOf,
  type TraceStore,
  validateImport,
} from '../core/trace/store';

/**
 * Version 1: runs (a summary and header per run, by id), events (by [runId, seq], where seq is the
 * event's place in its run, with an index on runId) and policies (by name).
 */
const DB_VERSION = 1;

interface EventRecord {
  readonly runId: string;
  readonly seq: number;
  readonly event: TraceEvent;
}

interface SwarmFlightDb extends DBSchema {
  runs: { key: string; value: RunRecord };
  events: { key: [string, number]; value: EventRecord; indexes: { runId: string } };
  policies: { key: string; value: StoredPolicy };
}

type Store = StoreNames<SwarmFlightDb>;

/** One write transaction, as the test hook sees it. */
export interface StoreWrite {
  readonly kind: 'begin' | 'append' | 'finish' | 'import' | 'status' | 'delete' | 'policy';
  /** The records put, in order. */
  readonly values: readonly unknown[];
}

export interface IdbTraceStoreOptions {
  /**
   * Where to open the database: the page's `indexedDB` by default, or a Storage Bucket's
   * (`(await navigator.storageBuckets.open(name, { quota })).indexedDB`) to keep the library in a
   * bucket of its own.
   */
  readonly indexedDB?: IDBFactory;
  readonly batch?: BatchLimits;
  readonly schedule?: Scheduler;
  /**
   * For tests: called inside every write transaction once its writes are issued, before it
   * commits (the tests count transactions with it). Throwing aborts the transaction.
   */
  readonly beforeCommit?: (write: StoreWrite) => void;
}

const LOCK_PREFIX = 'swarmflight-run-';

/** Runs live in this page, for browsers without Web Locks. */
const liveHere = new Set<string>();

/**
 * The ids of the runs being recorded now, in any tab of this origin: each live run holds the Web
 * Lock `swarmflight-run-<id>`, which the browser lets go of when its tab closes or crashes. Without
 * Web Locks only this page's runs are known.
 */
export async function liveRunIds(): Promise<Set<string>> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return new Set(liveHere);
  const { held = [] } = await locks.query();
  const ids = new Set<string>();
  for (const lock of held) {
    if (lock.name?.startsWith(LOCK_PREFIX)) ids.add(lock.name.slice(LOCK_PREFIX.length));
  }
  return ids;
}

/** Takes the run's lock; resolves, once it is held, to the function that lets it go. */
function holdRunLock(id: string): Promise<() => void> {
  const locks = globalThis.navigator?.locks;
  liveHere.add(id);
  const forget = () => liveHere.delete(id);
  if (!locks) return Promise.resolve(forget);
  return new Promise((granted, refused) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    locks
      .request(`${LOCK_PREFIX}${id}`, () => {
        granted(() => {
          forget();
          release();
        });
        return held;
      })
      .catch(refused);
  });
}

const timers: Scheduler = (task, ms) => {
  const handle = setTimeout(task, ms);
  return () => clearTimeout(handle);
};

/**
 * idb's openDB, over a given factory (it always takes the global one). Each schema version adds
 * its step to the upgrade, so a database of any older version opens.
 */
function openLibrary(factory: IDBFactory, name: string): Promise<IDBPDatabase<SwarmFlightDb>> {
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
  return wrap(request) as unknown as Promise<IDBPDatabase<SwarmFlightDb>>;
}

const isQuota = (error: unknown) => (error as { name?: unknown } | null)?.name === 'QuotaExceededError';

/** All of a run's events: the keys [id, 0] … [id, ∞). */
const runEvents = (id: string) => IDBKeyRange.bound([id, 0], [id, Number.POSITIVE_INFINITY]);

/** The TraceStore over IndexedDB (the `idb` wrapper); the browser's library. */
export async function openIdbTraceStore(
  name = 'swarmflight',
  options: IdbTraceStoreOptions = {},
): Promise<TraceStore> {
  const db = await openLibrary(options.indexedDB ?? indexedDB, name);
  // Another tab opens a newer version, or deletes the database: let go rather than block it.
  db.addEventListener('versionchange', () => db.close());
  const schedule = options.schedule ?? timers;
  const limits = options.batch ?? defaultBatchLimits;
  const live = new Map<AppendBuffer, () => void>();

  /**
   * One readwrite transaction: `issue` makes its requests (awaiting only IndexedDB) and returns
   * what it put. A quota failure, whether a request's, the commit's or a thrown one, becomes a
   * StoreQuotaError; the transaction is then aborted, so nothing of it is kept.
   */
  async function write<S extends Store>(
    stores: S[],
    kind: StoreWrite['kind'],
    what: string,
    issue: (tx: IDBPTransaction<SwarmFlightDb, S[], 'readwrite'>) => Promise<unknown[]>,
  ): Promise<void> {
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
  }

  /**
   * One readonly transaction, awaited to its end: idb's shortcuts (db.get…) leave the transaction's
   * `done` unwatched, and a connection closed under it would then reject with no one listening.
   */
  async function read<S extends Store, T>(
    stores: S[],
    query: (tx: IDBPTransaction<SwarmFlightDb, S[], 'readonly'>) => Promise<T>,
  ): Promise<T> {
    const tx = db.transaction(stores, 'readonly');
    const [value] = await Promise.all([query(tx), tx.done]);
    return value;
  }

  /** Issues a request whose own failure the transaction reports. */
  const quietly = (request: Promise<unknown>) => {
    request.catch(() => undefined);
  };

  const store: TraceStore = {
    async begin(header: TraceHeader, meta: RunMeta): Promise<RunHandle> {
      const id = meta.id ?? crypto.randomUUID();
      const record = newRunRecord(id, header, meta, 'running');
      await write(['runs'], 'begin', 'the new run', async (tx) => {
        if ((await tx.objectStore('runs').getKey(id)) !== undefined) {
          throw new Error(`a run with id "${id}" is already in the library`);
        }
        quietly(tx.objectStore('runs').add(record));
        return [record];
      });
      const release = await holdRunLock(id);
      let lastMetrics: Readonly<Record<string, number>> | undefined;
      let finished = false;

      const buffer = new AppendBuffer(
        (batch, from) =>
          write(['runs', 'events'], 'append', "the run's events", async (tx) => {
            const current = await tx.objectStore('runs').get(id);
            if (!current) throw new Error(`run "${id}" is no longer in the library`);
            const events = tx.objectStore('events');
            const values: unknown[] = batch.map((event, i) => ({ runId: id, seq: from + i, event }));
            for (const value of values) quietly(events.put(value as EventRecord));
            const updated = { ...current, eventCount: from + batch.length };
            quietly(tx.objectStore('runs').put(updated));
            values.push(updated);
            return values;
          }),
        schedule,
        limits,
      );
      live.set(buffer, release);

      return {
        id,
        append(event) {
          if (finished) throw new Error(`run "${id}" has finished; nothing more can be appended`);
          if (!live.has(buffer)) throw new Error('the trace store is closed');
          if (event.type === 'run.finished') lastMetrics = event.metrics;
          buffer.push(event);
        },
        flush: () => buffer.flush(),
        async finish(status: FinishStatus, end: RunEnd = {}) {
          if (finished) throw new Error(`run "${id}" has already finished`);
          await buffer.flush();
          const metrics = end.metrics ?? lastMetrics;
          let done: RunRecord | undefined;
          await write(['runs'], 'finish', "the run's result", async (tx) => {
            const current = await tx.objectStore('runs').get(id);
            if (!current) throw new Error(`run "${id}" is no longer in the library`);
            done = finishedRecord(
              current,
              status,
              { ...end, ...(metrics ? { metrics } : {}) },
              buffer.written,
            );
            quietly(tx.objectStore('runs').put(done));
            return [done];
          });
          finished = true;
          live.delete(buffer);
          release();
          return summaryOf(done as RunRecord);
        },
      };
    },

    async list(filter?: RunFilter): Promise<RunSummary[]> {
      const records = await read(['runs'], (tx) => tx.objectStore('runs').getAll());
      return records
        .map(summaryOf)
        .filter((s) => matchesFilter(s, filter))
        .sort(newestFirst);
    },

    async get(id: string): Promise<StoredTrace | undefined> {
      const [record, events] = await read(['runs', 'events'], (tx) =>
        Promise.all([tx.objectStore('runs').get(id), tx.objectStore('events').getAll(runEvents(id))]),
      );
      if (!record) return undefined;
      const { header, ...summary } = record;
      return { header, events: events.map((e) => e.event), summary };
    },

    async delete(id: string): Promise<void> {
      await write(['runs', 'events'], 'delete', 'the deletion', async (tx) => {
        quietly(tx.objectStore('runs').delete(id));
        quietly(tx.objectStore('events').delete(runEvents(id)));
        return [];
      });
    },

    async usage() {
      const estimate = await globalThis.navigator?.storage?.estimate?.();
      if (!estimate) return {};
      return {
        ...(estimate.usage !== undefined ? { bytes: estimate.usage } : {}),
        ...(estimate.quota !== undefined ? { quota: estimate.quota } : {}),
      };
    },

    async importTrace(text: string, meta: RunMeta): Promise<RunSummary> {
      const { header, events } = validateImport(text);
      const id = meta.id ?? crypto.randomUUID();
      const record = importedRecord(id, header, events, meta);
      await write(['runs', 'events'], 'import', 'the imported trace', async (tx) => {
        if ((await tx.objectStore('runs').getKey(id)) !== undefined) {
          throw new Error(`a run with id "${id}" is already in the library`);
        }
        const store = tx.objectStore('events');
        const values: unknown[] = events.map((event, seq) => ({ runId: id, seq, event }));
        for (const value of values) quietly(store.put(value as EventRecord));
        quietly(tx.objectStore('runs').add(record));
        values.push(record);
        return values;
      });
      return summaryOf(record);
    },

    async exportJsonl(id: string): Promise<string> {
      const trace = await store.get(id);
      if (!trace) throw new Error(`no run "${id}" in the library`);
      return encodeTrace(trace.header, trace.events);
    },

    async markInterrupted(isLive: (id: string) => boolean): Promise<string[]> {
      const marked: string[] = [];
      await write(['runs'], 'status', 'the run status', async (tx) => {
        const runs = tx.objectStore('runs');
        const values: unknown[] = [];
        for (const record of await runs.getAll()) {
          if (record.status !== 'running' || isLive(record.id)) continue;
          const updated: RunRecord = { ...record, status: 'interrupted' };
          quietly(runs.put(updated));
          values.push(updated);
          marked.push(record.id);
        }
        return values;
      });
      return marked;
    },

    async savePolicy(name: string, checkpoint: unknown, savedAt: number): Promise<void> {
      const value: StoredPolicy = { name, savedAt, checkpoint };
      await write(['policies'], 'policy', `policy "${name}"`, async (tx) => {
        quietly(tx.objectStore('policies').put(value));
        return [value];
      });
    },

    async listPolicies(): Promise<PolicySummary[]> {
      const policies = await read(['policies'], (tx) => tx.objectStore('policies').getAll());
      return policies.map(({ name, savedAt }) => ({ name, savedAt })).sort(policiesNewestFirst);
    },

    async getPolicy(name: string): Promise<StoredPolicy | undefined> {
      return read(['policies'], (tx) => tx.objectStore('policies').get(name));
    },

    async deletePolicy(name: string): Promise<void> {
      await write(['policies'], 'delete', `the deletion of policy "${name}"`, async (tx) => {
        quietly(tx.objectStore('policies').delete(name));
        return [];
      });
    },

    close() {
      for (const [buffer, release] of live) {
        buffer.discard();
        release();
      }
      live.clear();
      db.close();
    },
  };
  return store;
}
