import { describe, expect, it } from 'vitest';
import { threadPool } from '../../../src/adapters/common/thread-pool';
import { timeoutScheduler } from '../../../src/adapters/common/timeout-scheduler';
import { nodeSandbox } from '../../../src/adapters/node/node-sandbox';
import { chaosHooks, faultPlan } from '../../../src/core/healing/chaos';
import { composeHooks } from '../../../src/core/healing/hooks';
import { healingHooks } from '../../../src/core/healing/monitor';
import { policyByName } from '../../../src/core/policy/registry';
import { type PreparedTaskRun, prepareRun } from '../../../src/core/run/prepare';
import { runPrepared } from '../../../src/core/run/run';
import { subagentExecutor } from '../../../src/core/run/subagent';
import { simulatedProviderFor } from '../../../src/core/scenarios/players';
import type { FaultKind, TraceEvent } from '../../../src/core/trace/events';
import { RealizedFold } from '../../../src/core/trace/realized-path';
import { killedRun } from '../../support/killed-run';
import { loadProfiles, loadSpec } from '../../support/scenarios';

/**
 * The realized critical path through what the random graph runs of realized-path.property.test.ts
 * do not have: a worker killed mid-attempt (the Run view's "Kill a worker", the pool's `kill`)
 * and chaos faults healed by quarantine and replacement, in real task-scenario runs over seeds.
 * The path stays one chain from 0 to the run's critical steps, and the killed or faulty attempts
 * are folded as failed attempts.
 */

const profiles = loadProfiles();
const provider = simulatedProviderFor(profiles);
const clock = { now: () => performance.now() };

function prepared(id: 'wide-search' | 'deep-search', seed: number): PreparedTaskRun {
  const run = prepareRun({
    scenario: { type: 'task', spec: loadSpec(id, id) },
    seed,
    plan: 'swarm',
    profiles,
  });
  if (run.type !== 'task') throw new Error('not a task run');
  return run;
}

function expectChainTo(events: readonly TraceEvent[], mainStepCost: number): RealizedFold {
  const fold = new RealizedFold(mainStepCost);
  for (const e of events) fold.push(e);
  const path = fold.path();
  const finished = events.find((e) => e.type === 'run.finished');
  const critical =
    finished?.type === 'run.finished' ? (finished.metrics.criticalSteps as number) : Number.NaN;
  expect(path.length).toBe(critical);
  expect(path.nodes[0]?.start).toBe(0);
  expect(path.nodes.at(-1)?.end).toBe(critical);
  for (let k = 1; k < path.nodes.length; k++) expect(path.nodes[k]?.start).toBe(path.nodes[k - 1]?.end);
  expect(path.nodes.filter((n) => n.kind === 'wait')).toEqual([]);
  return fold;
}

describe('the realized path through kills and chaos faults', () => {
  it('is one chain from 0 to the critical steps after a worker is killed mid-attempt', async () => {
    for (const id of ['wide-search', 'deep-search'] as const) {
      for (const seed of [1, 2, 3, 4]) {
        const { run, result } = await killedRun(id, seed);
        const killed = result.events.filter(
          (e) => e.type === 'task.failed' && /killed on request/.test(e.error),
        );
        expect(killed.length, `${id} seed ${seed}`).toBe(1);
        const fold = expectChainTo(result.events, run.config.mainStepCost);
        const [kill] = killed;
        // The killed attempt is folded as a failed attempt of its task, and its task was done again.
        expect(
          fold.attempts.some(
            (a) =>
              kill?.type === 'task.failed' &&
              a.task === kill.task &&
              a.attempt === kill.attempt &&
              a.outcome === 'failed',
          ),
        ).toBe(true);
        expect(
          fold.attempts.some(
            (a) => kill?.type === 'task.failed' && a.task === kill.task && a.outcome === 'finished',
          ),
        ).toBe(true);
      }
    }
  }, 60_000);

  it('is one chain from 0 to the critical steps when faulty agents are quarantined and replaced', async () => {
    const faults: FaultKind[] = ['loop', 'crash', 'malformed', 'inject'];
    for (const id of ['wide-search', 'deep-search'] as const) {
      for (const seed of [1, 2, 3, 4]) {
        const run = prepared(id, seed);
        const plan = faultPlan(
          seed,
          run.plan.tasks.map((t) => t.id),
          faults,
        );
        const hooks = composeHooks(
          chaosHooks(plan, { scheduler: timeoutScheduler }),
          healingHooks({ mode: 'heal', clock, scheduler: timeoutScheduler, expectedMsPerToken: 0.05 }),
        );
        const inner = subagentExecutor(run, provider, { sandbox: nodeSandbox }, undefined, hooks);
        const executor = threadPool(inner, {
          capacity: run.config.budgets.maxConcurrentSubagents,
          hangMs: 2000,
        });
        const result = await runPrepared(run, {
          policy: policyByName('heuristic'),
          provider,
          clock,
          executor,
        });
        expect(result.events.some((e) => e.type === 'chaos.fault')).toBe(true);
        expectChainTo(result.events, run.config.mainStepCost);
      }
    }
  }, 60_000);
});
