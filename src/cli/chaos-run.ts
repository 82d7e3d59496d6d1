/**
 * One run of `swarm chaos`: a task scenario's seed under the heuristic (or another policy) with
 * faults injected and the self-healing loop watching. Apart from the command so that a sweep's
 * worker (scale-out/chaos-sweep-spec.ts) makes the very run the command makes.
 */

import { threadPool } from '../adapters/common/thread-pool';
import { timeoutScheduler } from '../adapters/common/timeout-scheduler';
import { nodeSandbox } from '../adapters/node/node-sandbox';
import { type ChaosRunReport, chaosRun } from '../core/experiments/chaos';
import { composeRun } from '../core/request/compose-run';
import { simulatedProviderFor } from '../core/scenarios/players';
import type { TaskScenarioSpec } from '../core/scenarios/registry';
import type { ProfileSpec } from '../core/scenarios/spec-types';
import type { FaultKind } from '../core/trace/events';

/** What a `slow` fault adds to each model turn (healing/chaos.ts). */
export const SLOW_FAULT_MS = 600;

export interface ChaosSettings {
  readonly spec: TaskScenarioSpec;
  readonly profiles: Readonly<Record<string, ProfileSpec>>;
  readonly policy: string;
  readonly faults: readonly FaultKind[];
  readonly healing: 'on' | 'detect';
  readonly unresponsiveMs: number;
  readonly hangMs: number;
}

/**
 * Runs seed `seed`; `baselineFor` gives the critical steps a healthy run of an instance of that
 * size took before (the knowledge file), when there is one.
 */
export async function chaosSeed(
  settings: ChaosSettings,
  seed: number,
  baselineFor: (size: number) => number | undefined = () => undefined,
): Promise<{ readonly report: ChaosRunReport; readonly size: number }> {
  // Each run a run request, composed as every other way into a run composes one
  // (core/request/compose-run.ts): its faults and its healing mode are the request's, the timings
  // the chaos harness's own.
  const composed = await composeRun(
    {
      scenario: settings.spec.id,
      seed,
      policy: settings.policy,
      healing: settings.healing,
      chaos: settings.faults,
    },
    { type: 'task', spec: settings.spec },
    {
      profiles: settings.profiles,
      providerKinds: [],
      simulated: (profiles) => simulatedProviderFor(profiles),
      sandbox: true,
      knowledgeBase: false,
      healingTimings: (run) => {
        const baseline = baselineFor(run.instance.size);
        return {
          unresponsiveMs: settings.unresponsiveMs,
          // Turns are judged by the simulated model's own time, never this host's clock: a cold
          // worker through Redis judges every seed as the local command does (docs/healing.md).
          timing: 'model',
          // The simulator answers at once here (no pace): no model time a token.
          expectedMsPerToken: 0,
          ...(baseline !== undefined ? { baseline } : {}),
        };
      },
    },
  );
  const { prepared: run, healing } = composed;
  if (run.type !== 'task' || !healing) throw new Error('--scenario: not a task run');
  const report = await chaosRun(run, {
    faults: healing.faults ?? [],
    healing: healing.mode,
    seed,
    policy: composed.policy,
    provider: simulatedProviderFor(settings.profiles),
    clock: { now: () => performance.now() },
    scheduler: timeoutScheduler,
    ...(healing.unresponsiveMs !== undefined ? { unresponsiveMs: healing.unresponsiveMs } : {}),
    slowMs: SLOW_FAULT_MS,
    ...(healing.timing ? { timing: healing.timing } : {}),
    ...(healing.expectedMsPerToken !== undefined ? { expectedMsPerToken: healing.expectedMsPerToken } : {}),
    ports: { sandbox: nodeSandbox },
    pool: (inner, capacity) => threadPool(inner, { capacity, hangMs: settings.hangMs }),
    ...(healing.baseline !== undefined ? { baseline: healing.baseline } : {}),
  });
  return { report, size: run.instance.size };
}
