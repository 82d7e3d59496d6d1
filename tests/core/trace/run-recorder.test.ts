import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../src/core/trace/events';
import type { RunRecord } from '../../../src/core/trace/run-record';
import { RunRecorder, type RunWrites } from '../../../src/core/trace/run-recorder';
import { manualTimers } from '../../support/manual-timers';
import { sampleRun } from '../../support/trace-store-contract';
import { diamond } from '../graph/test-graphs';

const d = sampleRun(diamond);

/** RunWrites over a plain map, logging each write. */
function fakeWrites() {
  const records = new Map<string, RunRecord>();
  const log: string[] = [];
  const writes: RunWrites = {
    async begin(record) {
      log.push(`begin ${record.id}`);
      records.set(record.id, record);
    },
    async append(id, events, from) {
      log.push(`append ${id} ${from}+${events.length}`);
      records.set(id, { ...(records.get(id) as RunRecord), eventCount: from + events.length });
    },
    async finish(id, end) {
      log.push(`finish ${id}`);
      const done = end(records.get(id) as RunRecord);
      records.set(id, done);
      return done;
    },
  };
  return { writes, records, log };
}

describe('RunRecorder', () => {
  it('begins, appends in one batch, and finishes with the key metrics of the last run.finished', async () => {
    const { writes, records, log } = fakeWrites();
    const recorder = new RunRecorder(writes, { schedule: manualTimers().schedule });
    const run = await recorder.begin('r', d.header, { label: 'r', startedAt: 1 });
    expect(records.get('r')).toMatchObject({ status: 'running', eventCount: 0 });
    for (const e of d.events) run.append(e);
    const summary = await run.finish('done', { finishedAt: 5 });
    expect(log).toEqual(['begin r', `append r 0+${d.events.length}`, 'finish r']);
    expect(summary).toMatchObject({ id: 'r', status: 'done', finishedAt: 5, eventCount: d.events.length });
    expect(summary.metrics?.criticalSteps).toBe(d.metrics.criticalSteps);
    expect(summary).not.toHaveProperty('header');
  });

  it('holds a live run until it finishes, or until the recorder closes', async () => {
    const held: string[] = [];
    const recorder = new RunRecorder(fakeWrites().writes, {
      schedule: manualTimers().schedule,
      hold: async (id) => {
        held.push(id);
        return () => held.splice(held.indexOf(id), 1);
      },
    });
    const a = await recorder.begin('a', d.header, { label: 'a', startedAt: 1 });
    const b = await recorder.begin('b', d.header, { label: 'b', startedAt: 2 });
    expect(held).toEqual(['a', 'b']);
    await a.finish('done');
    expect(held).toEqual(['b']);
    b.append(d.events[0] as TraceEvent);
    recorder.close();
    expect(held).toEqual([]);
    expect(() => b.append(d.events[1] as TraceEvent)).toThrow('the trace store is closed');
    expect(() => a.append(d.events[1] as TraceEvent)).toThrow(/has finished/);
  });

  it('leaves the run running when its flush fails', async () => {
    const { writes, records } = fakeWrites();
    const recorder = new RunRecorder(
      {
        ...writes,
        append: async () => {
          throw new Error('disk full');
        },
      },
      { schedule: manualTimers().schedule },
    );
    const run = await recorder.begin('r', d.header, { label: 'r', startedAt: 1 });
    run.append(d.events[0] as TraceEvent);
    await expect(run.finish('done')).rejects.toThrow('disk full');
    expect(records.get('r')?.status).toBe('running');
  });
});
