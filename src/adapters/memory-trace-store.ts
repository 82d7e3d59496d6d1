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
 * The data a memory store keeps, apart from the store object so that a second store over the same
 * data behaves as the page after a reload does. Values are structured-cloned in and out, as
 * IndexedDB does, so callers cannot change what is stored by mutating what they passed or got.
 */
export interface MemoryTraceDb {
  readonly runs: Map<string, Sized<RunRecord>>;
  readonly events: Map<string, Sized<TraceEvent>[]>;
  readonly policies: Map<string, Sized<StoredPolicy>>;
  /** Σ sizes of everything above. */
  bytes: number;
}

interface Sized<T> {
  readonly value: T;
  /** Its JSON length: what the simulated quota counts. */
  readonly size: number;
}

export function createMemoryTraceDb(): MemoryTraceDb {
  return { runs: new Map(), events: new Map(), policies: new Map(), bytes: 0 };
}

export interface MemoryTraceStoreOptions {
  readonly db?: MemoryTraceDb;
  /** Simulates a disk of this size (in JSON characters): a write that would pass it is refused. */
  readonly quotaBytes?: number;
  readonly batch?: BatchLimits;
  readonly schedule?: Scheduler;
}

const timers: Scheduler = (task, ms) => {
  const handle = setTimeout(task, ms);
  return () => clearTimeout(handle);
};

const sized = <T>(value: T): Sized<T> => ({
  value: structuredClone(value),
  size: JSON.stringify(value).length,
});

/**
 * The in-memory TraceStore: for node tests, and the app's fallback when IndexedDB is
 * not there (some private modes). Every write checks the quota first and then applies in full, so
 * a refused write changes nothing.
 */
export function memoryTraceStore(options: MemoryTraceStoreOptions = {}): TraceStore {
  const db = options.db ?? createMemoryTraceDb();
  const schedule = options.schedule ?? timers;
  const limits = options.batch ?? defaultBatchLimits;
  const handles = new Set<AppendBuffer>();
  let closed = false;

  const open = () => {
    if (closed) throw new Error('the trace store is closed');
  };
  /** Refuses a write that would grow the data by `delta` past the quota. */
  const reserve = (delta: number, what: string) => {
    if (options.quotaBytes !== undefined && delta > 0 && db.bytes + delta > options.quotaBytes) {
      throw new StoreQuotaError(what);
    }
  };
  const putRun = (record: RunRecord, what: string, extra = 0) => {
    const entry = sized(record);
    reserve(entry.size - (db.runs.get(record.id)?.size ?? 0) + extra, what);
    db.bytes += entry.size - (db.runs.get(record.id)?.size ?? 0);
    db.runs.set(record.id, entry);
  };
  const record = (id: string): RunRecord => {
    const entry = db.runs.get(id);
    if (!entry) throw new Error(`no run "${id}" in the library`);
    return entry.value;
  };

  const store: TraceStore = {
    async begin(header: TraceHeader, meta: RunMeta): Promise<RunHandle> {
      open();
      const id = meta.id ?? crypto.randomUUID();
      if (db.runs.has(id)) throw new Error(`a run with id "${id}" is already in the library`);
      putRun(newRunRecord(id, header, meta, 'running'), 'the new run');
      db.events.set(id, []);
      let lastMetrics: Readonly<Record<string, number>> | undefined;
      let finished = false;

      const buffer = new AppendBuffer(
        async (batch, from) => {
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
        schedule,
        limits,
      );
      handles.add(buffer);

      return {
        id,
        append(event) {
          open();
          if (finished) throw new Error(`run "${id}" has finished; nothing more can be appended`);
          if (event.type === 'run.finished') lastMetrics = event.metrics;
          buffer.push(event);
        },
        flush: () => buffer.flush(),
        async finish(status: FinishStatus, end: RunEnd = {}) {
          if (finished) throw new Error(`run "${id}" has already finished`);
          await buffer.flush();
          const metrics = end.metrics ?? lastMetrics;
          const done = finishedRecord(
            record(id),
            status,
            { ...end, ...(metrics ? { metrics } : {}) },
            buffer.written,
          );
          putRun(done, "the run's result");
          finished = true;
          handles.delete(buffer);
          return summaryOf(done);
        },
      };
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

    async importTrace(text: string, meta: RunMeta): Promise<RunSummary> {
      open();
      const { header, events } = validateImport(text);
      const id = meta.id ?? crypto.randomUUID();
      if (db.runs.has(id)) throw new Error(`a run with id "${id}" is already in the library`);
      const imported = importedRecord(id, header, events, meta);
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

    async savePolicy(name: string, checkpoint: unknown, savedAt: number): Promise<void> {
      open();
      const entry = sized<StoredPolicy>({ name, savedAt, checkpoint });
      const old = db.policies.get(name)?.size ?? 0;
      reserve(entry.size - old, `policy "${name}"`);
      db.bytes += entry.size - old;
      db.policies.set(name, entry);
    },

    async listPolicies(): Promise<PolicySummary[]> {
      open();
      return [...db.policies.values()]
        .map(({ value }) => ({ name: value.name, savedAt: value.savedAt }))
        .sort(policiesNewestFirst);
    },

    async getPolicy(name: string): Promise<StoredPolicy | undefined> {
      open();
      const entry = db.policies.get(name);
      return entry ? structuredClone(entry.value) : undefined;
    },

    async deletePolicy(name: string): Promise<void> {
      open();
      const entry = db.policies.get(name);
      if (!entry) return;
      db.bytes -= entry.size;
      db.policies.delete(name);
    },

    close() {
      closed = true;
      for (const buffer of handles) buffer.discard();
      handles.clear();
    },
  };
  return store;
}
