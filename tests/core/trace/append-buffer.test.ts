import { describe, expect, it } from 'vitest';
import { AppendBuffer } from '../../../src/core/trace/append-buffer';
import type { TraceEvent } from '../../../src/core/trace/events';
import { StoreQuotaError } from '../../../src/core/trace/store-quota-error';
import { manualTimers } from '../../support/manual-timers';
import { sampleRun } from '../../support/trace-store-contract';
import { diamond } from '../graph/test-graphs';

const d = sampleRun(diamond);

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
