import { describe, expect, it, vi } from 'vitest';
import type { GraphScenario } from '../../src/core/graph/types';
import { graphOrThrow } from '../../src/core/graph/validate';
import { criticalPathPolicy } from '../../src/core/policy/critical-path';
import { serialPolicy } from '../../src/core/policy/serial';
import type { Policy } from '../../src/core/policy/types';
import { makeConfig } from '../../src/core/runtime/config';
import { simulate } from '../../src/core/runtime/simulate';
import type { TraceEvent } from '../../src/core/trace/events';
import { TraceImportError } from '../../src/core/trace/import-check';
import { encodeTrace } from '../../src/core/trace/jsonl';
import type { TraceStore } from '../../src/core/trace/store';
import { StoreQuotaError } from '../../src/core/trace/store-quota-error';
import { chain, diamond, scenario, task } from '../core/graph/test-graphs';

export interface StoreUnderTest {
  readonly store: TraceStore;
  /**
   * Closes `store` at once (before any await) and opens a new store over the same data: what a
   * page reload does.
   */
  reopen(): Promise<TraceStore>;
}

export interface MakeStoreOptions {
  /**
   * A disk this many bytes large, roughly (JSON characters of what is written): writes that pass
   * it fail as a full disk fails them. The contract leaves a wide margin either side.
   */
  readonly quotaBytes?: number;
}

/** A fresh, empty store for each call. */
export type MakeStore = (options?: MakeStoreOptions) => Promise<StoreUnderTest>;

/** A finished simulated run of `graph`: a real header and event stream. */
export function sampleRun(graph: GraphScenario, policy: Policy = criticalPathPolicy, seed = 1) {
  const run = simulate({
    graph: graphOrThrow(graph),
    config: makeConfig({ seed, budgets: { maxConcurrentSubagents: 2 } }),
    policy,
    // Wall-clock fields that differ, so that a store that lost them would show.
    clock: {
      now: (() => {
        let ms = 0;
        return () => (ms += 7);
      })(),
    },
  });
  return { header: run.header, events: run.events, metrics: run.metrics };
}

/** 300 leaves under one hub: a trace of a few thousand events, far past the quota the tests set. */
export const wide = scenario('wide', [
  task('hub', 1),
  ...Array.from({ length: 300 }, (_, i) => task(`leaf${i}`, 2, ['hub'])),
]);

const appendAll = (handle: { append(e: TraceEvent): void }, events: readonly TraceEvent[]) => {
  for (const e of events) handle.append(e);
};

/** A write refused as a full disk refuses it, saying what to do. */
export const isQuotaError = (e: unknown) => {
  expect(e).toBeInstanceOf(StoreQuotaError);
  expect((e as Error).message).toMatch(
    /^Browser storage is full: .+ Delete old runs in the library to make room\.$/,
  );
};

/**
 * The TraceStore port's contract, run against each adapter: memory (tests/adapters) and IndexedDB
 * in Chromium (tests/browser).
 */
