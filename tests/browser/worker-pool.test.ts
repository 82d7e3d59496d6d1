import { afterEach, describe, expect, it } from 'vitest';
import { type SubagentWorker, type WorkerPool, workerPool } from '../../src/adapters/browser/worker-pool';
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
