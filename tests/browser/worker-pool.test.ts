import { afterEach, describe, expect, it } from 'vitest';
import {
  type SubagentWorker,
  type WorkerPool,
  workerPool,
  workerShelf,
} from '../../src/adapters/browser/worker-pool';
import type { KilledAttempt } from '../../src/adapters/common/thread-pool';
import { heuristicPolicy } from '../../src/core/policy/heuristic';
import { runScenario } from '../../src/core/run/run';
import type { SubagentSetup } from '../../src/core/run/subagent-setup';
import type { AttemptRequest } from '../../src/core/runtime/ports';
import { simulatedProviderFor } from '../../src/core/scenarios/players';
import { scenarioKinds } from '../../src/core/scenarios/registry';
import { poolContract, requestsFor, wideSearchSetup } from '../support/pool-contract';
import { faults } from '../support/test-subagent';

/** A worker on tests/browser/test-subagent.worker.ts: faults on cue, turns behind the named gate. */
function testWorker(gate?: string): SubagentWorker {
  return new Worker(new URL('./test-subagent.worker.ts', import.meta.url), {
    type: 'module',
    name: gate ?? '',
  });
}

const unpaced = { kind: 'simulated', paceMs: 0 } as const;

// Real module Workers in real Chromium; without a gate or a fault, the production worker file.
poolContract('Web Workers', {
  make: (setup, capacity, gate) =>
    workerPool({ setup, provider: unpaced, capacity, ...(gate ? { spawn: () => testWorker(gate) } : {}) }),
  makeCrashing: (setup, capacity) =>
    workerPool({ setup, provider: unpaced, capacity, spawn: () => testWorker() }),
});

describe('workerPool', { timeout: 30_000 }, () => {
  const open: WorkerPool[] = [];
  const track = (pool: WorkerPool) => {
    open.push(pool);
    return pool;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((p) => p.close()));
  });
  const setup = wideSearchSetup();
  const [first, second] = requestsFor(setup) as [AttemptRequest, AttemptRequest];

  it('survives a worker killed mid-run: the task is retried and every task is done', async () => {
    const run: SubagentSetup = wideSearchSetup(30, 9);
    const pool = track(workerPool({ setup: run, provider: { kind: 'simulated', paceMs: 30 }, capacity: 3 }));
    await pool.warm();
    const kind = scenarioKinds[run.scenario.kind];
    let killed: KilledAttempt | undefined;
    const result = await runScenario({
      kind,
      spec: run.scenario,
      instance: kind.generate(run.scenario as never, run.seed, run.size),
      policy: heuristicPolicy,
      profiles: run.profiles,
      provider: simulatedProviderFor(run.profiles),
      executor: pool,
      onEvent: (e) => {
        // A few paced turns into the run, every worker is busy with an attempt.
        if (!killed && e.type === 'task.started' && e.task === 'rows-3') {
          setTimeout(() => {
            killed = pool.kill();
          }, 100);
        }
      },
    });
    // It says which attempt it ended: the one the run then reports failed and retries.
    expect(killed).toMatchObject({ attempt: 1, subagent: expect.stringMatching(/^sa-/) });
    const failed = result.events.filter((e) => e.type === 'task.failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ error: expect.stringMatching(/^worker crashed: killed on request/) });
    expect(failed[0]).toMatchObject({ task: killed?.taskId });
    expect(result.events.some((e) => e.type === 'task.retried')).toBe(true);
    const done = new Set(result.events.flatMap((e) => (e.type === 'task.finished' ? [e.task] : [])));
    expect(done).toEqual(new Set(result.plan.tasks.map((t) => t.id)));
    expect(result.reason).toBe('completed');
    expect(pool.stats()).toMatchObject({ crashes: 1, started: 4, alive: 3, busy: 0 });
  });

  it('terminates a worker that never answers, and replaces it', async () => {
    const pool = track(
      workerPool({ setup, provider: unpaced, capacity: 1, hangMs: 300, spawn: () => testWorker() }),
    );
    await pool.warm();
    const hung = await pool.run({ ...first, taskId: faults.hang });
    expect(hung).toMatchObject({ ok: false, retryable: true, error: 'worker hung: no reply within 300 ms' });
    expect(pool.stats()).toMatchObject({ hangs: 1, started: 2, alive: 1 });
    expect(await pool.run(second)).toMatchObject({ ok: true });
  });

  it('counts a call that rejects as a crash, with the worker’s message', async () => {
    const pool = track(workerPool({ setup, provider: unpaced, capacity: 1, spawn: () => testWorker() }));
    expect(await pool.run({ ...first, taskId: faults.reject })).toMatchObject({
      ok: false,
      retryable: true,
      error: 'worker crashed: the subagent refused',
    });
    expect(await pool.run(second)).toMatchObject({ ok: true });
  });

  it('reports a worker that fails to load when it is warmed, and on the attempt', async () => {
    const url = URL.createObjectURL(
      new Blob(['throw new Error("no such module")'], { type: 'text/javascript' }),
    );
    try {
      const pool = track(
        workerPool({
          setup,
          provider: unpaced,
          capacity: 1,
          spawn: () => new Worker(url, { type: 'module' }),
        }),
      );
      await expect(pool.warm()).rejects.toThrow(
        /^a subagent did not start \(worker crashed: .*no such module/,
      );
      expect(await pool.run(first)).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^worker crashed: /),
      });
      expect(pool.stats()).toMatchObject({ crashes: 2, alive: 0 });
    } finally {
      URL.revokeObjectURL(url);
    }
  });

  it('pre-warms, reuses idle workers, kills only a busy one, and times each start', async () => {
    const pool = track(workerPool({ setup, provider: unpaced, capacity: 2, prewarm: 2 }));
    expect(pool.kill()).toBeUndefined();
    await pool.warm();
    expect(pool.startupTimes()).toHaveLength(2);
    expect(pool.startupTimes().every((ms) => ms > 0 && Number.isFinite(ms))).toBe(true);
    for (let i = 0; i < 3; i++) await pool.run(first);
    expect(pool.stats()).toMatchObject({ started: 2, alive: 2, completed: 3 });
    expect(pool.kill()).toBeUndefined();
  });
});