export function traceStoreContract(name: string, makeStore: MakeStore): void {
  const fresh = async () => (await makeStore()).store;
  const d = sampleRun(diamond);

  describe(`TraceStore contract: ${name}`, () => {
    it('records a run: listed as running at once, its events in order after a flush, then finished', async () => {
      const store = await fresh();
      const run = await store.begin(d.header, { id: 'r1', label: 'Diamond, first try', startedAt: 1000 });
      expect(run.id).toBe('r1');
      expect(await store.list()).toEqual([
        {
          id: 'r1',
          label: 'Diamond, first try',
          scenario: { id: 'diamond', kind: 'graph' },
          policy: 'critical-path',
          provider: 'simulated',
          seed: 1,
          status: 'running',
          startedAt: 1000,
          eventCount: 0,
        },
      ]);

      appendAll(run, d.events.slice(0, 5));
      await run.flush();
      expect((await store.get('r1'))?.events).toEqual(d.events.slice(0, 5));
      expect((await store.list())[0]?.eventCount).toBe(5);

      appendAll(run, d.events.slice(5));
      const summary = await run.finish('done', { finishedAt: 2500 });
      expect(summary).toMatchObject({
        id: 'r1',
        status: 'done',
        finishedAt: 2500,
        eventCount: d.events.length,
      });
      // Key metrics from the run.finished event appended, since none were passed.
      expect(summary.metrics).toEqual({
        criticalSteps: d.metrics.criticalSteps,
        itemF1: d.metrics.itemF1,
        reward: d.metrics.reward,
        cost: d.metrics.cost,
      });

      const got = await store.get('r1');
      expect(got?.header).toEqual(d.header);
      expect(got?.events).toEqual(d.events);
      expect(got?.summary).toEqual(summary);
      expect(await store.list()).toEqual([summary]);
    });

    it('writes appended events on its own within about 100 ms, with no flush called', async () => {
      const store = await fresh();
      const run = await store.begin(d.header, { id: 'timer', label: 'timer', startedAt: 1 });
      appendAll(run, d.events.slice(0, 3));
      await vi.waitFor(async () => expect((await store.get('timer'))?.events).toHaveLength(3), {
        timeout: 2000,
        interval: 20,
      });
    });

    it('takes metrics passed to finish over the trace, and refuses appends after it', async () => {
      const store = await fresh();
      const run = await store.begin(d.header, { id: 'c', label: 'cancelled', startedAt: 1 });
      appendAll(run, d.events.slice(0, 4));
      const summary = await run.finish('cancelled', { metrics: { criticalSteps: 3, itemF1: 0.5, other: 9 } });
      expect(summary).toMatchObject({
        status: 'cancelled',
        eventCount: 4,
        metrics: { criticalSteps: 3, itemF1: 0.5 },
      });
      expect(summary.metrics).not.toHaveProperty('other');
      expect(() => run.append(d.events[4] as TraceEvent)).toThrow(/finished/);
      await expect(run.finish('done')).rejects.toThrow(/already finished/);
    });

    it('keeps why a failed run failed, shortened, and lists it with its reason', async () => {
      const store = await fresh();
      const run = await store.begin(d.header, { id: 'f', label: 'failed', startedAt: 1 });
      appendAll(run, d.events.slice(0, 2));
      const summary = await run.finish('failed', { error: `the grader broke: ${'x'.repeat(5000)}` });
      expect(summary.status).toBe('failed');
      expect(summary.error).toMatch(/^the grader broke: x+$/);
      expect(summary.error?.length).toBe(1000);
      expect((await store.list({ status: 'failed' })).map((r) => r.error?.slice(0, 17))).toEqual([
        'the grader broke:',
      ]);
      const done = await store.begin(d.header, { id: 'g', label: 'done', startedAt: 2 });
      expect((await done.finish('done', { error: 'ignored' })).error).toBeUndefined();
    });

    it('refuses a second run with an id already in the library', async () => {
      const store = await fresh();
      await store.begin(d.header, { id: 'same', label: 'one', startedAt: 1 });
      await expect(store.begin(d.header, { id: 'same', label: 'two', startedAt: 2 })).rejects.toThrow(
        /already in the library/,
      );
      expect((await store.list()).map((r) => r.label)).toEqual(['one']);
    });

    it('makes up distinct ids when none is given', async () => {
      const store = await fresh();
      const a = await store.begin(d.header, { label: 'a', startedAt: 1 });
      const b = await store.begin(d.header, { label: 'b', startedAt: 1 });
      expect(a.id).not.toBe(b.id);
      expect((await store.list()).map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    });

    it('lists newest first and filters by scenario, policy, status and text', async () => {
      const store = await fresh();
      const c = sampleRun(chain, serialPolicy);
      const a = await store.begin(d.header, { id: 'a', label: 'Diamond CP', startedAt: 100 });
      await a.finish('done');
      const b = await store.begin(c.header, { id: 'b', label: 'Chain serial', startedAt: 300 });
      await b.finish('cancelled');
      const ds = sampleRun(diamond, serialPolicy);
      await store.begin(ds.header, { id: 'c', label: 'Diamond serial', startedAt: 200 });

      const ids = async (filter?: Parameters<TraceStore['list']>[0]) =>
        (await store.list(filter)).map((r) => r.id);
      expect(await ids()).toEqual(['b', 'c', 'a']);
      expect(await ids({ scenario: 'diamond' })).toEqual(['c', 'a']);
      expect(await ids({ policy: 'serial' })).toEqual(['b', 'c']);
      expect(await ids({ status: 'running' })).toEqual(['c']);
      expect(await ids({ status: ['done', 'cancelled'] })).toEqual(['b', 'a']);
      expect(await ids({ text: 'SERIAL' })).toEqual(['b', 'c']);
      expect(await ids({ text: 'chain' })).toEqual(['b']);
      // The Library's box offers status too ("Filter by scenario, policy, status…").
      expect(await ids({ text: 'cancelled' })).toEqual(['b']);
      expect(await ids({ text: 'running' })).toEqual(['c']);
      expect(await ids({ scenario: 'diamond', policy: 'serial' })).toEqual(['c']);
      expect(await ids({ text: 'nothing like it' })).toEqual([]);
    });

    it('deletes a run with all its events; an unknown id is no error', async () => {
      const store = await fresh();
      const run = await store.begin(d.header, { id: 'gone', label: 'gone', startedAt: 1 });
      appendAll(run, d.events);
      await run.finish('done');
      const kept = await store.begin(d.header, { id: 'kept', label: 'kept', startedAt: 2 });
      appendAll(kept, d.events.slice(0, 2));
      await kept.flush();

      await store.delete('gone');
      expect(await store.get('gone')).toBeUndefined();
      expect((await store.list()).map((r) => r.id)).toEqual(['kept']);
      await expect(store.delete('never-was')).resolves.toBeUndefined();
      // A new run under the old id starts empty: none of the deleted events linger.
      const again = await store.begin(d.header, { id: 'gone', label: 'again', startedAt: 3 });
      await again.flush();
      expect((await store.get('gone'))?.events).toEqual([]);
      expect((await store.get('kept'))?.events).toEqual(d.events.slice(0, 2));
    });

    it('exports a run as JSONL equal to encodeTrace, byte for byte', async () => {
      const store = await fresh();
      const run = await store.begin(d.header, { id: 'x', label: 'x', startedAt: 1 });
      appendAll(run, d.events);
      await run.finish('done');
      expect(await store.exportJsonl('x')).toBe(encodeTrace(d.header, d.events));
      await expect(store.exportJsonl('missing')).rejects.toThrow(/no run "missing"/);
      expect(await store.get('missing')).toBeUndefined();
    });

    it('imports a valid trace, which then exports unchanged', async () => {
      const store = await fresh();
      const text = encodeTrace(d.header, d.events);
      const summary = await store.importTrace(text, { id: 'imp', label: 'diamond.jsonl', startedAt: 50 });
      expect(summary).toMatchObject({
        id: 'imp',
        label: 'diamond.jsonl',
        status: 'done',
        eventCount: d.events.length,
        metrics: { criticalSteps: d.metrics.criticalSteps, reward: d.metrics.reward },
      });
      expect(await store.list()).toEqual([summary]);
      expect(await store.exportJsonl('imp')).toBe(text);
    });

    it('reads a run head first and its events page by page', async () => {
      const store = await fresh();
      await store.importTrace(encodeTrace(d.header, d.events), { id: 'paged', label: 'p', startedAt: 1 });
      const head = await store.head('paged');
      expect(head?.header).toEqual(d.header);
      expect(head?.summary).toMatchObject({ id: 'paged', eventCount: d.events.length });
      const pages: TraceEvent[][] = [];
      for (let from = 0; from < d.events.length; from += 4) pages.push(await store.events('paged', from, 4));
      expect(pages.flat()).toEqual(d.events);
      expect(pages.slice(0, -1).every((p) => p.length === 4)).toBe(true);
      expect(await store.events('paged', d.events.length, 4)).toEqual([]);
      expect(await store.head('missing')).toBeUndefined();
      expect(await store.events('missing', 0, 4)).toEqual([]);
    });

    it('imports a trace cut off before run.finished as interrupted', async () => {
      const store = await fresh();
      const summary = await store.importTrace(encodeTrace(d.header, d.events.slice(0, 6)), {
        label: 'cut',
        startedAt: 1,
      });
      expect(summary).toMatchObject({ status: 'interrupted', eventCount: 6 });
      expect(summary.metrics).toBeUndefined();
    });

    describe('refuses a bad trace and stores nothing', () => {
      const lines = encodeTrace(d.header, d.events).trimEnd().split('\n');
      const refused = async (text: string) => {
        const store = await fresh();
        const before = await store.importTrace(encodeTrace(d.header, d.events), {
          id: 'ok',
          label: 'ok',
          startedAt: 1,
        });
        const error = await store.importTrace(text, { id: 'bad', label: 'bad', startedAt: 2 }).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(TraceImportError);
        expect(await store.list()).toEqual([before]);
        expect(await store.get('bad')).toBeUndefined();
        return error as TraceImportError;
      };

      it('bad JSON on line 3, named in the problems and the message', async () => {
        const broken = [...lines];
        broken[2] = '{"seq": 1, "t": 0,';
        const error = await refused(broken.join('\n'));
        expect(error.reason).toBe('invalid');
        expect(error.problems).toEqual([{ line: 3, message: expect.stringMatching(/^not JSON/) }]);
        expect(error.message).toMatch(/line 3\b/);
      });

      it('several bad lines, all of them listed', async () => {
        const broken = [...lines];
        broken[2] = 'nope';
        broken[4] = JSON.stringify({ ...JSON.parse(broken[4] as string), type: 'task.teleported' });
        const error = await refused(broken.join('\n'));
        expect(error.problems.map((p) => p.line)).toEqual([3, 5]);
        expect(error.message).toMatch(/lines 3 and 5 \(line 3: not JSON/);
      });

      it('a line with the right envelope but the wrong fields for its type', async () => {
        const broken = [...lines];
        broken[1] = JSON.stringify({ ...JSON.parse(broken[1] as string), tasks: 7 });
        const error = await refused(broken.join('\n'));
        expect(error.problems[0]).toEqual({ line: 2, message: expect.stringMatching(/"tasks" should be/) });
      });

      it('thousands of bad lines, every one counted', async () => {
        const many = [lines[0], ...Array.from({ length: 3000 }, () => '{nope')].join('\n');
        const error = await refused(many);
        expect(error.message).toMatch(/problems on 3,000 lines, 2, 3, 4, 5, 6 and 2,995 more/);
      });

      it('a file that is not a trace', async () => {
        const error = await refused(['{"hello":"world"}', ...lines.slice(1)].join('\n'));
        expect(error.problems[0]).toEqual({
          line: 1,
          message: expect.stringMatching(/not a SwarmFlight trace/),
        });
        expect(error.message).toMatch(/line 1\b/);
      });

      it('a header without the fields the library lists runs by', async () => {
        const { policy: _, ...header } = d.header;
        const error = await refused([JSON.stringify(header), ...lines.slice(1)].join('\n'));
        expect(error.problems).toEqual([{ line: 1, message: 'the header lacks "policy"' }]);
      });

      it('a trace from a newer SwarmFlight, saying so', async () => {
        const newer = lines.join('\n').replace('"swarmflight.trace/1"', '"swarmflight.trace/2"');
        const error = await refused(newer);
        expect(error.reason).toBe('newer-schema');
        expect(error.message).toMatch(/written by a newer SwarmFlight/);
        expect(error.message).toMatch(/swarmflight\.trace\/2/);
        expect(error.message).toMatch(/line 1\b/);
        expect(error.problems[0]?.line).toBe(1);
      });
    });

    it('marks running runs that are not live as interrupted, and nothing else', async () => {
      const store = await fresh();
      await store.begin(d.header, { id: 'live', label: 'live', startedAt: 1 });
      const dead = await store.begin(d.header, { id: 'dead', label: 'dead', startedAt: 2 });
      appendAll(dead, d.events.slice(0, 3));
      await dead.flush();
      const done = await store.begin(d.header, { id: 'done', label: 'done', startedAt: 3 });
      await done.finish('done');

      expect(await store.markInterrupted((id) => id === 'live')).toEqual(['dead']);
      const status = Object.fromEntries((await store.list()).map((r) => [r.id, r.status]));
      expect(status).toEqual({ live: 'running', dead: 'interrupted', done: 'done' });
      expect((await store.get('dead'))?.events).toEqual(d.events.slice(0, 3));
      expect(await store.markInterrupted(() => false)).toEqual(['live']);
    });

    it('reports its usage', async () => {
      const store = await fresh();
      const usage = await store.usage();
      for (const value of [usage.bytes, usage.quota]) {
        if (value !== undefined) expect(value).toBeGreaterThanOrEqual(0);
      }
    });

    it('keeps everything over a reload: what was flushed of a live run, finished runs', async () => {
      const { store, reopen } = await makeStore();
      const done = await store.begin(d.header, { id: 'done', label: 'done', startedAt: 1 });
      appendAll(done, d.events);
      await done.finish('done', { finishedAt: 9 });
      const live = await store.begin(d.header, { id: 'live', label: 'live', startedAt: 2 });
      appendAll(live, d.events.slice(0, 4));
      await live.flush();
      appendAll(live, d.events.slice(4, 6)); // not flushed: lost with the page

      const again = await reopen();
      expect((await again.get('done'))?.events).toEqual(d.events);
      expect(await again.exportJsonl('done')).toBe(encodeTrace(d.header, d.events));
      const live2 = await again.get('live');
      expect(live2?.events).toEqual(d.events.slice(0, 4));
      expect(live2?.summary).toMatchObject({ status: 'running', eventCount: 4 });
      expect(await again.markInterrupted(() => false)).toEqual(['live']);
      expect((await again.list()).map((r) => [r.id, r.status])).toEqual([
        ['live', 'interrupted'],
        ['done', 'done'],
      ]);
    });

    describe('when the disk is full', () => {
      // The small run fits in the quota with room to spare; the wide trace is many times larger
      // than it.
      const quotaBytes = 60_000;
      const w = sampleRun(wide);
      const wideText = encodeTrace(w.header, w.events);

      const filled = async () => {
        expect(wideText.length).toBeGreaterThan(3 * quotaBytes);
        expect(encodeTrace(d.header, d.events).length).toBeLessThan(quotaBytes / 4);
        const { store } = await makeStore({ quotaBytes });
        const run = await store.begin(d.header, { id: 'small', label: 'small', startedAt: 1 });
        appendAll(run, d.events);
        await run.finish('done');
        const before = await store.list();
        const intact = async () => {
          expect(await store.list()).toEqual(expect.arrayContaining(before));
          expect(await store.exportJsonl('small')).toBe(encodeTrace(d.header, d.events));
        };
        return { store, before, intact };
      };

      it('refuses an import with StoreQuotaError and keeps what was there', async () => {
        const { store, before, intact } = await filled();
        isQuotaError(
          await store.importTrace(wideText, { id: 'wide', label: 'wide', startedAt: 2 }).catch((e) => e),
        );
        expect(await store.list()).toEqual(before);
        expect(await store.get('wide')).toBeUndefined();
        await intact();
      });

      it('fails a flush with StoreQuotaError, storing none of the batch', async () => {
        const { store, intact } = await filled();
        const run = await store.begin(w.header, { id: 'big', label: 'big', startedAt: 2 });
        appendAll(run, w.events);
        isQuotaError(await run.flush().catch((e) => e));
        expect((await store.get('big'))?.events).toEqual([]);
        expect((await store.list()).find((r) => r.id === 'big')).toMatchObject({
          status: 'running',
          eventCount: 0,
        });
        // finish cannot flush either: the run stays running, for markInterrupted to find later.
        isQuotaError(await run.finish('done').catch((e) => e));
        expect((await store.list()).find((r) => r.id === 'big')?.status).toBe('running');
        await intact();
      });
    });
  });
}
