import { describe, expect, it } from 'vitest';
import { createMemoryLibrary } from '../../src/adapters/common/memory-library';
import { memoryPolicyStore } from '../../src/adapters/common/memory-policy-store';
import { memoryTraceStore } from '../../src/adapters/common/memory-trace-store';
import type { TraceEvent } from '../../src/core/trace/events';
import { StoreQuotaError } from '../../src/core/trace/store-quota-error';
import { diamond } from '../core/graph/test-graphs';
import { sampleRun, traceStoreContract } from '../support/trace-store-contract';

traceStoreContract('memory', async (options = {}) => {
  const db = createMemoryLibrary();
  const store = memoryTraceStore({ db, ...options });
  return {
    store,
    reopen: async () => {
      store.close();
      return memoryTraceStore({ db, ...options });
    },
  };
});

const d = sampleRun(diamond);

describe('memory trace store', () => {
  it('counts its usage against the quota, and frees it on delete', async () => {
    const db = createMemoryLibrary();
    const store = memoryTraceStore({ db, quotaBytes: 1_000_000 });
    const policies = memoryPolicyStore({ db, quotaBytes: 1_000_000 });
    expect(await store.usage()).toEqual({ bytes: 0, quota: 1_000_000 });
    const run = await store.begin(d.header, { id: 'a', label: 'a', startedAt: 1 });
    for (const e of d.events) run.append(e);
    await run.finish('done');
    const used = (await store.usage()).bytes as number;
    expect(used).toBeGreaterThan(JSON.stringify(d.events).length);
    await policies.save('p', { w: [1, 2, 3] }, 1);
    expect((await store.usage()).bytes).toBeGreaterThan(used);
    await store.delete('a');
    await policies.delete('p');
    expect(await store.usage()).toEqual({ bytes: 0, quota: 1_000_000 });
  });

  it('writes again once old runs are deleted to make room, losing no appended event', async () => {
    const size = JSON.stringify(d.events).length;
    const store = memoryTraceStore({ quotaBytes: size * 2.5 });
    const old = await store.begin(d.header, { id: 'old', label: 'old', startedAt: 1 });
    for (const e of d.events) old.append(e);
    await old.finish('done');
    const run = await store.begin(d.header, { id: 'new', label: 'new', startedAt: 2 });
    for (const e of d.events) run.append(e);
    await run.flush(); // fits
    for (const e of d.events) run.append(e);
    await expect(run.flush()).rejects.toBeInstanceOf(StoreQuotaError);
    await store.delete('old');
    await run.flush();
    expect((await store.get('new'))?.events).toEqual([...d.events, ...d.events]);
  });

  it('closing drops what was not flushed and refuses further use', async () => {
    const db = createMemoryLibrary();
    const store = memoryTraceStore({ db });
    const run = await store.begin(d.header, { id: 'a', label: 'a', startedAt: 1 });
    run.append(d.events[0] as TraceEvent);
    store.close();
    expect(() => run.append(d.events[1] as TraceEvent)).toThrow(/closed/);
    await expect(store.list()).rejects.toThrow(/closed/);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await memoryTraceStore({ db }).get('a'))?.events).toEqual([]);
  });
});
