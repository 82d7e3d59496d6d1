import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import type { IdbLibraryOptions } from '../../src/adapters/browser/idb-library';
import { openIdbPolicyStore } from '../../src/adapters/browser/idb-policy-store';
import { openIdbTraceStore } from '../../src/adapters/browser/idb-trace-store';
import type { PolicyStore } from '../../src/core/learning/policy-store';
import type { TraceStore } from '../../src/core/trace/store';
import { diamond } from '../core/graph/test-graphs';
import { policyStoreContract } from '../support/policy-store-contract';
import { sampleRun } from '../support/trace-store-contract';

// Real IndexedDB in Chromium. Every test gets an empty database: the stores opened are closed and
// the database deleted after it.
const DB = 'swarmflight-policy-test';
const opened: (PolicyStore | TraceStore)[] = [];

afterEach(async () => {
  for (const store of opened.splice(0)) store.close();
  await deleteDB(DB);
  for (const name of bucketsMade.splice(0)) await buckets.delete(name);
});

async function openPolicies(options: IdbLibraryOptions = {}): Promise<PolicyStore> {
  const store = await openIdbPolicyStore(DB, options);
  opened.push(store);
  return store;
}

async function openTraces(options: IdbLibraryOptions = {}): Promise<TraceStore> {
  const store = await openIdbTraceStore(DB, options);
  opened.push(store);
  return store;
}

/** A small disk, as in idb-trace-store.test.ts: a Storage Bucket whose quota Chromium enforces. */
interface StorageBuckets {
  open(name: string, options: { quota: number }): Promise<{ indexedDB: IDBFactory }>;
  delete(name: string): Promise<void>;
}
const buckets = (navigator as unknown as { storageBuckets: StorageBuckets }).storageBuckets;
const EMPTY_DATABASE_ALLOWANCE = 100_000;
const bucketsMade: string[] = [];

async function smallDisk(quotaBytes: number): Promise<IDBFactory> {
  const name = `policy-quota-test-${bucketsMade.length}-${Date.now()}`;
  bucketsMade.push(name);
  return (await buckets.open(name, { quota: EMPTY_DATABASE_ALLOWANCE + quotaBytes })).indexedDB;
}

policyStoreContract('IndexedDB', async (options = {}) => {
  const disk: IdbLibraryOptions =
    options.quotaBytes === undefined ? {} : { indexedDB: await smallDisk(options.quotaBytes) };
  const store = await openPolicies(disk);
  const traces = await openTraces(disk);
  return {
    store,
    traces,
    reopen: async () => {
      store.close();
      traces.close();
      return openPolicies(disk);
    },
  };
});

/** A raw IndexedDB request, awaited. */
const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/**
 * The library as SwarmFlight wrote it before policies had a store of their own (schema version 1,
 * written here with the bare IndexedDB API, apart from the code under test): runs, events and
 * policies, a policy being `{ name, savedAt, checkpoint }` under its name.
 */
async function openVersion1(): Promise<IDBDatabase> {
  const request = indexedDB.open(DB, 1);
  request.onupgradeneeded = () => {
    const db = request.result;
    db.createObjectStore('runs', { keyPath: 'id' });
    db.createObjectStore('events', { keyPath: ['runId', 'seq'] }).createIndex('runId', 'runId');
    db.createObjectStore('policies', { keyPath: 'name' });
  };
  return done(request);
}

async function inOneTransaction(db: IDBDatabase, work: (policies: IDBObjectStore) => IDBRequest) {
  const tx = db.transaction('policies', 'readwrite');
  const result = await done(work(tx.objectStore('policies')));
  await new Promise((resolve) => {
    tx.oncomplete = resolve;
  });
  return result;
}

describe('IndexedDB policy store', () => {
  const checkpoint = { kind: 'parl', weights: [0.25, -2], training: { episodes: 40 } };

  it('reads the policies a browser already holds, saved before the store was split out', async () => {
    const old = await openVersion1();
    await inOneTransaction(old, (p) => p.put({ name: 'kept', savedAt: 42, checkpoint }));
    await inOneTransaction(old, (p) => p.put({ name: 'older', savedAt: 7, checkpoint: { kind: 'bandit' } }));
    old.close();

    const store = await openPolicies();
    expect(await store.list()).toEqual([
      { name: 'kept', savedAt: 42 },
      { name: 'older', savedAt: 7 },
    ]);
    expect(await store.get('kept')).toEqual({ name: 'kept', savedAt: 42, checkpoint });
    // And the runs beside them are still the trace store's.
    expect(await (await openTraces()).list()).toEqual([]);
  });

  it('saves where that version reads them', async () => {
    const store = await openPolicies();
    await store.save('new', checkpoint, 9);
    store.close();

    const old = await openVersion1();
    expect(old.version).toBe(1);
    const got = await inOneTransaction(old, (p) => p.get('new'));
    old.close();
    expect(got).toEqual({ name: 'new', savedAt: 9, checkpoint });
  });

  it('shares the database with the trace store, which keeps its runs apart', async () => {
    const policies = await openPolicies();
    const traces = await openTraces();
    await policies.save('p', checkpoint, 1);
    const { header } = sampleRun(diamond);
    const run = await traces.begin(header, { id: 'r', label: 'r', startedAt: 1 });
    await run.finish('done');
    expect((await traces.list()).map((r) => r.id)).toEqual(['r']);
    expect((await policies.list()).map((p) => p.name)).toEqual(['p']);
  });
});
