import type { BatchLimits } from '../../core/trace/append-buffer';
import type { TraceEvent } from '../../core/trace/events';
import type { TraceHeader } from '../../core/trace/header';
import { checkImport } from '../../core/trace/import-check';
import { encodeTrace } from '../../core/trace/jsonl';
import { matchesFilter, newestFirst } from '../../core/trace/run-listing';
import { type RunRecord, summaryOf } from '../../core/trace/run-record';
import { RunRecorder, type RunWrites } from '../../core/trace/run-recorder';
import type { Scheduler } from '../../core/trace/scheduler';
import type {
  ImportOptions,
  RunFilter,
  RunHandle,
  RunMeta,
  RunSummary,
  StoredHead,
  StoredTrace,
  TraceStore,
} from '../../core/trace/store';
import { timeoutScheduler } from '../common/timeout-scheduler';
import {
  type EventRecord,
  type IdbLibrary,
  type IdbLibraryOptions,
  LIBRARY_DB_NAME,
  openIdbLibrary,
  quietly,
} from './idb-library';
import { holdRunLock } from './run-locks';

export interface IdbTraceStoreOptions extends IdbLibraryOptions {
  readonly batch?: BatchLimits;
  readonly schedule?: Scheduler;
}

/** All of a run's events: the keys [id, 0] … [id, ∞). */
const runEvents = (id: string) => IDBKeyRange.bound([id, 0], [id, Number.POSITIVE_INFINITY]);

/** The writes of a run being recorded, each one transaction. */
function runWrites({ write }: IdbLibrary): RunWrites {
  return {
    begin: (record) =>
      write(['runs'], 'begin', 'the new run', async (tx) => {
        if ((await tx.objectStore('runs').getKey(record.id)) !== undefined) {
          throw new Error(`a run with id "${record.id}" is already in the library`);
        }
        quietly(tx.objectStore('runs').add(record));
        return [record];
      }),

    append: (id, batch, from) =>
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

    async finish(id, end) {
      let done: RunRecord | undefined;
      await write(['runs'], 'finish', "the run's result", async (tx) => {
        const current = await tx.objectStore('runs').get(id);
        if (!current) throw new Error(`run "${id}" is no longer in the library`);
        done = end(current);
        quietly(tx.objectStore('runs').put(done));
        return [done];
      });
      return done as RunRecord;
    },
  };
}

/** The TraceStore over IndexedDB (the `idb` wrapper); the browser's library. */
export async function openIdbTraceStore(
  name = LIBRARY_DB_NAME,
  options: IdbTraceStoreOptions = {},
): Promise<TraceStore> {
  const library = await openIdbLibrary(name, options);
  const { write, read } = library;
  const runs = new RunRecorder(runWrites(library), {
    schedule: options.schedule ?? timeoutScheduler,
    ...(options.batch ? { batch: options.batch } : {}),
    hold: holdRunLock,
  });

  const store: TraceStore = {
    begin: (header: TraceHeader, meta: RunMeta): Promise<RunHandle> =>
      runs.begin(meta.id ?? crypto.randomUUID(), header, meta),

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
      return { header: record.header, events: events.map((e) => e.event), summary: summaryOf(record) };
    },

    async head(id: string): Promise<StoredHead | undefined> {
      const record = await read(['runs'], (tx) => tx.objectStore('runs').get(id));
      if (!record) return undefined;
      return { header: record.header, summary: summaryOf(record) };
    },

    async events(id: string, from: number, count: number): Promise<TraceEvent[]> {
      if (count <= 0) return [];
      const page = IDBKeyRange.bound([id, from], [id, from + count - 1]);
      const records = await read(['events'], (tx) => tx.objectStore('events').getAll(page));
      return records.map((e) => e.event);
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

    async importTrace(text: string, meta: RunMeta, options: ImportOptions = {}): Promise<RunSummary> {
      const { record, events } = checkImport(text, meta, () => crypto.randomUUID(), options.onProgress);
      const { id } = record;
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

    close() {
      runs.close();
      library.close();
    },
  };
  return store;
}
