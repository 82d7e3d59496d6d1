import { describe, expect, it } from 'vitest';
import { createMemoryTraceDb, memoryTraceStore } from '../../src/adapters/memory-trace-store';
import type { TraceEvent } from '../../src/core/trace/events';
import { AppendBuffer, type Scheduler, StoreQuotaError } from '../../src/core/trace/store';
import { diamond } from '../core/graph/test-graphs';
import { sampleRun, traceStoreContract } from '../support/trace-store-contract';

traceStoreContract('memory', async (options = {}) => {
  const db = createMemoryTraceDb();
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

/** A scheduler the test fires by hand. */
function manualTimers() {
  const due: { task: () => void; ms: number }[] = [];
  const schedule: Scheduler = (task, ms) => {
    const entry = { task, ms };
    due.push(entry);
    return () => {
      due.splice(due.indexOf(entry), 1);
    };
  };
  return {
    schedule,
    due,
    fire() {
      for (const { task } of due.splice(0)) task();
    },
  };
}

describe('memory trace store', () => {
  it('counts its usage against the quota, and frees it on delete', async () => {
    const store = memoryTraceStore({ quotaBytes: 1_000_000 });
    expect(await store.usage()).toEqual({ bytes: 0, quota: 1_000_000 });
    const run = await store.begin(d.header, { id: 'a', label: 'a', startedAt: 1 });
    for (const e of d.events) run.append(e);
    await run.finish('done');
    const used = (await store.usage()).bytes as number;
    expect(used).toBeGreaterThan(JSON.stringify(d.events).length);
    await store.savePolicy('p', { w: [1, 2, 3] }, 1);
    expect((await store.usage()).bytes).toBeGreaterThan(used);
    await store.delete('a');
    await store.deletePolicy('p');
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
    const db = createMemoryTraceDb();
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

describe('AppendBuffer', () => {
  const events = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ ...(d.events[0] as TraceEvent), seq: i }));

  it('writes when maxEvents are waiting, without waiting for the timer', async () => {
    const timers = manualTimers();
    const writes: [number, number][] = [];
    const buffer = new AppendBuffer(
      async (batch, from) => {
        writes.push([from, batch.length]);
      },
      timers.schedule,
      { maxEvents: 10, maxDelayMs: 100 },
    );
    for (const e of events(9)) buffer.push(e);
    await Promise.resolve();
    expect(writes).toEqual([]);
    expect(timers.due.map((t) => t.ms)).toEqual([100]);
    buffer.push(events(10)[9] as TraceEvent);
    await buffer.flush();
    expect(writes).toEqual([[0, 10]]);
    expect(timers.due).toEqual([]); // the write took the timer's events too
  });

  it('writes after maxDelayMs when fewer are waiting, one write for all of them', async () => {
    const timers = manualTimers();
    const writes: number[] = [];
    const buffer = new AppendBuffer(async (batch) => void writes.push(batch.length), timers.schedule, {
      maxEvents: 200,
      maxDelayMs: 100,
    });
    for (const e of events(3)) buffer.push(e);
    expect(timers.due).toHaveLength(1); // one timer, not one per event
    timers.fire();
    await buffer.flush();
    expect(writes).toEqual([3]);
    expect(buffer.written).toBe(3);
  });

  it('10,000 events appended at once take one write', async () => {
    const timers = manualTimers();
    let writes = 0;
    const buffer = new AppendBuffer(async () => void writes++, timers.schedule);
    for (const e of events(10_000)) buffer.push(e);
    await buffer.flush();
    expect(writes).toBe(1);
    expect(buffer.written).toBe(10_000);
  });

  it('keeps a failed batch and writes it, in order, on the next flush; no background retries meanwhile', async () => {
    const timers = manualTimers();
    let fail = true;
    const stored: number[] = [];
    let attempts = 0;
    const buffer = new AppendBuffer(
      async (batch, from) => {
        attempts++;
        if (fail) throw new StoreQuotaError('the events');
        expect(from).toBe(stored.length);
        stored.push(...batch.map((e) => e.seq));
      },
      timers.schedule,
      { maxEvents: 5, maxDelayMs: 100 },
    );
    const all = events(12);
    for (const e of all.slice(0, 5)) buffer.push(e); // a background write, which fails
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(attempts).toBe(1);
    for (const e of all.slice(5, 11)) buffer.push(e);
    timers.fire();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(attempts).toBe(1);
    expect(buffer.pending).toBe(11);
    fail = false;
    buffer.push(all[11] as TraceEvent);
    await buffer.flush();
    expect(stored).toEqual(all.map((e) => e.seq));
    expect(attempts).toBe(2);
  });
});
