import type { BatchLimits } from '../../core/trace/append-buffer';
import type { TraceEvent } from '../../core/trace/events';
import type { TraceHeader } from '../../core/trace/header';
import { checkImport } from '../../core/trace/import-check';
import { encodeTrace } from '../../core/trace/jsonl';
import { matchesFilter, newestFirst } from '../../core/trace/run-listing';
import { type RunRecord, summaryOf } from '../../core/trace/run-record';
import { RunRecorder } from '../../core/trace/run-recorder';
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
import { createMemoryLibrary, type MemoryLibraryOptions, reserve, sized } from './memory-library';
import { timeoutScheduler } from './timeout-scheduler';

export interface MemoryTraceStoreOptions extends MemoryLibraryOptions {
  readonly batch?: BatchLimits;
  readonly schedule?: Scheduler;
}

/**
 * The in-memory TraceStore: for node tests, and the app's fallback when IndexedDB is
 * not there (some private modes). Every write checks the quota first and then applies in full, so
 * a refused write changes nothing.
 */
export function memoryTraceStore(options: MemoryTraceStoreOptions = {}): TraceStore {
  const db = options.db ?? createMemoryLibrary();
  let closed = false;

  const open = () => {
    if (closed) throw new Error('the trace store is closed');
  };
  const putRun = (record: RunRecord, what: string, extra = 0) => {
    const entry = sized(record);
    reserve(db, options.quotaBytes, entry.size - (db.runs.get(record.id)?.size ?? 0) + extra, what);
    db.bytes += entry.size - (db.runs.get(record.id)?.size ?? 0);
    db.runs.set(record.id, entry);
  };
  const record = (id: string): RunRecord => {
    const entry = db.runs.get(id);
    if (!entry) throw new Error(`no run "${id}" in the library`);
    return entry.value;
  };

  const runs = new RunRecorder(
    {
      async begin(run) {
        open();
        if (db.runs.has(run.id)) throw new Error(`a run with id "${run.id}" is already in the library`);
        putRun(run, 'the new run');
        db.events.set(run.id, []);
      },
      async append(id, batch, from) {
        open();
        const entries = batch.map(sized);
        const grow = entries.reduce((n, e) => n + e.size, 0);
        const list = db.events.get(id);
        if (!list) throw new Error(`run "${id}" is no longer in the library`);
        const updated = { ...record(id), eventCount: from + batch.length };
        putRun(updated, "the run's events", grow);
        for (const entry of entries) list.push(entry);
        db.bytes += grow;
      },
      async finish(id, end) {
        const done = end(record(id));
        putRun(done, "the run's result");
        return done;
      },
    },
    { schedule: options.schedule ?? timeoutScheduler, ...(options.batch ? { batch: options.batch } : {}) },
  );

  const store: TraceStore = {
    async begin(header: TraceHeader, meta: RunMeta): Promise<RunHandle> {
      open();
      return runs.begin(meta.id ?? crypto.randomUUID(), header, meta);
    },

    async list(filter?: RunFilter): Promise<RunSummary[]> {
      open();
      return [...db.runs.values()]
        .map((e) => summaryOf(structuredClone(e.value)))
        .filter((s) => matchesFilter(s, filter))
        .sort(newestFirst);
    },

    async get(id: string): Promise<StoredTrace | undefined> {
      open();
      const entry = db.runs.get(id);
      if (!entry) return undefined;
      const { header, ...summary } = structuredClone(entry.value);
      const events = (db.events.get(id) ?? []).map((e) => structuredClone(e.value));
      return { header, events, summary };
    },

    async head(id: string): Promise<StoredHead | undefined> {
      open();
      const entry = db.runs.get(id);
      if (!entry) return undefined;
      const { header, ...summary } = structuredClone(entry.value);
      return { header, summary };
    },

    async events(id: string, from: number, count: number): Promise<TraceEvent[]> {
      open();
      return (db.events.get(id) ?? [])
        .slice(from, from + Math.max(0, count))
        .map((e) => structuredClone(e.value));
    },

    async delete(id: string): Promise<void> {
      open();
      const run = db.runs.get(id);
      if (!run) return;
      db.bytes -= run.size;
      for (const e of db.events.get(id) ?? []) db.bytes -= e.size;
      db.runs.delete(id);
      db.events.delete(id);
    },

    async usage() {
      open();
      return options.quotaBytes === undefined
        ? { bytes: db.bytes }
        : { bytes: db.bytes, quota: options.quotaBytes };
    },

    async importTrace(text: string, meta: RunMeta, options: ImportOptions = {}): Promise<RunSummary> {
      open();
      const { record: imported, events } = checkImport(
        text,
        meta,
        () => crypto.randomUUID(),
        options.onProgress,
      );
      const { id } = imported;
      if (db.runs.has(id)) throw new Error(`a run with id "${id}" is already in the library`);
      const entries = events.map(sized);
      const grow = entries.reduce((n, e) => n + e.size, 0);
      putRun(imported, 'the imported trace', grow);
      db.events.set(id, entries);
      db.bytes += grow;
      return summaryOf(structuredClone(imported));
    },

    async exportJsonl(id: string): Promise<string> {
      const trace = await store.get(id);
      if (!trace) throw new Error(`no run "${id}" in the library`);
      return encodeTrace(trace.header, trace.events);
    },

    async markInterrupted(isLive: (id: string) => boolean): Promise<string[]> {
      open();
      const marked: string[] = [];
      for (const { value } of db.runs.values()) {
        if (value.status === 'running' && !isLive(value.id)) marked.push(value.id);
      }
      for (const id of marked) putRun({ ...record(id), status: 'interrupted' }, 'the run status');
      return marked;
    },

    close() {
      closed = true;
      runs.close();
    },
  };
  return store;
}
