/**
 * Subagent pool latency in real Chromium, from one sitting (`npm run bench:browser`): how long a
 * worker takes to start, what a dispatch to a warm worker costs, and what a whole wide-search run
 * costs through the worker pool against the in-thread pool. The seed's target: a warm pool starts
 * subagents in under 100 ms. Prints a table; asserts only that every figure is a number.
 */
import * as Comlink from 'comlink';
import { expect, it } from 'vitest';
import { workerPool } from '../../src/adapters/browser/worker-pool';
import { threadPool } from '../../src/adapters/common/thread-pool';
import type { SubagentApi } from '../../src/adapters/wire/subagent-protocol';
import { policyByName } from '../../src/core/policy/registry';
import { runScenario } from '../../src/core/run/run';
import { executorFromSetup } from '../../src/core/run/subagent-setup';
import type { SubagentPool } from '../../src/core/runtime/pool';
import type { AttemptRequest } from '../../src/core/runtime/ports';
import { simulatedProviderFor } from '../../src/core/scenarios/players';
import { scenarioKinds } from '../../src/core/scenarios/registry';
import { requestsFor, wideSearchSetup } from '../../tests/support/pool-contract';

const provider = { kind: 'simulated', paceMs: 0 } as const;
const CAPACITY = 4;
const SPAWNS = 15;
const DISPATCHES = 60;
const RUNS = 7;

/** Nearest-rank percentile. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

async function timed(f: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
}

it('measures spawn, dispatch and whole-run latency of the subagent pools', { timeout: 300_000 }, async () => {
  const setup = wideSearchSetup(60, 1);
  // maxSteps 0: the agent loop stops before its first turn, so the attempt is the round trip alone.
  const trivial: AttemptRequest = { ...(requestsFor(setup)[0] as AttemptRequest), maxSteps: 0 };
  const rows: [string, number[]][] = [];

  // Cold spawn: new Worker, module load, init(setup) rebuilding the instance, until ready. The
  // first spawn of the sitting (Vite transforming the worker's modules) is left out.
  await (async () => {
    const pool = workerPool({ setup, provider, capacity: 1 });
    await pool.warm();
    await pool.close();
  })();
  const spawns: number[] = [];
  for (let i = 0; i < SPAWNS; i++) {
    const pool = workerPool({ setup, provider, capacity: 1 });
    spawns.push(await timed(() => pool.warm()));
    await pool.close();
  }
  rows.push(['cold spawn: 1 worker until ready', spawns]);

  // The same start-up in two parts: loading the worker's modules (in this dev-server sitting,
  // dozens of unbundled modules per worker) and init rebuilding the subagent from the setup.
  const loads: number[] = [];
  const inits: number[] = [];
  for (let i = 0; i < SPAWNS; i++) {
    const worker = new Worker(new URL('../../workers/subagent.worker.ts', import.meta.url), {
      type: 'module',
    });
    const remote = Comlink.wrap<SubagentApi>(worker);
    loads.push(await timed(() => remote.abort()));
    inits.push(await timed(() => remote.init(setup, provider)));
    worker.terminate();
  }
  rows.push(['  of which: module load, until the first reply', loads]);
  rows.push(['  of which: init(setup) on a loaded worker', inits]);

  const pools: number[] = [];
  for (let i = 0; i < 5; i++) {
    const pool = workerPool({ setup, provider, capacity: CAPACITY });
    pools.push(await timed(() => pool.warm()));
    await pool.close();
  }
  rows.push([`cold pool: ${CAPACITY} workers at once until ready`, pools]);

  const dispatch = async (pool: SubagentPool) => {
    await pool.warm();
    const times: number[] = [];
    for (let i = 0; i < DISPATCHES; i++) times.push(await timed(() => pool.run(trivial)));
    await pool.close();
    return times;
  };
  const inThread = await executorFromSetup(setup, simulatedProviderFor(setup.profiles));
  rows.push([
    'warm dispatch: worker pool, trivial attempt',
    await dispatch(workerPool({ setup, provider, capacity: 1 })),
  ]);
  rows.push([
    'warm dispatch: thread pool, trivial attempt',
    await dispatch(threadPool(inThread, { capacity: 1 })),
  ]);

  const kind = scenarioKinds[setup.scenario.kind];
  const wholeRun = (executor: SubagentPool) =>
    runScenario({
      kind,
      spec: setup.scenario,
      instance: kind.generate(setup.scenario as never, setup.seed, setup.size),
      policy: policyByName('heuristic'),
      profiles: setup.profiles,
      provider: simulatedProviderFor(setup.profiles),
      executor,
      keepEvents: false,
    });
  const runs = async (make: () => SubagentPool) => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const pool = make();
      await pool.warm();
      times.push(await timed(() => wholeRun(pool)));
      await pool.close();
    }
    return times;
  };
  rows.push([
    `wide-search 60, seed 1, heuristic: thread pool (${CAPACITY})`,
    await runs(() => threadPool(inThread, { capacity: CAPACITY })),
  ]);
  rows.push([
    `wide-search 60, seed 1, heuristic: warm worker pool (${CAPACITY})`,
    await runs(() => workerPool({ setup, provider, capacity: CAPACITY })),
  ]);

  const width = Math.max(...rows.map(([name]) => name.length));
  const lines = [
    `${'pool latency, ms (Chromium, this machine)'.padEnd(width)}  median      p90    n`,
    ...rows.map(
      ([name, times]) =>
        `${name.padEnd(width)}  ${percentile(times, 50).toFixed(2).padStart(7)}  ${percentile(times, 90)
          .toFixed(2)
          .padStart(7)}  ${String(times.length).padStart(3)}`,
    ),
  ];
  console.log(lines.join('\n'));
  for (const [, times] of rows) {
    expect(times.every(Number.isFinite)).toBe(true);
    expect(Number.isFinite(percentile(times, 90))).toBe(true);
  }
});