describe('workers kept between runs (workerShelf)', { timeout: 30_000 }, () => {
  const setup = wideSearchSetup();
  const [first, second] = requestsFor(setup) as [AttemptRequest, AttemptRequest];
  const counted = () => {
    const made: SubagentWorker[] = [];
    return {
      made,
      spawn: () => {
        const worker = testWorker();
        made.push(worker);
        return worker;
      },
    };
  };

  it("hands the next run's pool the idle workers of the last, and they answer as fresh ones do", async () => {
    const shelf = workerShelf();
    const { made, spawn } = counted();
    const earlier = wideSearchSetup(30, 9);
    const a = workerPool({ setup: earlier, provider: unpaced, capacity: 3, spawn, shelf });
    await a.warm();
    await Promise.all(
      requestsFor(earlier)
        .slice(0, 3)
        .map((r) => a.run(r)),
    );
    await a.close();
    expect([made.length, shelf.size()]).toEqual([3, 3]);
    // Another run's setup, on the kept workers: none is made, and every attempt is a fresh worker's.
    const b = workerPool({ setup, provider: unpaced, capacity: 3, spawn, shelf });
    await b.warm();
    expect([made.length, shelf.size()]).toEqual([3, 0]);
    const fresh = workerPool({ setup, provider: unpaced, capacity: 1, spawn: () => testWorker() });
    for (const request of [first, second]) {
      expect(JSON.stringify(await b.run(request))).toBe(JSON.stringify(await fresh.run(request)));
    }
    await Promise.all([b.close(), fresh.close()]);
    shelf.clear();
    expect(shelf.size()).toBe(0);
  });

  it('keeps no worker that crashed, hung or was busy when its pool closed, and none past its time', async () => {
    const shelf = workerShelf({ keepMs: 200 });
    const { spawn } = counted();
    const pool = workerPool({ setup, provider: unpaced, capacity: 3, hangMs: 300, spawn, shelf });
    await pool.warm(3);
    expect(await pool.run({ ...first, taskId: faults.reject })).toMatchObject({ ok: false });
    expect(await pool.run({ ...first, taskId: faults.hang })).toMatchObject({
      error: expect.stringMatching(/hung/),
    });
    // One still running when the run ends (the user pressed Stop).
    const busy = pool.run({ ...second, taskId: faults.hang });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await pool.close();
    expect(await busy).toMatchObject({ ok: false, error: expect.stringMatching(/closed/) });
    // Three started; the crashed and the hung were replaced, each replacement idle and kept; the busy one is not.
    expect(pool.stats()).toMatchObject({ crashes: 1, hangs: 1 });
    expect(shelf.size()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(shelf.size()).toBe(0);
  });

  it('holds at most its number of workers', async () => {
    const shelf = workerShelf({ max: 2 });
    const pool = workerPool({ setup, provider: unpaced, capacity: 4, spawn: counted().spawn, shelf });
    await pool.warm(4);
    await pool.close();
    expect(shelf.size()).toBe(2);
    shelf.clear();
  });
});
