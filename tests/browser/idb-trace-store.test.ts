import { deleteDB, openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoreWrite } from '../../src/adapters/browser/idb-library';
import { type IdbTraceStoreOptions, openIdbTraceStore } from '../../src/adapters/browser/idb-trace-store';
import { liveRunIds } from '../../src/adapters/browser/run-locks';
import type { TraceEvent } from '../../src/core/trace/events';
import type { TraceStore } from '../../src/core/trace/store';
import { diamond } from '../core/graph/test-graphs';
import { sampleRun, traceStoreContract } from '../support/trace-store-contract';

// Real IndexedDB in Chromium. Every test gets an empty database: the ones opened are closed and
// deleted after it.
const DB = 'swarmflight-test';
const opened: TraceStore[] = [];

afterEach(async () => {
  for (const store of opened.splice(0)) store.close();
  await deleteDB(DB);
  for (const name of bucketsMade.splice(0)) await buckets.delete(name);
});

async function open(options: IdbTraceStoreOptions = {}): Promise<TraceStore> {
  const store = await openIdbTraceStore(DB, options);
  opened.push(store);
  return store;
}

/**
 * A real full disk: a Storage Bucket with a small quota, which Chromium enforces on every commit
 * with a real QuotaExceededError. An empty database already takes about 72 KB of it, so the bucket
 * gets 100 KB more than the contract asks for.
 */
interface StorageBuckets {
  open(name: string, options: { quota: number }): Promise<{ indexedDB: IDBFactory }>;
  delete(name: string): Promise<void>;
}
const buckets = (navigator as unknown as { storageBuckets: StorageBuckets }).storageBuckets;
const EMPTY_DATABASE_ALLOWANCE = 100_000;
const bucketsMade: string[] = [];

async function smallDisk(quotaBytes: number): Promise<IDBFactory> {
  const name = `quota-test-${bucketsMade.length}-${Date.now()}`;
  bucketsMade.push(name);
  return (await buckets.open(name, { quota: EMPTY_DATABASE_ALLOWANCE + quotaBytes })).indexedDB;
}

traceStoreContract('IndexedDB', async (options = {}) => {
  const disk: IdbTraceStoreOptions =
    options.quotaBytes === undefined ? {} : { indexedDB: await smallDisk(options.quotaBytes) };
  const store = await open(disk);
  return {
    store,
    reopen: async () => {
      store.close();
      return open(disk);
    },
  };
});

const d = sampleRun(diamond);
const synthetic = (n: number): TraceEvent[] =>
  Array.from({ length: n }, (_, i) => ({
    seq: i,
    t: i,
    wallMs: i,
    type: 'task.retried',
    task: 'a',
    attempt: 2,
    readyAt: i + 1,
  }));

describe('IndexedDB trace store', () => {
  it('writes 10,000 events appended at once in one transaction, all of them, in order', async () => {
    const writes: StoreWrite[] = [];
    const store = await open({ beforeCommit: (w) => void writes.push(w) });
    const run = await store.begin(d.header, { id: 'big', label: 'big', startedAt: 1 });
    const events = synthetic(10_000);
    for (const e of events) run.append(e);
    await run.finish('done');
    expect(writes.map((w) => w.kind)).toEqual(['begin', 'append', 'finish']);
    const got = await store.get('big');
    expect(got?.events).toEqual(events);
    expect(got?.summary.eventCount).toBe(10_000);
  });

  it('writes 10,000 events streamed over many tasks in batches of about 200, not one by one', async () => {
    let appends = 0;
    const store = await open({
      beforeCommit: (w) => {
        if (w.kind === 'append') appends++;
      },
    });
    const run = await store.begin(d.header, { id: 'stream', label: 'stream', startedAt: 1 });
    const events = synthetic(10_000);
    for (let i = 0; i < events.length; i++) {
      run.append(events[i] as TraceEvent);
      if (i % 50 === 49) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await run.flush();
    expect(appends).toBeGreaterThan(1);
    expect(appends).toBeLessThanOrEqual(10_000 / 200 + 5);
    expect((await store.get('stream'))?.events).toEqual(events);
  });

  it('holds a Web Lock while a run is live, let go when it finishes or its page closes', async () => {
    const store = await open();
    const a = await store.begin(d.header, { id: 'a', label: 'a', startedAt: 1 });
    await store.begin(d.header, { id: 'b', label: 'b', startedAt: 2 });
    expect([...(await liveRunIds())].sort()).toEqual(['a', 'b']);
    await a.finish('done');
    expect([...(await liveRunIds())]).toEqual(['b']);
    store.close(); // as the tab closing would

    const again = await open();
    const live = await liveRunIds();
    expect(live.size).toBe(0);
    expect(await again.markInterrupted((id) => live.has(id))).toEqual(['b']);
  });

  it('reports the origin usage from navigator.storage.estimate()', async () => {
    const store = await open();
    const usage = await store.usage();
    expect(usage.quota).toBeGreaterThan(0);
    expect(usage.bytes).toBeGreaterThanOrEqual(0);
  });

  it('reads the cost of a run an older version kept under its old name (estimatedCost)', async () => {
    (await open()).close();
    opened.pop();
    // The record as an older version wrote it into the same database: key metrics with the old name.
    const db = await openDB(DB);
    await db.put('runs', {
      id: 'kept',
      label: 'kept by an older version',
      scenario: { id: d.header.scenario.id, kind: d.header.scenario.kind },
      policy: d.header.policy,
      provider: d.header.provider,
      seed: d.header.seed,
      status: 'done',
      startedAt: 1,
      finishedAt: 2,
      eventCount: 0,
      header: d.header,
      metrics: { criticalSteps: 7, itemF1: 1, reward: 0.5, estimatedCost: 0.25 },
    });
    db.close();
    const store = await open();
    const read = { criticalSteps: 7, itemF1: 1, reward: 0.5, cost: 0.25 };
    expect((await store.list())[0]?.metrics).toEqual(read);
    expect((await store.get('kept'))?.summary.metrics).toEqual(read);
    expect((await store.head('kept'))?.summary.metrics).toEqual(read);
  });
});
