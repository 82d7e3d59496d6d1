/**
 * One run of the bench: one policy on one seed's instance. The local loop (run-bench.ts) lends a
 * seed's instance to every policy; a sweep across machines (src/cli/scale-out) runs each policy ×
 * seed as its own job and makes the instance again from the seed, which gives the same instance:
 * generation is seeded and a run does not change the instance it is lent.
 */

import { componentSpec, drawBenchTask, specOf } from '../learning/mix';
import type { Policy } from '../policy/types';
import { composeRun } from '../request/compose-run';
import type { RunRequest } from '../request/run-request';
import { modelWallOf, runPrepared } from '../run/run';
import type { SimulateResult } from '../runtime/run-options';
import type { TaskScenarioSpec } from '../scenarios/registry';
import { scenarioKinds } from '../scenarios/registry';
import type { ScenarioInstance } from '../scenarios/types';
import type { BenchMetrics, BenchOptions, BenchRunRecord } from './bench-types';

/** A seed's instance: its scenario (a mix's component, under the mix's budget) and the instance. */
export interface BenchInstance {
  readonly spec?: TaskScenarioSpec;
  readonly instance?: ScenarioInstance;
}

/** The instance seed `seed` draws: none for a graph scenario, whose graph is the instance. */
export function benchInstance(options: Pick<BenchOptions, 'scenario' | 'size'>, seed: number): BenchInstance {
  const { scenario } = options;
  let spec: TaskScenarioSpec | undefined;
  let instanceSize: number | undefined;
  if (scenario.type === 'task') {
    spec = scenario.spec;
    instanceSize = options.size ?? spec.size.default;
  } else if (scenario.type === 'mix') {
    const draw = drawBenchTask(scenario.mix, seed);
    spec = componentSpec(specOf(scenario.specs, draw.component.scenario), draw.component);
    instanceSize = draw.size;
  }
  const instance =
    spec && instanceSize !== undefined
      ? scenarioKinds[spec.kind].generate(spec as never, seed, instanceSize)
      : undefined;
  return { ...(spec ? { spec } : {}), ...(instance ? { instance } : {}) };
}

/** Runs `policy` on seed `seed`'s instance: the record the report folds, and the run (for its trace). */
export async function runBenchOne(
  options: BenchOptions,
  policy: Policy,
  seed: number,
  { spec, instance }: BenchInstance,
): Promise<{ record: BenchRunRecord; result: SimulateResult }> {
  const { scenario } = options;
  // Each run is a run request, as the page's, the API's and `swarm run`'s are.
  const graph = scenario.type === 'graph' ? scenario.graph : undefined;
  const request: RunRequest = {
    scenario: spec ? spec.id : (graph as NonNullable<typeof graph>).id,
    seed,
    policy: policy.name,
    ...(options.context ? { context: options.context } : {}),
    ...(options.profile ? { profile: options.profile } : {}),
    ...(options.preference ? { preference: options.preference } : {}),
    ...(scenario.type === 'graph' && scenario.workers ? { budgets: { subagents: scenario.workers } } : {}),
  };
  // Composed as every other way into a run composes one (request/compose-run.ts), with the
  // bench's policy, resolved once for all its seeds, on the seed's instance; the healing loop is
  // the bench's hooks (its host's), so the request asks for none.
  const { prepared: run } = await composeRun(
    { ...request, healing: 'off' },
    spec && instance
      ? { type: 'task', spec }
      : {
          type: 'graph',
          id: (graph as NonNullable<typeof graph>).id,
          graph: () => graph as NonNullable<typeof graph>,
        },
    {
      profiles: options.profiles,
      providerKinds: [],
      // The bench's policy is given (`policy`): none is resolved, no model is asked for.
      simulated: () => options.provider,
      sandbox: Boolean(options.ports?.sandbox),
      knowledgeBase: Boolean(options.ports?.knowledge),
      healingTimings: () => ({}),
      policy,
      ...(instance ? { instance } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    },
  );
  const hooks = run.type === 'task' ? options.hooks?.(run) : undefined;
  const result = await runPrepared(run, {
    policy,
    provider: options.provider,
    ...(hooks ? { hooks } : {}),
    ...(options.ports ? { ports: options.ports } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(run.type === 'task' && options.signal ? { signal: options.signal } : {}),
  });
  // The latency model's wall clock along the realized critical path, next to the measured one.
  const metrics: BenchMetrics = { ...result.metrics, modelWallMs: modelWallOf(run, result.events) };
  const record: BenchRunRecord = {
    policy: policy.name,
    seed,
    metrics,
    ...(scenario.type === 'mix' && spec ? { component: spec.id } : {}),
    ...(scenario.type === 'task' && instance ? { size: instance.size } : {}),
  };
  return { record, result };
}
