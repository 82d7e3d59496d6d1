import { describe, expect, it } from 'vitest';
import { threadPool } from '../../../src/adapters/common/thread-pool';
import { timeoutScheduler } from '../../../src/adapters/common/timeout-scheduler';
import { nodeSandbox } from '../../../src/adapters/node/node-sandbox';
import { chaosRun } from '../../../src/core/experiments/chaos';
import { policyByName } from '../../../src/core/policy/registry';
import { prepareRun } from '../../../src/core/run/prepare';
import { simulatedProviderFor } from '../../../src/core/scenarios/players';
import type { TaskScenarioSpec } from '../../../src/core/scenarios/registry';
import type { FaultKind } from '../../../src/core/trace/events';
import { loadProfiles, loadSpec } from '../../support/scenarios';

/**
 * A chaos run against its clean run (issue 44: "chaos runs scoring higher than the clean run").
 * Each attempt draws afresh, so the fresh agent that redid a faulty agent's task rolled the dice a
 * second time and could grade better than the fault-free run. Now it redoes that work with the
 * draws the fault-free run gave it: with healing on, the faults cost steps, not grades.
 */

const profiles = loadProfiles();
// The faults that take no wall time (hang and slow wait for timers), one task each.
const faults: FaultKind[] = ['loop', 'crash', 'malformed', 'inject'];

async function run(spec: TaskScenarioSpec, seed: number, put: readonly FaultKind[]) {
  const prepared = prepareRun({ scenario: { type: 'task', spec }, seed, plan: 'swarm', profiles });
  if (prepared.type !== 'task') throw new Error('not a task run');
  return chaosRun(prepared, {
    faults: put,
    healing: 'heal',
    seed,
    policy: policyByName('heuristic'),
    provider: simulatedProviderFor(profiles),
    clock: { now: () => performance.now() },
    scheduler: timeoutScheduler,
    // The simulated model's own time, as `swarm chaos` and the page time a simulated run
    // (src/cli/chaos-run.ts): with wall timing a turn slowed by a loaded machine (load 30 here)
    // was flagged slow now and then, and its replacement changed the grade (a flake).
    timing: 'model',
    ports: { sandbox: nodeSandbox },
    pool: (inner, capacity) => threadPool(inner, { capacity, hangMs: 20_000 }),
  });
}

describe('a healed chaos run against the same seed without faults', () => {
  for (const [id, kind] of [
    ['wide-search', 'wide-search'],
    ['mixed-coding', 'mixed-coding'],
  ] as const) {
    it(`${id}: grades the same, seed by seed, and pays for the faults in steps`, async () => {
      const spec = loadSpec(id, kind);
      for (const seed of [1, 2, 3]) {
        const chaos = await run(spec, seed, faults);
        const clean = await run(spec, seed, []);
        expect(chaos.faultsInjected, `seed ${seed}`).toBeGreaterThan(0);
        expect(chaos.tasksLost).toBe(0);
        expect(chaos.quality, `${id} seed ${seed}`).toBe(clean.quality);
        expect(chaos.criticalSteps).toBeGreaterThan(clean.criticalSteps);
      }
    }, 60_000);
  }
});
