import { type SlotPool, threadPool } from '../../src/adapters/common/thread-pool';
import { policyByName } from '../../src/core/policy/registry';
import { prepareRun } from '../../src/core/run/prepare';
import { runPrepared } from '../../src/core/run/run';
import { subagentExecutor } from '../../src/core/run/subagent';
import type { AsyncExecutor } from '../../src/core/runtime/ports';
import { loadPlayers, simulatedProviderFor } from '../../src/core/scenarios/players';
import { loadProfiles, loadSpec } from './scenarios';

/**
 * A task run under the heuristic whose worker is killed while it runs the third attempt, as the
 * Run view's "Kill a worker" does (the pool's `kill`). The simulated model answers at once, so the
 * third attempt waits for the kill, as a slow model's would.
 */
export async function killedRun(id: 'wide-search' | 'deep-search', seed: number) {
  // Loaded first, so the simulated model answers at once from the first reply: the kill lands on
  // the third attempt, not on one still waiting for the players to load.
  await loadPlayers();
  const profiles = loadProfiles();
  const provider = simulatedProviderFor(profiles);
  const run = prepareRun({
    scenario: { type: 'task', spec: loadSpec(id, id) },
    seed,
    plan: 'swarm',
    profiles,
  });
  if (run.type !== 'task') throw new Error('not a task run');
  const inner = subagentExecutor(run, provider, {});
  let calls = 0;
  let pool: SlotPool | undefined;
  const killing: AsyncExecutor = {
    run(request, signal) {
      if (++calls !== 3) return inner.run(request, signal);
      setTimeout(() => pool?.kill(), 0);
      return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
    },
  };
  pool = threadPool(killing, { capacity: run.config.budgets.maxConcurrentSubagents }) as SlotPool;
  const result = await runPrepared(run, {
    policy: policyByName('heuristic'),
    provider,
    clock: { now: () => performance.now() },
    executor: pool,
    keepEvents: true,
  });
  return { run, result };
}
